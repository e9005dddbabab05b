// @vitest-environment node
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../utils/api/client';
import { describeDiagnosis } from '../../../utils/describe-error';
import { diagnoseFailure, insecureHttp } from '../../../utils/doctor/diagnosis';
import { DEMO_API_KEY } from '../../reference-service/server';
import { expectAppError } from '../api/helpers';
import { referenceServiceForFile } from '../support/reference-service';

const service = referenceServiceForFile();

/** Test connection's request over real HTTP, diagnosed and worded as the options page shows it. */
async function sentenceFor(baseUrl: string, apiKey = DEMO_API_KEY): Promise<string> {
  const info = await expectAppError(createServiceClient({ baseUrl, apiKey, timeoutMs: 5_000 }).getBalance());
  const sentence = describeDiagnosis(diagnoseFailure(baseUrl, info));
  expect(sentence).not.toContain(apiKey);
  return sentence;
}

/** A loopback port nothing listens on: bound once, then released. */
async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('Test connection diagnosis', () => {
  it('plain http to another computer is refused before anything is sent, loopback is not', () => {
    const found = insecureHttp('http://api.example.com/prefix');
    expect(found && describeDiagnosis(found)).toBe(
      'http://api.example.com/prefix uses plain http:// to another computer, so the API key would travel unencrypted. Use the service’s https:// address.',
    );
    expect(insecureHttp('http://127.0.0.1:9999')).toBeUndefined();
    expect(insecureHttp('https://api.example.com')).toBeUndefined();
  });

  it('a refused connection names the address tried', async () => {
    const base = `http://127.0.0.1:${await unusedPort()}`;
    expect(await sentenceFor(base)).toBe(
      `The connection to ${base}/v1/tokens/balance was refused: nothing is listening there. Check the port and that the service is running.`,
    );
  });

  it('a name that does not exist is unreachable, not refused', () => {
    const info = {
      kind: 'network',
      message: 'x',
      detail: 'ENOTFOUND: getaddrinfo ENOTFOUND promptcast.invalid',
    } as const;
    expect(describeDiagnosis(diagnoseFailure('https://promptcast.invalid', info))).toBe(
      'Could not reach promptcast.invalid (tried https://promptcast.invalid/v1/tokens/balance): the name does not exist or the host does not answer. Check the address for typos.',
    );
    // Browsers hide the cause: a host other than this computer is reported unreachable.
    const bare = { kind: 'network', message: 'x', detail: 'Failed to fetch' } as const;
    expect(diagnoseFailure('https://promptcast.invalid', bare).code).toBe('unreachable');
    expect(diagnoseFailure('http://127.0.0.1:1', bare).code).toBe('refused');
  });

  it('404 on both path forms names both addresses', async () => {
    const base = `${service.url}/v1`;
    expect(await sentenceFor(base)).toBe(
      `Neither ${base}/v1/tokens/balance nor ${base}/api/credits/balance exists (HTTP 404): this address does not offer the service’s interface. Check the service URL.`,
    );
  });

  it('401 names the address that rejected the key, never the key', async () => {
    service.reset({ pathForms: 'api' });
    expect(await sentenceFor(service.url, 'wrong-key-1234')).toBe(
      `${service.url}/api/credits/balance rejected the API key (HTTP 401). Check that the key is the one for this service.`,
    );
  });

  it('402 says the address and key work but credits are gone', async () => {
    service.reset({ faults: [{ action: { type: 'status', status: 402, body: 'Payment required' } }] });
    expect(await sentenceFor(service.url)).toBe(
      `${service.url}/v1/tokens/balance answered that the account has no credits left (HTTP 402). The address and key work; buy credits to generate.`,
    );
  });

  it('a web page instead of the interface JSON is named as such', async () => {
    service.reset({ faults: [{ action: { type: 'html200' } }] });
    expect(await sentenceFor(service.url)).toBe(
      `${service.url}/v1/tokens/balance answered, but not with the service interface’s JSON (perhaps a web page). Check that the service URL is the interface’s address, not the website’s.`,
    );
  });

  it('other failures keep their usual wording', () => {
    const info = { kind: 'server_error', message: 'x', status: 503 } as const;
    expect(describeDiagnosis(diagnoseFailure('https://api.example.com', info))).toBe(
      'The service had a problem (HTTP 503). Try again later.',
    );
  });
});
