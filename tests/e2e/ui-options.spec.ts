import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { DEMO_API_KEY } from '../reference-service/server';
import { expect, test } from './support/fixtures';
import { chromeBuildDir, chromiumExecutable } from './support/paths';

const shots = path.join(import.meta.dirname, 'screenshots');

async function fillService(options: Page, url: string, key: string) {
  await options.getByLabel('Service URL').fill(url);
  await options.getByLabel('API key', { exact: true }).fill(key);
}

test('a person sets up the service on the options page, tests the connection and saves', async ({
  extension,
  service,
}) => {
  const options = await extension.openPage('options');
  await expect(options).toHaveTitle('Promptcast options');
  await expect(options.locator('html')).toHaveAttribute('lang', /^en/);
  await expect(options.getByRole('heading', { name: 'Promptcast options' })).toBeVisible();

  await fillService(options, service.url, DEMO_API_KEY);
  await options.getByRole('button', { name: 'Test connection' }).click();
  await expect(options.getByRole('status')).toHaveText('Connected: 1,000 credits');
  // Testing does not save anything.
  await options.reload();
  await expect(options.getByLabel('Service URL')).toHaveValue('');

  await fillService(options, service.url, DEMO_API_KEY);
  await options.getByLabel('Model', { exact: true }).fill('test-model');
  await options.getByText('Advanced').click();
  await options.getByLabel('Poll interval (seconds)').fill('1');
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(options.getByRole('status')).toHaveText('Saved.');

  // The key is write-only: only its last four characters are ever shown again.
  // The demo key is short: its last characters would give too much of it away.
  await expect(options.getByTestId('api-key-status')).toHaveText('Set');
  await expect(options.getByLabel('API key', { exact: true })).toHaveCount(0);
  expect(await options.content()).not.toContain(DEMO_API_KEY);

  await options.reload();
  await expect(options.getByLabel('Service URL')).toHaveValue(service.url);
  await expect(options.getByLabel('Model', { exact: true })).toHaveValue('test-model');
  // The demo key is short: its last characters would give too much of it away.
  await expect(options.getByTestId('api-key-status')).toHaveText('Set');
  await options.getByText('Advanced').click();
  await expect(options.getByLabel('Poll interval (seconds)')).toHaveValue('1');
  await options.setViewportSize({ width: 900, height: 1100 });
  await options.screenshot({ path: path.join(shots, 'options-light.png'), fullPage: true });
  await options.emulateMedia({ colorScheme: 'dark' });
  await options.screenshot({ path: path.join(shots, 'options-dark.png'), fullPage: true });

  // The popup now works with the saved service.
  const popup = await extension.openPage('popup');
  await expect(popup.getByTestId('balance')).toContainText('1,000 credits');
  await expect(popup.getByRole('button', { name: 'Generate image' })).toBeEnabled();
});

test('a wrong key is reported by Test connection in plain words', async ({ extension, service }) => {
  const options = await extension.openPage('options');
  await fillService(options, service.url, 'wrong-key-0000');
  await options.getByRole('button', { name: 'Test connection' }).click();
  await expect(options.getByRole('alert')).toHaveText(
    'The service rejected the API key. Check it in the options.',
  );
});

test('an unreachable service is reported by Test connection', async ({ extension }) => {
  const options = await extension.openPage('options');
  await fillService(options, 'http://127.0.0.1:9', DEMO_API_KEY);
  await options.getByRole('button', { name: 'Test connection' }).click();
  await expect(options.getByRole('alert')).toContainText('Could not reach the service.');
});

test('invalid fields are explained beside them before anything is sent', async ({ extension, service }) => {
  const options = await extension.openPage('options');
  await options.getByLabel('Service URL').fill('http://api.example.com');
  await options.getByRole('button', { name: 'Save' }).click();
  const url = options.getByLabel('Service URL');
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(url).toHaveAccessibleDescription(/must use https/);
  await expect(url).toBeFocused();
  await expect(options.getByRole('alert').filter({ hasText: 'Fix the marked fields first.' })).toBeVisible();

  await options.getByLabel('Service URL').fill('not a url');
  await expect(url).toHaveAccessibleDescription(/full address/);

  await url.fill(service.url);
  await expect(url).not.toHaveAttribute('aria-invalid', 'true');

  // Problems in the advanced section open it and focus the field.
  await expect(options.getByLabel('Poll interval (seconds)')).toBeHidden();
  await options.getByText('Advanced').click();
  await options.getByLabel('Poll interval (seconds)').fill('0');
  await options.getByLabel('Model field name').fill('bad name');
  await options.getByText('Advanced').click();
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(options.getByLabel('Model field name')).toBeFocused();
  await expect(options.getByLabel('Model field name')).toHaveAccessibleDescription(/plain identifier/);
  await expect(options.getByLabel('Poll interval (seconds)')).toHaveAccessibleDescription(
    /Enter a whole number from 1 to 600\./,
  );
  await options.setViewportSize({ width: 900, height: 1300 });
  await options.screenshot({ path: path.join(shots, 'options-errors-light.png'), fullPage: true });

  expect(service.requests()).toHaveLength(0);
});

test('the stored key can be replaced and removed', async ({ extension, service }) => {
  const options = await extension.openPage('options');
  await fillService(options, service.url, DEMO_API_KEY);
  await options.getByRole('button', { name: 'Save' }).click();
  // The demo key is short: its last characters would give too much of it away.
  await expect(options.getByTestId('api-key-status')).toHaveText('Set');

  service.configure({ accounts: { [DEMO_API_KEY]: 1000, 'second-longer-key-9876': 50 } });
  await options.getByRole('button', { name: 'Replace' }).click();
  await expect(options.getByLabel('API key', { exact: true })).toBeFocused();
  await options.getByLabel('API key', { exact: true }).fill('second-longer-key-9876');
  await options.getByRole('button', { name: 'Test connection' }).click();
  await expect(options.getByRole('status')).toHaveText('Connected: 50 credits');
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(options.getByText('Set, ending in ••••9876')).toBeVisible();

  await options.getByRole('button', { name: 'Remove' }).click();
  await expect(options.getByRole('status')).toHaveText('API key removed.');
  await expect(options.getByLabel('API key', { exact: true })).toBeVisible();
  await expect(options.getByText(/Not set/)).toBeVisible();

  const popup = await extension.openPage('popup');
  await expect(popup.getByRole('button', { name: 'Set up the service' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Generate image' })).toBeDisabled();
});

test('the options page speaks German to a German browser', async ({ service }) => {
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
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
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
      'Der Dienst hat den API-Schlüssel abgelehnt. Prüfen Sie ihn in den Optionen.',
    );
  } finally {
    await context.close();
  }
});
