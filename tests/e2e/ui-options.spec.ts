import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { DEMO_API_KEY, startReferenceService } from '../reference-service/server';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';
import { expect, test } from './support/fixtures';
import { chromeBuildDir, chromiumExecutable } from './support/paths';
import { shot } from './support/screenshots';
import { quietStartArgs } from './support/start-args';

test('a person sets up the service on the options page, tests the connection and saves', async ({
  extension,
  service,
}) => {
  const optionsPage = await OptionsPage.open(extension);
  const { page: options } = optionsPage;
  await expect(options).toHaveTitle('Promptcast options');
  await expect(options.locator('html')).toHaveAttribute('lang', /^en/);
  await expect(options.getByRole('heading', { name: 'Promptcast options' })).toBeVisible();

  await optionsPage.testConnection({ url: service.url, key: DEMO_API_KEY });
  await expect(optionsPage.status).toHaveText('Connected: 1,000 credits');
  // Testing does not save anything.
  await options.reload();
  await expect(optionsPage.url).toHaveValue('');

  await optionsPage.save({ url: service.url, key: DEMO_API_KEY, model: 'test-model', pollIntervalSec: 1 });
  await expect(optionsPage.status).toHaveText('Saved.');

  // The key is write-only: only its last four characters are ever shown again.
  // The demo key is short: its last characters would give too much of it away.
  await expect(optionsPage.keyStatus).toHaveText('Set');
  await expect(optionsPage.key).toHaveCount(0);
  expect(await options.content()).not.toContain(DEMO_API_KEY);

  await options.reload();
  await expect(optionsPage.url).toHaveValue(service.url);
  await expect(optionsPage.model).toHaveValue('test-model');
  // The demo key is short: its last characters would give too much of it away.
  await expect(optionsPage.keyStatus).toHaveText('Set');
  await optionsPage.toggleAdvanced();
  await expect(optionsPage.pollInterval).toHaveValue('1');
  await options.setViewportSize({ width: 900, height: 1100 });
  await options.screenshot({ path: shot('options-light'), fullPage: true });
  await options.emulateMedia({ colorScheme: 'dark' });
  await options.screenshot({ path: shot('options-dark'), fullPage: true });

  // The popup now works with the saved service.
  const popup = await PopupPage.open(extension);
  await expect(popup.balance).toContainText('1,000 credits');
  await expect(popup.imageButton).toBeEnabled();
});

test('a wrong key is reported by Test connection in plain words', async ({ extension, service }) => {
  const options = await OptionsPage.open(extension);
  await options.testConnection({ url: service.url, key: 'wrong-key-0000' });
  await expect(options.alert).toHaveText(
    `${service.url}/v1/tokens/balance rejected the API key (HTTP 401). Check that the key is the one for this service.`,
  );
});

test('an unreachable service is reported by Test connection', async ({ extension }) => {
  const options = await OptionsPage.open(extension);
  await options.testConnection({ url: 'http://127.0.0.1:9', key: DEMO_API_KEY });
  await expect(options.alert).toContainText(
    'The connection to http://127.0.0.1:9/v1/tokens/balance was refused',
  );
});

test('invalid fields are explained beside them before anything is sent', async ({ extension, service }) => {
  const optionsPage = await OptionsPage.open(extension);
  const { page: options, url } = optionsPage;
  await optionsPage.save({ url: 'http://api.example.com' });
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(url).toHaveAccessibleDescription(/must use https/);
  await expect(url).toBeFocused();
  await expect(optionsPage.alertSaying('Fix the marked fields first.')).toBeVisible();

  await url.fill('not a url');
  await expect(url).toHaveAccessibleDescription(/full address/);

  await url.fill(service.url);
  await expect(url).not.toHaveAttribute('aria-invalid', 'true');

  // Problems in the advanced section open it and focus the field.
  const { pollInterval, modelField } = optionsPage;
  await expect(pollInterval).toBeHidden();
  await optionsPage.toggleAdvanced();
  await pollInterval.fill('0');
  await modelField.fill('bad name');
  await optionsPage.toggleAdvanced();
  await optionsPage.save();
  await expect(modelField).toBeFocused();
  await expect(modelField).toHaveAccessibleDescription(/plain identifier/);
  await expect(pollInterval).toHaveAccessibleDescription(/Enter a whole number from 1 to 600\./);
  await options.setViewportSize({ width: 900, height: 1300 });
  await options.screenshot({ path: shot('options-errors-light'), fullPage: true });

  expect(service.requests()).toHaveLength(0);
});

test('the stored key can be replaced and removed', async ({ extension, service }) => {
  const options = await OptionsPage.open(extension);
  await options.save({ url: service.url, key: DEMO_API_KEY });
  // The demo key is short: its last characters would give too much of it away.
  await expect(options.keyStatus).toHaveText('Set');

  service.configure({ accounts: { [DEMO_API_KEY]: 1000, 'second-longer-key-9876': 50 } });
  await options.replaceKey();
  await expect(options.key).toBeFocused();
  await options.testConnection({ key: 'second-longer-key-9876' });
  await expect(options.status).toHaveText('Connected: 50 credits');
  await options.save();
  await expect(options.keyEndingIn('9876')).toBeVisible();

  await options.removeKey();
  await expect(options.status).toHaveText('API key removed.');
  await expect(options.key).toBeVisible();
  await expect(options.page.getByText(/Not set/)).toBeVisible();

  const popup = await PopupPage.open(extension);
  await expect(popup.page.getByRole('button', { name: 'Set up the service' })).toBeVisible();
  await expect(popup.imageButton).toBeDisabled();
});

test('the options page speaks German to a German browser', async () => {
  // A service of its own: the shared one is still answering earlier tests' browsers, which may spend a credit
  // after any reset (999 credits instead of the 1,000 this test reads in German).
  const service = await startReferenceService({ port: 0 });
  // Chromium picks the extension's translation from --lang; the locale makes the rest of the browser agree.
  const context = await chromium.launchPersistentContext(
    mkdtempSync(path.join(os.tmpdir(), 'promptcast-de-')),
    {
      executablePath: chromiumExecutable(),
      headless: true,
      locale: 'de-DE',
      args: [
        `--disable-extensions-except=${chromeBuildDir}`,
        `--load-extension=${chromeBuildDir}`,
        '--lang=de',
        ...quietStartArgs,
      ],
    },
  );
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const options = await context.newPage();
    await options.goto(`chrome-extension://${new URL(worker.url()).host}/options.html`);
    await expect(options.locator('html')).toHaveAttribute('lang', /^de/);
    await expect(options).toHaveTitle('Promptcast-Optionen');
    await options.getByLabel('Dienst-URL').fill(service.url);
    await options.getByLabel('API-Schlüssel').fill(DEMO_API_KEY);
    await options.getByRole('button', { name: 'Verbindung testen' }).click();
    await expect(options.getByRole('status')).toHaveText('Verbunden: 1.000 Credits');
    await options.getByLabel('API-Schlüssel').fill('falscher-schluessel');
    await options.getByRole('button', { name: 'Verbindung testen' }).click();
    await expect(options.getByRole('alert')).toHaveText(
      `${service.url}/v1/tokens/balance hat den API-Schlüssel abgelehnt (HTTP 401). Prüfen Sie, ob es der Schlüssel für diesen Dienst ist.`,
    );
  } finally {
    await context.close();
    await service.close();
  }
});
