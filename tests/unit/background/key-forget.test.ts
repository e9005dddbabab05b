// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiKeys } from '../../../utils/keys/background/api-key';
import {
  forgetKeysOf,
  type KeyLock,
  LOCK_ITEM,
  PLAIN_KEYS_ITEM,
  STAGED_LOCK_ITEM,
  session,
} from '../../../utils/keys/background/key-vault';
import { readProfiles } from '../../../utils/profiles/background/profile-store';
import { FIRST_PROFILE_ID } from '../../../utils/profiles/first-profile';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import { startSync, syncDone } from '../../../utils/sync/background/sync';
import { makeBackgroundApp } from '../support/background-app';
import { referenceServiceForFile } from '../support/reference-service';

const KEY_FIRST = 'first-profile-key-0000000001';
const KEY_WORK = 'work-profile-key-00000000002';
const PASSPHRASE = 'correct horse battery';

const service = referenceServiceForFile({ accounts: { [KEY_FIRST]: 100, [KEY_WORK]: 100 } });

type Harness = Awaited<ReturnType<typeof makeBackgroundApp>>;
type LockState = 'plain' | 'session' | 'unlocked' | 'locked';

/** The first profile with its key, and "Work" added, active, with a key of its own; then the lock state. */
async function twoProfiles(state: LockState): Promise<{ harness: Harness; workId: string }> {
  const harness = await makeBackgroundApp(service, {}, KEY_FIRST);
  const { handlers } = harness.app;
  const { id: workId } = await handlers.addProfile({ type: 'addProfile', name: 'Work' });
  await handlers.saveSettings({
    type: 'saveSettings',
    settings: { ...DEFAULT_SETTINGS, pollIntervalSec: 1, baseUrl: service.url },
    apiKey: KEY_WORK,
  });
  if (state === 'session') await handlers.setKeyMode({ type: 'setKeyMode', mode: 'session' });
  if (state === 'unlocked' || state === 'locked') {
    await handlers.setKeyLock({ type: 'setKeyLock', passphrase: PASSPHRASE, idleMin: 0 });
  }
  if (state === 'locked') await handlers.lockKeys({ type: 'lockKeys' });
  return { harness, workId };
}

async function storedItem<T>(name: string): Promise<T | undefined> {
  return (await fakeBrowser.storage.local.get(name))[name] as T | undefined;
}

/** The profiles that have a key in any form: plain, sealed, staged for a passphrase change, in the session. */
async function profilesWithKeys(): Promise<string[]> {
  const local = await fakeBrowser.storage.local.get([PLAIN_KEYS_ITEM, LOCK_ITEM, STAGED_LOCK_ITEM]);
  const ids = [
    ...Object.keys((local[PLAIN_KEYS_ITEM] as object | undefined) ?? {}),
    ...Object.keys((local[LOCK_ITEM] as KeyLock | undefined)?.keys ?? {}),
    ...Object.keys((local[STAGED_LOCK_ITEM] as KeyLock | undefined)?.keys ?? {}),
    ...Object.keys((await session.get())?.keys ?? {}),
  ];
  return [...new Set(ids)].sort();
}

const deleteWork = (harness: Harness, workId: string) =>
  harness.app.handlers.deleteProfile({ type: 'deleteProfile', id: workId });

describe('deleting a profile deletes its key in every form', () => {
  it.each(['plain', 'session', 'unlocked'] as const)(
    'keys %s: the active profile deleted, its key is nowhere and the remaining one is active with its own',
    async (state) => {
      const { harness, workId } = await twoProfiles(state);
      expect(await profilesWithKeys()).toEqual([FIRST_PROFILE_ID, workId].sort());
      expect(await deleteWork(harness, workId)).toEqual({ deleted: true, ended: 0 });
      expect((await readProfiles()).profiles.activeId).toBe(FIRST_PROFILE_ID);
      expect(await profilesWithKeys()).toEqual([FIRST_PROFILE_ID]);
      expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(KEY_WORK);
      const status = await harness.items.keyStatus.getValue();
      expect(status).toMatchObject({ set: true });
      // Only a key stored plain shows its last four characters (README: threat model).
      expect(status.last4).toBe(state === 'plain' ? '0001' : undefined);
    },
  );

  it('locked: the sealed key goes without the passphrase, the pages still offer to unlock, and it never comes back', async () => {
    const { harness, workId } = await twoProfiles('locked');
    expect(await deleteWork(harness, workId)).toEqual({ deleted: true, ended: 0 });
    expect((await readProfiles()).profiles.list.map((profile) => profile.id)).toEqual([FIRST_PROFILE_ID]);
    expect(await profilesWithKeys()).toEqual([FIRST_PROFILE_ID]);
    // The remaining profile's key is locked, not missing: no offer of a new lock, an unlock field instead.
    expect(await harness.items.keyStatus.getValue()).toEqual({
      set: false,
      lock: 'passphrase',
      idleMin: 0,
      locked: true,
    });

    await harness.app.handlers.unlockKeys({ type: 'unlockKeys', passphrase: PASSPHRASE });
    expect(await apiKeys.all()).toEqual({ [FIRST_PROFILE_ID]: expect.objectContaining({ key: KEY_FIRST }) });
    expect(await harness.items.keyStatus.getValue()).toMatchObject({ set: true });
    await harness.app.handlers.removeKeyLock({ type: 'removeKeyLock', passphrase: PASSPHRASE });
    expect(await profilesWithKeys()).toEqual([FIRST_PROFILE_ID]);
    const local = JSON.stringify(await fakeBrowser.storage.local.get(null));
    expect(local).toContain(KEY_FIRST);
    expect(local).not.toContain(KEY_WORK);
  });

  it('locked with a passphrase change cut short: the staged record loses the key too', async () => {
    const { harness, workId } = await twoProfiles('unlocked');
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
      if (LOCK_ITEM in items) throw new Error('worker stopped');
      return set(items);
    });
    const next = 'a new passphrase, longer';
    await harness.app.handlers
      .changePassphrase({ type: 'changePassphrase', passphrase: PASSPHRASE, next })
      .catch(() => undefined);
    vi.mocked(fakeBrowser.storage.local.set).mockRestore();
    expect(Object.keys((await storedItem<KeyLock>(STAGED_LOCK_ITEM))?.keys ?? {})).toContain(workId);

    await deleteWork(harness, workId);
    expect(await profilesWithKeys()).toEqual([FIRST_PROFILE_ID]);
    await harness.app.handlers.unlockKeys({ type: 'unlockKeys', passphrase: next });
    expect(Object.keys(await apiKeys.all())).toEqual([FIRST_PROFILE_ID]);
  });
});

/** Sync's tasks queue one another (a pull's local write, its push): a few rounds see them all done. */
async function syncSettled(): Promise<void> {
  for (let round = 0; round < 5; round++) await syncDone();
}

describe('a profile that disappears through sync', () => {
  it.each(['plain', 'locked'] as const)('keys %s: takes its key with it', async (state) => {
    const { harness, workId } = await twoProfiles(state);
    startSync();
    await syncSettled();
    const { profiles } = await readProfiles();
    // Another browser deleted "Work": its profiles document lists the first profile alone.
    const list = profiles.list.filter((profile) => profile.id !== workId);
    await fakeBrowser.storage.sync.set({
      profiles: { at: Date.now() + 60_000, n: 1 },
      'profiles.0': JSON.stringify(list),
    });
    await syncSettled();
    expect((await readProfiles()).profiles.list.map((profile) => profile.id)).toEqual([FIRST_PROFILE_ID]);
    expect(await profilesWithKeys()).toEqual([FIRST_PROFILE_ID]);
    expect(await harness.items.keyStatus.getValue()).toMatchObject(
      state === 'locked' ? { locked: true } : { set: true, last4: '0001' },
    );
  });

  it('meeting Lock now (sync runs outside the setup changes) never writes the unlocked keys back', async () => {
    const { workId } = await twoProfiles('unlocked');
    // Started together: the forgetting reads the session, the lock clears it.
    const forgetting = forgetKeysOf([workId]);
    const locking = session.clear();
    await Promise.all([forgetting, locking]);
    expect(await session.get()).toBeUndefined();
    expect(await profilesWithKeys()).toEqual([FIRST_PROFILE_ID]);
  });
});
