// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openHistoryDb } from '@/utils/history/background/open-history-db';
import { rowOf } from '@/utils/history/history-db';
import type { HistoryEntry } from '@/utils/history/schema';
import { testEntry, writeEntries } from '../support/history-db';

// fakeBrowser has no permission events, which a module of the page listens to when it loads.
for (const event of [fakeBrowser.permissions.onAdded, fakeBrowser.permissions.onRemoved])
  vi.spyOn(event, 'addListener').mockImplementation(() => undefined);
const { HistoryApp } = await import('@/entrypoints/history/HistoryApp');

const SIZE = 130;
let sent: unknown[] = [];

const entry = (i: number): HistoryEntry =>
  testEntry(i, { status: 'failed', error: { kind: 'unexpected', message: 'no' } });

beforeAll(async () => {
  const db = await openHistoryDb();
  await writeEntries(db, (store) => {
    for (let i = 1; i < SIZE; i++) store.put(rowOf(entry(i), i + 1));
    // The oldest, far below the first page: filters must find it all the same.
    store.put(rowOf({ ...entry(0), favourite: true, collections: ['birds'] }, 1));
  });
  db.close();
});

beforeEach(() => {
  sent = [];
  vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation((message: unknown) => {
    sent.push(message);
    return Promise.resolve({ ok: true, data: { removed: 5, changed: 1 } });
  });
});
afterEach(cleanup);
// Sixty whole rows take happy-dom over the waits' default of a second on a busy machine (CI runs the unit
// tests beside the builds): every wait here may take five.
configure({ asyncUtilTimeout: 5000 });

const rows = () => within(screen.getByRole('list', { name: 'History' })).getAllByTestId('history-entry');

describe('the history page over the database', () => {
  it('shows the newest page, counts the whole history and reads more without moving focus', async () => {
    render(<HistoryApp />);
    await waitFor(() => expect(screen.getByText('Showing 60 of 130 entries')).toBeTruthy());
    expect(rows()).toHaveLength(60);
    expect(rows()[0]?.textContent).toContain('prompt 129');

    const more = screen.getByRole('button', { name: 'Show more' });
    more.focus();
    fireEvent.click(more);
    await waitFor(() => expect(screen.getByText('Showing 120 of 130 entries')).toBeTruthy());
    expect(document.activeElement).toBe(more);
  });

  it('stars an entry and selects a range for one bulk delete after a yes', async () => {
    render(<HistoryApp />);
    const star = await screen.findByRole('button', { name: 'Favourite: prompt 129' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    await waitFor(() =>
      expect(sent).toContainEqual({ type: 'setFavourite', ids: ['e129'], favourite: true }),
    );

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select: prompt 128' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select: prompt 125' }), { shiftKey: true });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select: prompt 120' }), { ctrlKey: true });
    const bar = screen.getByRole('toolbar', { name: 'Selected entries' });
    expect(within(bar).getByText('5 selected')).toBeTruthy();

    fireEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete entries' }));
    });
    await waitFor(() =>
      expect(sent).toContainEqual({ type: 'removeEntries', ids: ['e128', 'e127', 'e126', 'e125', 'e120'] }),
    );
    await waitFor(() => expect(within(bar).getByText('0 selected')).toBeTruthy());
  });

  it('searches every entry as the person types', async () => {
    render(<HistoryApp />);
    const search = await screen.findByRole('searchbox', { name: 'Search prompts' });
    fireEvent.change(search, { target: { value: 'prompt 1' } });
    fireEvent.change(search, { target: { value: 'prompt 12' } });
    // "prompt 12", "prompt 112" and "prompt 120".."prompt 129": the first keystroke's scan gave way to the second's.
    await waitFor(() => expect(screen.getByText('12 found')).toBeTruthy());
    expect(rows().map((row) => row.textContent?.match(/prompt \d+/)?.[0])).toContain('prompt 12');
    expect(rows()).toHaveLength(12);
  });

  it('filters by collection and favourites over every entry, and files one entry in and out', async () => {
    render(<HistoryApp />);
    const collection = await screen.findByRole('combobox', { name: 'Collection' });
    await waitFor(() => expect(within(collection).getByRole('option', { name: 'birds' })).toBeTruthy());
    fireEvent.change(collection, { target: { value: 'birds' } });
    await waitFor(() => expect(screen.getByText('1 found')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Unfavourite: prompt 0' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove from collection birds' }));
    await waitFor(() =>
      expect(sent).toContainEqual({ type: 'setCollection', ids: ['e0'], collection: 'birds', member: false }),
    );
    // The form is built when its fold opens.
    const fold = screen.getByText('Add to collection').closest('details');
    if (!fold) throw new Error('no fold for the collection form');
    fold.open = true;
    fireEvent(fold, new Event('toggle'));
    const form = await screen.findByRole('form', { name: 'Collections of: prompt 0' });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Collection name' }), {
      target: { value: ' fish ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(sent).toContainEqual({ type: 'setCollection', ids: ['e0'], collection: 'fish', member: true }),
    );

    fireEvent.change(collection, { target: { value: '' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Favourites only' }));
    await waitFor(() => expect(screen.getByText('1 found')).toBeTruthy());
  });
});
