// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isPrivateUrl, redirectAllowed, requestMedia } from '@/utils/copies/media-request';
import { AppError } from '@/utils/error-info';
import { DEFAULT_SETTINGS } from '@/utils/settings/defaults';
import { validSettingsItem } from '@/utils/settings/store';
import { referenceServiceForFile } from '../support/reference-service';

const service = referenceServiceForFile({ filesOrigin: 'media' });

const serviceAt = (baseUrl: string) => validSettingsItem.setValue({ ...DEFAULT_SETTINGS, baseUrl });

/** The refusal `requestMedia` threw, as its reason, or 'fetched'. */
async function outcome(url: string, fetcher?: typeof fetch): Promise<string> {
  try {
    const response = await requestMedia(new URL(url), fetcher);
    await response.body?.cancel();
    return 'fetched';
  } catch (error) {
    if (error instanceof AppError && error.info.kind === 'unsafe_media') return error.info.detail ?? '';
    throw error;
  }
}

beforeEach(async () => {
  fakeBrowser.reset();
  await serviceAt(service.url);
});

describe('private addresses', () => {
  const privateHosts = [
    'localhost',
    'LOCALHOST.',
    'files.localhost',
    '127.0.0.1',
    '127.1.2.3',
    '0x7f.1',
    '2130706433',
    '0177.0.0.1',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '[::1]',
    '[::]',
    '[::ffff:127.0.0.1]',
    '[::ffff:10.0.0.1]',
    '[0:0:0:0:0:ffff:7f00:1]',
    '[fc00::1]',
    '[fd12:3456::1]',
    '[fe80::1]',
    '[febf::1]',
  ];
  const publicHosts = [
    'example.com',
    'localhost.example.com',
    '8.8.8.8',
    '172.32.0.1',
    '172.15.0.1',
    '192.169.0.1',
    '11.0.0.1',
    '[2001:db8::1]',
    '[::ffff:8.8.8.8]',
    '[fec0::1]',
  ];
  it.each(privateHosts)('%s is private', (host) => {
    expect(isPrivateUrl(new URL(`http://${host}:8080/file.png`))).toBe(true);
  });
  it.each(publicHosts)('%s is not', (host) => {
    expect(isPrivateUrl(new URL(`https://${host}/file.png`))).toBe(false);
  });
});

describe('redirect rules', () => {
  it('allows the same origin only: no other host, port or scheme (so no https to http)', () => {
    const from = new URL('https://cdn.example.com/a.png');
    expect(redirectAllowed(from, new URL('https://cdn.example.com/signed/a.png?x=1'))).toBe(true);
    expect(redirectAllowed(from, new URL('http://cdn.example.com/a.png'))).toBe(false);
    expect(redirectAllowed(from, new URL('https://cdn.example.com:8443/a.png'))).toBe(false);
    expect(redirectAllowed(from, new URL('https://other.example.com/a.png'))).toBe(false);
    expect(redirectAllowed(from, new URL('http://127.0.0.1/a.png'))).toBe(false);
  });
});

describe('requestMedia over HTTP', () => {
  const hop = (from: string, location: string) => ({
    pathPrefix: from,
    action: { type: 'redirect' as const, status: 302 as const, location },
  });

  it('follows a redirect within the same origin and reads the file it ends at', async () => {
    service.configure({ fileFaults: [hop('/files/images/hop', '/files/images/final.png')] });
    const response = await requestMedia(new URL(`${service.mediaUrl}/files/images/hop.png`));
    expect(response.url).toBe(`${service.mediaUrl}/files/images/final.png`);
    expect(response.headers.get('content-type')).toBe('image/png');
    await response.body?.cancel();
  });

  it('refuses an answer from another origin a redirect ended at (the attacker on loopback), unread', async () => {
    service.configure({
      fileFaults: [hop('/files/images/hop', `${service.attacker.url}/files/images/secret.png`)],
    });
    expect(await outcome(`${service.mediaUrl}/files/images/hop.png`)).toBe('redirect_elsewhere');
  });

  it('fetches private addresses only while the service is on one', async () => {
    const trap = `${service.attacker.url}/files/images/trap.png`;
    expect(await outcome(trap)).toBe('fetched');
    service.attacker.clear();
    await serviceAt('https://api.example.com');
    for (const url of [trap, 'http://0x7f.1:9/x.png', 'http://[::ffff:127.0.0.1]:9/x.png']) {
      expect(await outcome(url)).toBe('private_address');
    }
    expect(service.attacker.requests()).toEqual([]);
  });
});
