// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SpendSection } from '@/components/spend/SpendSection';
import { openHistoryDb } from '@/utils/history/background/open-history-db';
import { modelFigures } from '@/utils/history/model-figures';
import type { HistoryEntry } from '@/utils/history/schema';
import type { ShownProfiles } from '@/utils/profiles/page/profiles-view';
import { toMilli } from '@/utils/spend/credits';
import { dayBounds } from '@/utils/spend/daily-spend';
import { type Charge, entryCharge } from '@/utils/spend/ledger';
import { historyChangesItem } from '@/utils/storage/items';
import { putCharges, putEntries, testEntry } from '../support/history-db';

const firstDay = dayBounds(Date.now())[0] as number;
const now = Date.now();

/** A finished generation of `model`, sent `ms` before its result, charged `cost` of its own when given. */
function made(i: number, model: string, ms: number, patch: Partial<HistoryEntry> = {}): HistoryEntry {
  const createdAt = now - 3_600_000 + i * 1000;
  return testEntry(i, { model, createdAt, finishedAt: createdAt + ms, ...patch });
}

const chargeOf = (entry: HistoryEntry, credits: number): Charge =>
  entryCharge(entry, entry.profileId ?? 'profile-1', { origin: '', keyId: '' }, toMilli(credits));

describe('figures per model', () => {
  it('counts what was sent and ended, with the median time to a result and cost of those made, and the failures', () => {
    const entries = [
      made(1, 'studio-pro', 2000),
      made(2, 'studio-pro', 4000),
      made(3, 'studio-pro', 9000),
      made(4, 'studio-pro', 500, { status: 'failed' }),
      made(5, 'sketch-fast', 300),
      // A batch's prompt that ended unsent, and one still running: neither tells of its model.
      made(6, 'sketch-fast', 0, { status: 'failed', batchId: 'b1' }),
      made(7, 'sketch-fast', 0, { status: 'running' }),
      // A batch's prompt sent later than made: its time runs from its sending.
      made(8, 'sketch-fast', 5000, { batchId: 'b1', sentAt: now - 3_600_000 + 8000 + 4000 }),
      made(9, '', 1000),
    ];
    const charges = [
      chargeOf(entries[0] as HistoryEntry, 7.5),
      chargeOf(entries[1] as HistoryEntry, 7.5),
      chargeOf(entries[2] as HistoryEntry, 8),
      chargeOf(entries[4] as HistoryEntry, 0.5),
      // What overlapping generations took together is no one entry's cost.
      { ...chargeOf(entries[7] as HistoryEntry, 9), id: `group:${(entries[7] as HistoryEntry).id}` },
    ];
    expect(modelFigures(entries, charges)).toEqual([
      { model: 'studio-pro', count: 4, failed: 1, medianMs: 4000, medianCost: 7.5 },
      { model: 'sketch-fast', count: 2, failed: 0, medianMs: 650, medianCost: 0.5 },
      { model: '', count: 1, failed: 0, medianMs: 1000 },
    ]);
    expect(modelFigures([made(1, 'm', 10, { profileId: 'work' }), made(2, 'm', 20)], [], 'work')).toEqual([
      { model: 'm', count: 1, failed: 0, medianMs: 10 },
    ]);
  });
});

const PROFILES: ShownProfiles = {
  activeId: 'profile-1',
  list: [
    { id: 'profile-1', name: 'Home', host: 'home.example', models: [{ id: 'studio-pro', name: 'Studio' }] },
    { id: 'work', name: 'Work', host: 'work.example', models: [] },
  ],
};

async function put(entries: HistoryEntry[], charges: Charge[]): Promise<void> {
  const db = await openHistoryDb();
  await putEntries(db, entries);
  await putCharges(db, charges);
  db.close();
}

beforeAll(async () => {
  const studio = [made(1, 'studio-pro', 2500), made(2, 'studio-pro', 3500, { status: 'failed' })];
  const work = made(3, 'film-grain', 8000, { profileId: 'work' });
  // Before the chart's first day: not the figures' either.
  const old = made(4, 'studio-pro', 60_000, { createdAt: firstDay - 60_000, finishedAt: firstDay });
  await put(
    [...studio, work, old],
    [chargeOf(studio[0] as HistoryEntry, 7.5), chargeOf(work, 12.5), chargeOf(old, 99)],
  );
});
afterEach(cleanup);

const rows = () =>
  Object.fromEntries(
    within(screen.getByTestId('model-figures'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => [
        within(row).getByRole('rowheader').textContent,
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ]),
  );

describe('the figures per model on the history page', () => {
  it('shows the chosen profile’s models of the last 30 days under the chart, by the names the profile gives them', async () => {
    render(<SpendSection profiles={PROFILES} />);
    fireEvent.click(screen.getByRole('button', { name: 'Spending' }));
    const table = await screen.findByRole('table', { name: 'Per model: Home' }, { timeout: 5000 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Model', 'Generations', 'Median time to result', 'Median cost', 'Failed']);
    expect(rows()).toEqual({ 'Studio (studio-pro)': ['2', '2.5 s', '7.5 credits', '1 of 2 (50 %)'] });

    // A result made since, told by the change signal as every other.
    const next = made(5, 'studio-pro', 4500);
    await put([next], [chargeOf(next, 8.5)]);
    await act(() => historyChangesItem.setValue({ seq: 1, ids: ['e5'] }));
    await waitFor(() =>
      expect(rows()).toEqual({ 'Studio (studio-pro)': ['3', '3.5 s', '8 credits', '1 of 3 (33 %)'] }),
    );

    fireEvent.change(screen.getByRole('combobox', { name: 'Profile' }), { target: { value: 'work' } });
    expect(screen.getByRole('table', { name: 'Per model: Work' })).toBeTruthy();
    expect(rows()).toEqual({ 'film-grain': ['1', '8 s', '12.5 credits', '0 of 1 (0 %)'] });
  });
});
