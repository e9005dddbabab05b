// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SpendSection } from '@/components/spend/SpendSection';
import { openHistoryDb } from '@/utils/history/background/open-history-db';
import { HISTORY_DB_NAME, type HistoryDb } from '@/utils/history/history-db';
import type { HistoryEntry } from '@/utils/history/schema';
import { localDate } from '@/utils/local-date';
import type { ShownProfiles } from '@/utils/profiles/page/profiles-view';
import { toMilli } from '@/utils/spend/credits';
import { dayBounds, SPEND_DAYS } from '@/utils/spend/daily-spend';
import { entryCharge } from '@/utils/spend/ledger';
import { chartDaySums } from '@/utils/spend/page/spend-reader';
import { historyChangesItem } from '@/utils/storage/items';
import { putCharges, testEntry } from '../support/history-db';

const days = dayBounds(Date.now());
const day = (index: number) => days.at(index) as number;
const [firstDay, yesterday, today] = [day(0), day(SPEND_DAYS - 2), day(SPEND_DAYS - 1)];
const PROFILES: ShownProfiles = {
  activeId: 'profile-1',
  list: [
    { id: 'profile-1', name: 'Home', host: 'home.example', models: [] },
    { id: 'work', name: 'Work', host: 'work.example', models: [] },
  ],
};

/** Records the entries' costs in the spend ledger, as the background does when it settles them. */
function charge(db: HistoryDb, entries: readonly HistoryEntry[]): Promise<void> {
  return putCharges(
    db,
    entries.map((entry) =>
      entryCharge(entry, entry.profileId ?? 'profile-1', { origin: '', keyId: '' }, toMilli(entry.cost ?? 0)),
    ),
  );
}

async function put(...entries: HistoryEntry[]): Promise<void> {
  const db = await openHistoryDb();
  await charge(db, entries);
  db.close();
}

beforeAll(() =>
  put(
    testEntry(1, { createdAt: today + 60_000, cost: 3 }),
    testEntry(2, { createdAt: today + 120_000, kind: 'video', cost: 20 }),
    testEntry(3, { createdAt: yesterday + 60_000, cost: 5 }),
    testEntry(4, { createdAt: yesterday + 120_000, status: 'failed', cost: 2 }),
    testEntry(6, { createdAt: today + 240_000, cost: 7, profileId: 'work' }),
    // The day before the first day: not the chart's.
    testEntry(7, { createdAt: firstDay - 60_000, cost: 100 }),
  ),
);
afterEach(cleanup);

/** Each day's row of the table with its image, video and total figures, by local date. */
function tableRows(): Record<string, string[]> {
  const table = screen.getByTestId('spend-table');
  return Object.fromEntries(
    within(table)
      .getAllByRole('row')
      .flatMap((row) => {
        const date = row.querySelector('time')?.getAttribute('datetime');
        const cells = within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent ?? '');
        return date ? [[date, cells]] : [];
      }),
  );
}

describe('the spending section', () => {
  it('loads the chart when opened: the active profile’s days, the budget line and the same numbers as a table', async () => {
    render(<SpendSection profiles={PROFILES} dailyBudget={22} />);
    const toggle = screen.getByRole('button', { name: 'Spending' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('img')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    const chart = await screen.findByRole('img', {}, { timeout: 5000 });
    expect(screen.getByRole('heading', { name: /last 30 days: Home$/ })).toBeTruthy();
    expect(chart.getAttribute('aria-label')).toContain(
      '30 credits in all, 10 credits on images, 20 credits on videos',
    );
    expect(chart.getAttribute('aria-label')).toContain(
      'Over the daily budget of 22 credits on 1 of 30 days.',
    );
    expect(chart.querySelectorAll('rect').length).toBe(4);
    expect(screen.getByTestId('spend-budget-line')).toBeTruthy();
    expect(screen.getByText('Daily budget: 22 credits')).toBeTruthy();
    expect(screen.getByTestId('spend-totals').textContent).toBe(
      'In 30 days: 30 credits (10 credits on images, 20 credits on videos)',
    );

    const tableButton = screen.getByRole('button', { name: 'Numbers as a table' });
    expect(tableButton.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(tableButton);
    expect(tableButton.getAttribute('aria-expanded')).toBe('true');
    const rows = tableRows();
    expect(Object.keys(rows)).toHaveLength(SPEND_DAYS);
    expect(rows[localDate(today)]).toEqual(['3', '20', '0', '23']);
    expect(rows[localDate(yesterday)]).toEqual(['7', '0', '0', '7']);
    expect(rows[localDate(firstDay)]).toEqual(['0', '0', '0', '0']);
    const foot = within(screen.getByTestId('spend-table')).getByRole('row', { name: /All 30 days/ });
    expect(
      within(foot)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['10', '20', '0', '30']);
  });

  it('follows the history’s changes and shows another profile, or all', async () => {
    render(<SpendSection profiles={PROFILES} />);
    fireEvent.click(screen.getByRole('button', { name: 'Spending' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Numbers as a table' }, { timeout: 5000 }));
    expect(screen.queryByTestId('spend-budget-line')).toBeNull();

    // A video finished and was charged 11.5.
    await put(testEntry(5, { createdAt: today + 180_000, kind: 'video', cost: 11.5 }));
    await act(() => historyChangesItem.setValue({ seq: 1, ids: ['e5'] }));
    await waitFor(() => expect(tableRows()[localDate(today)]).toEqual(['3', '31.5', '0', '34.5']));

    fireEvent.change(screen.getByRole('combobox', { name: 'Profile' }), { target: { value: 'work' } });
    expect(tableRows()[localDate(today)]).toEqual(['7', '0', '0', '7']);
    expect(screen.getByRole('heading', { name: /last 30 days: Work$/ })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Profile' }), { target: { value: '' } });
    expect(tableRows()[localDate(today)]).toEqual(['10', '31.5', '0', '41.5']);
  });
});

describe('the read of the chart’s days', () => {
  it('reads the day sums of the chart’s days alone, whatever the ledger holds before them', async () => {
    const db = await openHistoryDb(`${HISTORY_DB_NAME}-spend-days`);
    const entries = Array.from({ length: 2300 }, (_, i) =>
      testEntry(i, { createdAt: firstDay + (i - 100) * 3_600_000, cost: 0.5 }),
    );
    await charge(db, entries);
    const sums = await chartDaySums(db, Date.now());
    const inRange = entries.filter(
      (entry) => entry.createdAt >= firstDay && entry.createdAt < day(SPEND_DAYS),
    );
    expect(new Set(sums.map((sum) => sum.day)).size).toBe(SPEND_DAYS);
    expect(sums.reduce((all, sum) => all + sum.count, 0)).toBe(inRange.length);
    expect(sums.reduce((all, sum) => all + sum.images, 0)).toBe(inRange.length * 500);
    db.close();
  });
});
