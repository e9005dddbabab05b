import type { Page } from '@playwright/test';
import type { ReferenceService } from '../reference-service/server';
import { clickContextMenu, MENU_UNLOCK } from './pages/browser-ui';
import type { ExtensionUnderTest } from './support/extension';
import { expect, test } from './support/fixtures';
import { EVENTUALLY, settled, someNotifications } from './support/probes';
import { relaunch, submitVideo } from './support/reliability-observe';
import { filesContaining, spellings } from './support/secret-scan';
import { configure, sendFrom } from './support/setup';

/** A key of this test alone, so finding it anywhere can only mean the extension put it there. */
const KEY = `lock-e2e-${Date.now().toString(36)}-9f3c1e7a5b`;
const PASSPHRASE = 'marble orchard window 42';

/** Sets the passphrase lock in the options page's Key lock section, as the person does. */
async function setLock(options: Page): Promise<void> {
  const section = options.getByRole('region', { name: 'Key lock' });
  await section.getByLabel('New passphrase (at least 8 characters)').fill(PASSPHRASE);
  await section.getByLabel('Repeat the new passphrase').fill(PASSPHRASE);
  await section.getByRole('button', { name: 'Lock keys with this passphrase' }).click();
  await expect(section.getByText('Keys are locked with a passphrase and unlocked now.')).toBeVisible();
}

/** Removes the lock in the options page, which stores the keys plain again. */
async function removeLock(options: Page): Promise<void> {
  const section = options.getByRole('region', { name: 'Key lock' });
  await section.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await section.getByRole('button', { name: 'Remove the lock' }).click();
  await expect(section.getByRole('button', { name: 'Lock keys with this passphrase' })).toBeVisible();
}

test('a locked key: nothing is sent until the popup unlocks it, the job then completes, and no file holds the key', async ({
  extension,
  service,
}) => {
  service.reset({ accounts: { [KEY]: 500 }, videoDurationMs: 3_000 });

  // The lock first, then the key: entered while unlocked, it is sealed before it reaches storage.local.
  const options = await extension.openPage('options');
  await setLock(options);
  await configure(extension, service, {}, KEY);
  const entry = await submitVideo(options, 'a lighthouse in fog');
  expect(entry.poll?.jobId).toBeTruthy();

  await extension.stopWorker();
  const restartedAt = await relaunch(extension);

  // The context menu's one entry while locked opens the toolbar popup, where the unlock field is. Chrome
  // opens it as a popup Playwright cannot drive, so the test looks for it among the extension's contexts
  // and then types into the same page opened as a tab.
  const popup = await extension.openPage('popup');
  await popup.bringToFront();
  const worker = await extension.worker();
  await clickContextMenu(extension, MENU_UNLOCK, 'a lighthouse');
  // A popup still opening is listed before its document has a URL; the poll waits for it rather than failing.
  await expect
    .poll(() =>
      worker.evaluate(async () =>
        (await chrome.runtime.getContexts({ contextTypes: ['POPUP' as chrome.runtime.ContextType] })).map(
          (context) => (context.documentUrl ? new URL(context.documentUrl).pathname : 'no document yet'),
        ),
      ),
    )
    .toEqual(['/popup.html']);
  const passphrase = popup.getByLabel('Passphrase', { exact: true });
  await expect(passphrase).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Generate video' })).toHaveCount(0);
  await expect(popup.getByTestId('waiting-for-unlock')).toHaveText('Locked: unlock to continue');
  // Several poll intervals (1 s) pass: the job waits, and the service hears nothing from this browser.
  await popup.waitForTimeout(3_500);
  expect(service.requests().filter((request) => request.time >= restartedAt)).toEqual([]);
  expect(
    await worker.evaluate(() => chrome.alarms.getAll().then((alarms) => alarms.map((a) => a.name))),
  ).not.toContain('promptcast-poll');

  await passphrase.fill('not the passphrase');
  await popup.getByRole('button', { name: 'Unlock' }).click();
  await expect(popup.getByRole('alert')).toContainText('The passphrase is wrong');
  await passphrase.fill(PASSPHRASE);
  await popup.getByRole('button', { name: 'Unlock' }).click();
  await expect(popup.getByLabel('Passphrase', { exact: true })).toHaveCount(0);

  const [done] = await settled(extension, [entry.id]);
  expect(done?.status).toBe('completed');
  expect((await someNotifications(extension)).length).toBeGreaterThan(0);
  const sent = service.requests().filter((request) => request.time >= restartedAt);
  expect(sent.length).toBeGreaterThan(0);
  expect(new Set(sent.map((request) => request.headers['x-api-key']))).toEqual(new Set([KEY]));

  // At rest: neither storage.local (every item) nor any file of the browser profile holds the key.
  const local = await (await extension.worker()).evaluate(() => chrome.storage.local.get(null));
  const localText = JSON.stringify(local);
  for (const spelling of spellings(KEY)) expect(localText).not.toContain(spelling);
  expect(localText).not.toContain(PASSPHRASE);
  expect(filesContaining(extension.profileDir, KEY)).toEqual([]);
  expect(filesContaining(extension.profileDir, PASSPHRASE)).toEqual([]);

  // The control: stored without a lock, the same key is found by the same scan of the same folder.
  await removeLock(await extension.openPage('options'));
  await expect.poll(() => filesContaining(extension.profileDir, KEY), EVENTUALLY).not.toEqual([]);
});

/** Two profiles on the service, each with its key sealed, "Work" active; then Lock now on the options page. */
async function twoLockedProfiles(extension: ExtensionUnderTest, service: ReferenceService) {
  const keys = {
    first: `first-e2e-${Date.now().toString(36)}-4d2a9c`,
    work: `work-e2e-${Date.now().toString(36)}-7b1e5f`,
  };
  service.reset({ accounts: { [keys.first]: 500, [keys.work]: 500 } });
  const options = await extension.openPage('options');
  await setLock(options);
  await configure(extension, service, {}, keys.first);
  const added = await sendFrom(options, { type: 'addProfile', name: 'Work' });
  expect(added.ok).toBe(true);
  await configure(extension, service, {}, keys.work);
  const worker = await extension.worker();
  const sealedCount = () =>
    worker.evaluate(async () => {
      const { keyLock } = await chrome.storage.local.get('keyLock');
      return Object.keys((keyLock as { keys?: object } | undefined)?.keys ?? {}).length;
    });
  expect(await sealedCount()).toBe(2);

  await options.reload();
  const section = options.getByRole('region', { name: 'Key lock' });
  await section.getByRole('button', { name: 'Lock now' }).click();
  await expect(section.getByLabel('Passphrase', { exact: true })).toBeVisible();
  return { keys, options, section, worker, sealedCount };
}

type Locked = Awaited<ReturnType<typeof twoLockedProfiles>>;

/**
 * With "Work" gone while locked: the pages still offer to unlock (not a new lock, not "Not set", no error),
 * its sealed key is gone; unlocked, the first profile has its key, and with the lock removed it alone is
 * stored, found on disk by the scan that finds no trace of Work's.
 */
async function workGoneWithItsKey(
  extension: ExtensionUnderTest,
  { keys, options, section, worker, sealedCount }: Locked,
): Promise<void> {
  await expect(options.getByRole('listitem').filter({ hasText: 'Work' })).toHaveCount(0);
  await expect(section.getByLabel('Passphrase', { exact: true })).toBeVisible();
  await expect(options.getByRole('button', { name: 'Lock keys with this passphrase' })).toHaveCount(0);
  await expect(options.getByText('Locked with the passphrase.')).toBeVisible();
  await expect(options.getByText('Not set')).toHaveCount(0);
  await expect(options.getByRole('alert')).toHaveCount(0);
  const popup = await extension.openPage('popup');
  await expect(popup.getByLabel('Passphrase', { exact: true })).toBeVisible();
  await expect(popup.getByText('The service is not set up yet')).toHaveCount(0);
  expect(await sealedCount()).toBe(1);

  await popup.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await popup.getByRole('button', { name: 'Unlock' }).click();
  await expect(popup.getByLabel('Passphrase', { exact: true })).toHaveCount(0);
  // Under the lock no part of the key is shown (nor stored in the status pages read).
  await expect(options.getByTestId('api-key-status')).toHaveText('Set');
  await removeLock(options);
  await expect(options.getByTestId('api-key-status')).toHaveText(
    `Set, ending in ••••${keys.first.slice(-4)}`,
  );
  const stored = await worker.evaluate(async () => JSON.stringify(await chrome.storage.local.get(null)));
  expect(stored).toContain(keys.first);
  for (const spelling of spellings(keys.work)) expect(stored).not.toContain(spelling);
  // The scan sees the key stored plain, so not finding the deleted one means it is not there.
  await expect.poll(() => filesContaining(extension.profileDir, keys.first), EVENTUALLY).not.toEqual([]);
  expect(filesContaining(extension.profileDir, keys.work)).toEqual([]);
}

test('a profile deleted while locked takes its sealed key; the other stays locked behind the unlock field', async ({
  extension,
  service,
}) => {
  const locked = await twoLockedProfiles(extension, service);
  // Work is the active profile: deleting it hands over to the first, whose key stays locked.
  await locked.options.getByRole('button', { name: 'Delete Work' }).click();
  await locked.options.getByRole('button', { name: 'Delete', exact: true }).click();
  await workGoneWithItsKey(extension, locked);
});

test('a profile deleted in another browser, gone here through sync while locked, takes its key here too', async ({
  extension,
  service,
}) => {
  const locked = await twoLockedProfiles(extension, service);
  // Another browser's profiles document without Work, as browser sync delivers it.
  await locked.worker.evaluate(async () => {
    const { profiles } = (await chrome.storage.local.get('profiles')) as {
      profiles: { list: { name: string }[] };
    };
    const text = JSON.stringify(profiles.list.filter((profile) => profile.name !== 'Work'));
    await chrome.storage.sync.set({ profiles: { at: Date.now() + 60_000, n: 1 }, 'profiles.0': text });
  });
  await workGoneWithItsKey(extension, locked);
});
