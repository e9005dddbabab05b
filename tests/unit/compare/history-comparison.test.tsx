// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openHistoryDb } from '@/utils/history/background/open-history-db';
import { rowOf } from '@/utils/history/history-db';
import type { HistoryEntry } from '@/utils/history/schema';
import { testEntry, writeEntries } from '../support/history-db';

// fakeBrowser has no permission events, which a module of the page listens to when it loads.
for (const event of [fakeBrowser.permissions.onAdded, fakeBrowser.permissions.onRemoved])
  vi.spyOn(event, 'addListener').mockImplementation(() => undefined);
// Completed rows offer to keep a copy, which asks the manifest whether host access may be asked for.
vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({
  manifest_version: 3,
  name: 'P',
  version: '1',
});
vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(false);
const { HistoryApp } = await import('@/entrypoints/history/HistoryApp');

/** A 2 × 2 comparison (two prompts to two models, sent in this order) and an entry of no comparison. */
const compared = (i: number, prompt: string, model: string): HistoryEntry =>
  testEntry(i, { prompt, model, batchId: 'b1', compared: true, urls: [`https://media.test/${i}.png`] });
const BATCH = [
  compared(1, 'a fox', 'cheap'),
  compared(2, 'a fox', 'dear'),
  compared(3, 'an owl', 'cheap'),
  compared(4, 'an owl', 'dear'),
];
const ALONE = testEntry(5, { prompt: 'a hare' });

let sent: unknown[] = [];

beforeAll(async () => {
  const db = await openHistoryDb();
  await writeEntries(db, (store) => {
    // As a batch is written: all at one time, the first sent the newest.
    for (const [at, entry] of BATCH.entries()) store.put(rowOf({ ...entry, createdAt: 2000 }, 10 - at));
    store.put(rowOf(ALONE, 1));
  });
  db.close();
  await fakeBrowser.storage.local.set({
    profiles: {
      activeId: 'profile-1',
      list: [
        {
          id: 'profile-1',
          name: 'Home',
          service: { baseUrl: 'https://service.test' },
          models: [
            { id: 'cheap', name: 'Cheap' },
            { id: 'dear', name: 'Dear' },
          ],
        },
      ],
    },
  });
});

beforeEach(() => {
  sent = [];
  vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation((message: unknown) => {
    sent.push(message);
    return Promise.resolve({ ok: true, data: {} });
  });
});
afterEach(cleanup);

/** The button of the prompt's second row (each row of a compared prompt offers the same comparison). */
const compareButton = async (prompt: string) => {
  const buttons = await screen.findAllByRole('button', { name: `Compare the models for “${prompt}”` });
  expect(buttons).toHaveLength(2);
  return buttons[1] as HTMLElement;
};

describe('a comparison opened from the history page', () => {
  it('is offered only on the entries of a comparison', async () => {
    render(<HistoryApp />);
    await compareButton('a fox');
    expect(screen.getAllByRole('button', { name: /^Compare the models for/ })).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Compare the models for “a hare”' })).toBeNull();
  });

  it("shows that entry's prompt from every model, sends Keep and Use this model, and Escape returns to the button", async () => {
    render(<HistoryApp />);
    const button = await compareButton('an owl');
    button.focus();
    fireEvent.click(button);

    const dialog = await screen.findByRole('dialog', { name: 'Comparison of models an owl' });
    const cheap = await within(dialog).findByRole('group', { name: 'Cheap' });
    const dear = within(dialog).getByRole('group', { name: 'Dear' });
    // The other prompt of the batch is not in this comparison; the tiles go in the order the models were sent.
    expect(within(dialog).getAllByRole('group', { name: /^(Cheap|Dear)$/ })).toEqual([cheap, dear]);
    expect(within(dialog).queryByText('a fox')).toBeNull();
    expect(dialog.contains(document.activeElement)).toBe(true);

    fireEvent.click(within(dear).getByRole('button', { name: 'Keep this one' }));
    fireEvent.click(within(cheap).getByRole('button', { name: 'Use this model' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]).toEqual({ type: 'setFavourite', ids: ['e4'], favourite: true });
    expect(sent[1]).toMatchObject({ type: 'saveSettings', settings: { modelId: 'cheap' } });

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('offers no Use this model for a comparison made with a profile other than the active one', async () => {
    const { profiles } = (await fakeBrowser.storage.local.get('profiles')) as {
      profiles: { activeId: string; list: object[] };
    };
    await fakeBrowser.storage.local.set({
      profiles: {
        activeId: 'profile-2',
        list: [...profiles.list, { id: 'profile-2', name: 'Work', service: {} }],
      },
    });
    try {
      render(<HistoryApp />);
      fireEvent.click(await compareButton('a fox'));
      const dialog = await screen.findByRole('dialog', { name: 'Comparison of models a fox' });
      const cheap = await within(dialog).findByRole('group', { name: 'Cheap' });
      expect(within(cheap).getByRole('button', { name: 'Keep this one' })).toBeTruthy();
      expect(within(cheap).queryByRole('button', { name: 'Use this model' })).toBeNull();
    } finally {
      await fakeBrowser.storage.local.set({ profiles });
    }
  });

  it('closes with its Close button, back to the button that opened it', async () => {
    render(<HistoryApp />);
    const button = await compareButton('a fox');
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Comparison of models a fox' });
    expect(await within(dialog).findAllByRole('group', { name: /^(Cheap|Dear)$/ })).toHaveLength(2);
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });
});
