/**
 * The key lock in Firefox: keys sealed under a passphrase, a browser restart that leaves them locked (nothing
 * sent, the pending video waits), a wrong passphrase refused, an unlock in the popup after which the job
 * completes and is announced, and no file of the profile holding the key or the passphrase.
 */
import { describe, expect, it } from 'vitest';
import { filesContaining, spellings } from '../e2e/support/secret-scan';
import { AddonState, OptionsPage, PopupPage } from './support/pages';
import { TestBed } from './support/test-bed';

const KEY = `lock-ff-${Date.now().toString(36)}-4d2a6c8e0b`;
const PASSPHRASE = 'quiet meadow lantern 7';
const PROMPT = 'a lighthouse in fog';

const bed = TestBed.forEachTest({}, { accounts: { [KEY]: 500 }, videoDurationMs: 3_000 });

describe('the key lock in Firefox', () => {
  it('locked after a restart: nothing is sent until the popup unlocks, then the job completes and is told', async () => {
    // The lock first, then the key: entered while unlocked, it is sealed before it reaches storage.local.
    const options = await OptionsPage.open(bed.firefox);
    await options.fill('New passphrase (at least 8 characters)', PASSPHRASE);
    await options.fill('Repeat the new passphrase', PASSPHRASE);
    await options.press('Lock keys with this passphrase');
    await options.textOf('#key-lock p', 'Keys are locked with a passphrase and unlocked now.');
    await options.enterService(bed.service.url, KEY);
    await options.openAdvanced();
    await options.fill('Poll interval (seconds)', '1');
    await options.save();
    await options.outcome('Saved.');

    const popup = await PopupPage.open(bed.firefox);
    await popup.generateVideo(PROMPT);
    await popup.job(PROMPT, 'running');
    const state = await AddonState.open(bed.firefox);
    const pending = await state.waitForEntry(PROMPT, (entry) => entry.poll?.jobId !== undefined);

    await bed.firefox.restart();
    const restartedAt = Date.now();
    const after = await AddonState.open(bed.firefox);
    await after.recordNotifications();
    const locked = new PopupPage(await bed.firefox.openPage('popup'));
    await locked.page.bringToFront();
    await locked.textOf('[data-testid="waiting-for-unlock"]', 'Locked: unlock to continue');
    await locked.field('Passphrase');
    expect(await locked.page.$$eval('textarea', (fields) => fields.length)).toBe(0);
    // Several poll intervals (1 s) pass: the job waits, and the service hears nothing from this browser.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(bed.service.requests().filter((request) => request.time >= restartedAt)).toEqual([]);
    expect((await after.history()).find((entry) => entry.id === pending.id)?.status).toBe('running');

    await locked.fill('Passphrase', 'not the passphrase');
    await locked.press('Unlock');
    await locked.textOf('[role="alert"]', /The passphrase is wrong/);
    await locked.fill('Passphrase', PASSPHRASE);
    await locked.press('Unlock');
    await locked.field('Prompt');

    const done = await after.waitForEntry(PROMPT, (entry) => entry.status !== 'running');
    expect(done).toMatchObject({ id: pending.id, status: 'completed' });
    expect((await after.notifications())[0]).toMatchObject({ title: 'Video ready' });
    const sent = bed.service.requests().filter((request) => request.time >= restartedAt);
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent.map((request) => request.headers['x-api-key']))).toEqual(new Set([KEY]));

    // At rest: neither storage.local nor any file of the Firefox profile holds the key or the passphrase.
    const local = JSON.stringify(await after.storedValues());
    for (const spelling of [...spellings(KEY), ...spellings(PASSPHRASE)])
      expect(local).not.toContain(spelling);
    expect(filesContaining(bed.firefox.profileDir, KEY)).toEqual([]);
    expect(filesContaining(bed.firefox.profileDir, PASSPHRASE)).toEqual([]);

    // The control: stored without a lock, the same key is found by the same scan of the same folder.
    const plainAgain = await OptionsPage.open(bed.firefox);
    await plainAgain.fill('Passphrase', PASSPHRASE);
    await plainAgain.press('Remove the lock');
    await expect
      .poll(() => filesContaining(bed.firefox.profileDir, KEY), { timeout: 20_000 })
      .not.toEqual([]);
  });
});
