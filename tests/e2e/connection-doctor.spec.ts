import { createServer } from 'node:net';
import { DEMO_API_KEY } from '../reference-service/server';
import { OptionsPage } from './pages/options';
import { expect, test } from './support/fixtures';

/** A loopback port nothing listens on: bound once, then released. */
async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const WRONG_KEY = 'doctor-wrong-key-5678';

/** The sentence shown, and proof that neither key ever reached what the page shows. */
async function expectSentence(options: OptionsPage, sentence: string): Promise<void> {
  await expect(options.alertSaying(sentence)).toHaveText(sentence);
  const shown = await options.visibleText();
  expect(shown).not.toContain(DEMO_API_KEY);
  expect(shown).not.toContain(WRONG_KEY);
}

test('Test connection names what was tried for each way a connection fails', async ({
  extension,
  service,
}) => {
  const options = await OptionsPage.open(extension);
  const base = service.url;

  await options.testConnection({ url: 'http://promptcast.example/api', key: DEMO_API_KEY });
  await expectSentence(
    options,
    'http://promptcast.example/api uses plain http:// to another computer, so the API key would travel unencrypted. Use the service’s https:// address.',
  );
  expect(service.requests()).toHaveLength(0);

  const closed = `http://127.0.0.1:${await unusedPort()}`;
  await options.testConnection({ url: closed });
  await expectSentence(
    options,
    `The connection to ${closed}/v1/tokens/balance was refused: nothing is listening there. Check the port and that the service is running.`,
  );

  await options.testConnection({ url: `${base}/nothing` });
  await expectSentence(
    options,
    `Neither ${base}/nothing/v1/tokens/balance nor ${base}/nothing/api/credits/balance exists (HTTP 404): this address does not offer the service’s interface. Check the service URL.`,
  );

  service.reset({ pathForms: 'api' });
  await options.testConnection({ url: base, key: WRONG_KEY });
  await expectSentence(
    options,
    `${base}/api/credits/balance rejected the API key (HTTP 401). Check that the key is the one for this service.`,
  );

  service.reset({ faults: [{ action: { type: 'status', status: 402, body: 'Payment required' } }] });
  await options.testConnection({ key: DEMO_API_KEY });
  await expectSentence(
    options,
    `${base}/v1/tokens/balance answered that the account has no credits left (HTTP 402). The address and key work; buy credits to generate.`,
  );

  service.reset({ faults: [{ action: { type: 'html200' } }] });
  await options.testConnection();
  await expectSentence(
    options,
    `${base}/v1/tokens/balance answered, but not with the service interface’s JSON (perhaps a web page). Check that the service URL is the interface’s address, not the website’s.`,
  );
});

test('a service URL pasted with an endpoint path is fixed in one click', async ({ extension, service }) => {
  const options = await OptionsPage.open(extension);
  await options.testConnection({ url: `${service.url}/v1/tokens/balance`, key: DEMO_API_KEY });
  await expect(options.alert).toContainText('(HTTP 404)');
  await expect(options.doctorNotes).toContainText('The service URL ends in an interface path');

  await options.useBaseUrlButton(service.url).click();
  await expect(options.url).toHaveValue(service.url);
  await expect(options.status).toHaveText('Connected: 1,000 credits');
  await expect(options.useBaseUrlButton(service.url)).toHaveCount(0);
  expect(await options.visibleText()).not.toContain(DEMO_API_KEY);
});

test('a key pasted with spaces around it is trimmed and the page says so', async ({ extension, service }) => {
  const options = await OptionsPage.open(extension);
  await options.testConnection({ url: service.url, key: `  ${DEMO_API_KEY} \t ` });
  await expect(options.status).toHaveText('Connected: 1,000 credits');
  await expect(options.doctorNotes).toHaveText('Spaces or line breaks around the API key were removed.');
  await expect(options.key).toHaveValue(DEMO_API_KEY);
  expect(service.requests().map((request) => request.headers['x-api-key'])).toEqual([DEMO_API_KEY]);
  expect(await options.visibleText()).not.toContain(DEMO_API_KEY);
});

test.describe('a host that does not exist', () => {
  test.use({ extensionLaunch: { extraHostPermissions: ['https://promptcast.invalid/*'] } });

  test('is reported unreachable, naming the address tried', async ({ extension }) => {
    const options = await OptionsPage.open(extension);
    await options.testConnection({ url: 'https://promptcast.invalid/svc', key: DEMO_API_KEY });
    await expectSentence(
      options,
      'Could not reach promptcast.invalid (tried https://promptcast.invalid/svc/v1/tokens/balance): the name does not exist or the host does not answer. Check the address for typos.',
    );
  });
});
