import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createIdbHistoryStore } from '../../../utils/history/background/idb-store';
import { migratedHistoryDb } from '../../../utils/history/background/migrate';
import { repairEntries } from '../../../utils/history/repair';
import type { HistoryEntry } from '../../../utils/history/schema';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import { validSettingsItem as settingsItem } from '../../../utils/settings/store';
import { balanceItem, legacyHistoryItem } from '../../../utils/storage/items';
import { repairBalance, repairedItem, repairPathForms } from '../../../utils/storage/repair';
import { openTestHistoryDb } from '../support/history-db';

beforeEach(() => fakeBrowser.reset());

const valid: HistoryEntry = {
  id: 'ok',
  kind: 'image',
  prompt: 'a valid one',
  model: 'm',
  source: 'popup',
  status: 'completed',
  urls: ['https://cdn.example/ok.png'],
  createdAt: 10,
  finishedAt: 12,
};

/** An entry edited by hand: one `url`, a status word Promptcast never wrote, no source or model. */
const oldShape = {
  id: 'old',
  kind: 'image',
  prompt: 'an old one',
  status: 'done',
  url: 'https://cdn.example/old.png',
  createdAt: 5,
};

describe('stored history, repaired on read', () => {
  it('keeps valid entries, repairs an old shape, drops what cannot be recognised', () => {
    const repaired = repairEntries([
      valid,
      oldShape,
      null,
      'junk',
      { id: 'no-kind', prompt: 'x', status: 'completed' },
      { ...valid, id: 'bad-urls', urls: 'https://x' },
      { ...valid, id: 'bad-error', status: 'failed', error: { kind: 'no-such-kind' } },
      { ...valid }, // a duplicate id: the first one wins
    ]);
    expect(repaired.map((entry) => entry.id)).toEqual(['ok', 'old', 'bad-urls', 'bad-error']);
    expect(repaired[0]).toEqual(valid);
    // A status it cannot read is told by the files: with one, the entry is a result.
    expect(repaired[1]).toMatchObject({
      status: 'completed',
      urls: ['https://cdn.example/old.png'],
      source: 'popup',
      model: '',
    });
    expect(repaired[2]?.urls).toEqual([]);
    expect(repaired[3]?.error).toBeUndefined();
  });

  it('a running video whose polling state is junk loses it, so it is ended rather than polled with junk', () => {
    const [entry] = repairEntries([
      { ...valid, id: 'v', kind: 'video', status: 'running', poll: { jobId: 7, baseUrl: null } },
    ]);
    expect(entry).toMatchObject({ id: 'v', status: 'running' });
    expect(entry?.poll).toBeUndefined();
  });

  it('a paused batch prompt damaged elsewhere stays paused: it is repaired, not sent', () => {
    const [entry] = repairEntries([
      { ...valid, status: 'running', urls: 'junk', batchId: 'b', waiting: true, paused: true },
    ]);
    expect(entry).toMatchObject({ status: 'running', batchId: 'b', waiting: true, paused: true });
  });

  it('a damaged entry keeps every field that still reads: its profile, star, collections and comparison', () => {
    const [entry] = repairEntries([
      {
        ...valid,
        urls: 'junk',
        profileId: 'work',
        favourite: true,
        collections: ['moodboard'],
        compared: true,
        batchId: 'b',
        cost: 'junk',
      },
    ]);
    expect(entry).toMatchObject({
      profileId: 'work',
      favourite: true,
      collections: ['moodboard'],
      compared: true,
      batchId: 'b',
      urls: [],
    });
    expect(entry?.cost).toBeUndefined();
  });

  it('a history that is not a list keeps what still reads as entries, or is empty', () => {
    expect(repairEntries({ 0: valid, 1: 'junk' }).map((entry) => entry.id)).toEqual(['ok']);
    for (const junk of ['[oops', 42, null, true]) expect(repairEntries(junk)).toEqual([]);
  });

  it('the worker takes a corrupted storage.local history into its database without failing, then removes it', async () => {
    await fakeBrowser.storage.local.set({ history: { broken: valid, more: [1, 2] } });
    const legacy = {
      getValue: () => legacyHistoryItem.getValue(),
      remove: () => legacyHistoryItem.removeValue(),
    };
    const store = createIdbHistoryStore(migratedHistoryDb(legacy, { open: () => openTestHistoryDb() }), {});
    expect((await store.read()).map((entry) => entry.id)).toEqual(['ok']);
    await store.add({ ...valid, id: 'new' });
    expect((await store.read()).map((entry) => entry.id)).toEqual(['new', 'ok']);
    expect(await fakeBrowser.storage.local.get('history')).toEqual({});
  });
});

describe('other stored values, repaired on read', () => {
  it('a damaged balance reads as no balance, a damaged error is dropped', async () => {
    expect(repairBalance('junk')).toEqual({ balance: null });
    expect(repairBalance({ balance: { value: '12', fetchedAt: 1 }, error: { kind: 'nope' } })).toEqual({
      balance: null,
    });
    const good = {
      balance: { value: 12, fetchedAt: 1 },
      error: { kind: 'network', message: 'down' },
      account: { origin: 'https://api.example.com', keyId: 'k1' },
    };
    expect(repairBalance(good)).toEqual(good);
    // The account a figure belongs to survives the read, or no figure could ever be shown again.
    const tagged = { ...good, account: { origin: 'https://a.example', keyId: 'k1' } };
    expect(repairBalance(tagged)).toEqual(tagged);
    // A damaged tag leaves the figure for no account: shown nowhere until fetched again.
    expect(repairBalance({ ...good, account: { origin: 7 } })).toEqual({
      balance: good.balance,
      error: good.error,
    });
    await fakeBrowser.storage.local.set({ balance: [1, 2, 3] });
    expect(await repairedItem(balanceItem, repairBalance).getValue()).toEqual({ balance: null });
  });

  it('path forms keep only the two known forms', () => {
    expect(repairPathForms({ 'https://a.example': 'v1', 'https://b.example': 'v9', c: 3 })).toEqual({
      'https://a.example': 'v1',
    });
    expect(repairPathForms(['v1'])).toEqual({});
    expect(repairPathForms(null)).toEqual({});
  });

  it('settings written by a future version with junk fields are repaired field by field', async () => {
    await fakeBrowser.storage.local.set({
      settings: {
        ...DEFAULT_SETTINGS,
        baseUrl: 'https://api.example.com/',
        pollIntervalSec: 'fast',
        videoDefaults: 'cinematic',
        theme: 'dark',
        schemaVersion: 9,
      },
      settings$: { v: 9 },
    });
    const settings = await settingsItem.getValue();
    expect(settings).toEqual({ ...DEFAULT_SETTINGS, baseUrl: 'https://api.example.com' });
    // The worker keeps working: the repaired settings can be saved again.
    await settingsItem.setValue({ ...settings, modelId: 'm2' });
    expect((await settingsItem.getValue()).modelId).toBe('m2');
  });
});
