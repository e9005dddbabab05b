import { createServer } from 'node:net';
import { startSelfSignedServer, type TlsServer } from '../support/tls-server';
import { BackupSection, fillPlace } from './pages/backup';
import { expect, test } from './support/fixtures';

/**
 * *Test* on the options page tells a certificate the browser does not trust apart from an address where
 * nothing answers: fetch() says only "Failed to fetch" for both, the browser's webRequest names the cause.
 */
// Access to loopback https granted earlier, as a person does when the options page asks.
test.use({ extensionLaunch: { extraHostPermissions: ['https://127.0.0.1/*'] } });

let tls: TlsServer;
test.beforeAll(async () => {
  tls = await startSelfSignedServer();
});
test.afterAll(() => tls?.close());

/** A loopback port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('a self-signed certificate is told as such, and a closed port as unreachable', async ({ extension }) => {
  const backup = await BackupSection.open(extension);
  const form = backup.section.getByRole('form', { name: 'Set up backup' });
  const testPlace = async (url: string) => {
    await fillPlace(form, { url, username: 'heron', password: 'a password' });
    await form.getByRole('button', { name: 'Test' }).click();
  };

  await testPlace(`${tls.origin}/dav/`);
  await expect(
    form.getByText(
      "The backup storage's certificate could not be verified, or it does not speak HTTPS at this address.",
    ),
  ).toBeVisible();

  await testPlace(`https://127.0.0.1:${await closedPort()}/dav/`);
  await expect(form.getByText(/could not be reached/)).toBeVisible();
  await expect(form.getByText(/certificate could not be verified/)).toHaveCount(0);
});
