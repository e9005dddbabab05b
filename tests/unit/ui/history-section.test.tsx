// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { HistorySection } from '@/entrypoints/options/HistorySection';
import { copiesItem } from '@/utils/copies/copies-item';
import { openHistoryDb } from '@/utils/history/background/open-history-db';
import { rowOf } from '@/utils/history/history-db';
import type { HistoryEntry } from '@/utils/history/schema';
import { DEFAULT_SETTINGS } from '@/utils/settings/defaults';
import { historyChangesItem, settingsItem } from '@/utils/storage/items';
import { testEntry, writeEntries } from '../support/history-db';

const MB = 1024 * 1024;

async function store(entries: readonly HistoryEntry[]): Promise<void> {
  const db = await openHistoryDb();
  await writeEntries(db, (store) => {
    store.clear();
    for (const item of entries) store.put(rowOf(item, 0));
  });
  db.close();
}

// Each test sets the whole history itself (`store`): the page keeps its connection for the whole file.
beforeEach(() => fakeBrowser.reset());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the options page History section', () => {
  it('counts past the cap without favourites, sizes them with their copies, and trims only once confirmed', async () => {
    await settingsItem.setValue({ ...DEFAULT_SETTINGS, historyLimit: 100 });
    // 106 entries, the oldest a favourite: 6 past the cap, all of them removable ones.
    await store([
      testEntry(0, { favourite: true }),
      ...Array.from({ length: 105 }, (_, i) => testEntry(i + 1)),
    ]);
    await copiesItem.setValue({
      entries: { e1: { state: 'kept', bytes: 3 * MB, files: 1 } },
      usedBytes: 3 * MB,
    });
    const sent: unknown[] = [];
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation(async (message: unknown) => {
      sent.push(message);
      return { ok: true, data: { removed: 6 } };
    });
    render(<HistorySection />);
    expect((await screen.findByTestId('history-count')).dataset.count).toBe('106');
    const past = await screen.findByTestId('history-past-cap');
    expect(past.dataset.count).toBe('6');
    expect(past.textContent).toMatch(/\b3(\.\d+)? MB/);
    fireEvent.click(screen.getByRole('button', { name: 'Remove 6 oldest' }));
    expect(sent).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove entries' }));
    expect(await screen.findByText('Entries removed: 6.')).toBeTruthy();
    expect(sent).toEqual([{ type: 'trimHistory', removeUpTo: 6 }]);
  });

  it('reads the figures again when the background signals a change', async () => {
    await settingsItem.setValue({ ...DEFAULT_SETTINGS, historyLimit: 100 });
    await store(Array.from({ length: 101 }, (_, i) => testEntry(i)));
    render(<HistorySection />);
    expect((await screen.findByTestId('history-past-cap')).dataset.count).toBe('1');
    await store(Array.from({ length: 100 }, (_, i) => testEntry(i)));
    await historyChangesItem.setValue({ seq: 1, ids: [], cleared: true });
    expect(await screen.findByText('The history is within its limit.')).toBeTruthy();
    expect(screen.getByTestId('history-count').dataset.count).toBe('100');
  });
});
