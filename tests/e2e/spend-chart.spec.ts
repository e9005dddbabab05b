import type { Page } from '@playwright/test';
import type { HistoryEntry } from '../../utils/history/schema';
import { FIRST_PROFILE_ID, profileOf } from '../../utils/profiles/first-profile';
import { HistoryPage } from './pages/history';
import { expect, test } from './support/fixtures';
import { chargesOf, seedCharges, seedHistory } from './support/history-seed';
import { EVENTUALLY, historyOf } from './support/probes';
import { shot } from './support/screenshots';
import { configure, sendFrom } from './support/setup';

type Row = [images: number, videos: number, together: number, total: number];

/** An entry made `daysAgo` local days before today, at `hour`, with `patch` over a finished image. */
function madeOn(id: string, daysAgo: number, hour: number, patch: Partial<HistoryEntry>): HistoryEntry {
  const today = new Date();
  const createdAt = new Date(
    today.getFullYear(),
    today.getMonth(),
    today.getDate() - daysAgo,
    hour,
  ).getTime();
  return {
    id,
    kind: 'image',
    prompt: `spend ${id}`,
    model: '',
    source: 'popup',
    status: 'completed',
    urls: [],
    // Today's entries lie in the past however early the test runs.
    createdAt: daysAgo === 0 ? Math.min(createdAt, Date.now() - 60_000 * (hour + 1)) : createdAt,
    finishedAt: createdAt + 1000,
    ...patch,
  };
}

/**
 * What the table should say: each entry's recorded cost on its local day (as the browser, which draws the
 * chart, reckons days: the 30 ending today), of the profiles `counts` lets through; days without spend are
 * left out.
 */
async function expectedDays(
  page: Page,
  entries: readonly HistoryEntry[],
  counts: (entry: HistoryEntry) => boolean,
): Promise<Record<string, Row>> {
  const dates = await page.evaluate(
    (times) => {
      const now = new Date();
      const firstDay = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 29).getTime();
      const pad = (value: number) => String(value).padStart(2, '0');
      return times.map((time) => {
        const date = new Date(time);
        return time < firstDay
          ? undefined
          : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
      });
    },
    entries.map((entry) => entry.createdAt),
  );
  const days: Record<string, Row> = {};
  entries.forEach((entry, i) => {
    const date = dates[i];
    if (date === undefined || entry.cost === undefined || !counts(entry)) return;
    const day = days[date] ?? [0, 0, 0, 0];
    days[date] = day;
    day[entry.kind === 'image' ? 0 : 1] += entry.cost;
    day[3] += entry.cost;
  });
  return days;
}

/** The table's days with spend, and a check that it lists 30 days and sums them at its foot. */
async function tableDays(history: HistoryPage): Promise<Record<string, Row>> {
  const rows = (await history.spendRows()) as Record<string, Row>;
  expect(Object.keys(rows)).toHaveLength(30);
  const sums = Object.values(rows).reduce<Row>(
    (sum, row) => [sum[0] + row[0], sum[1] + row[1], sum[2] + row[2], sum[3] + row[3]],
    [0, 0, 0, 0],
  );
  await expect(history.spendTotals()).toHaveText(sums.map(String));
  return Object.fromEntries(Object.entries(rows).filter(([, row]) => row[3] > 0));
}

test('the spend chart shows the recorded costs per day, by profile, and follows new ones', async ({
  extension,
  service,
}) => {
  const setup = await configure(extension, service);
  const added = await sendFrom(setup, { type: 'addProfile', name: 'Work' });
  if (!added.ok) throw new Error(added.error.message);
  const work = added.data.id;
  expect((await sendFrom(setup, { type: 'switchProfile', id: FIRST_PROFILE_ID })).ok).toBe(true);

  const seed = [
    madeOn('today-image', 0, 9, { cost: 4 }),
    madeOn('today-video', 0, 8, { kind: 'video', cost: 40 }),
    madeOn('today-work', 0, 6, { cost: 9, profileId: work }),
    madeOn('yesterday-failed', 1, 22, { status: 'failed', cost: 2 }),
    madeOn('yesterday-overlapped', 1, 21, {}),
    madeOn('three-days', 3, 12, { kind: 'video', cost: 25 }),
    madeOn('three-days-image', 3, 11, { cost: 3 }),
    madeOn('work-week', 7, 10, { kind: 'video', cost: 30, profileId: work }),
    madeOn('first-day', 29, 0, { cost: 6 }),
    // Before the chart's first day: in the history, not in the chart.
    madeOn('too-old', 30, 23, { cost: 500 }),
    madeOn('much-older', 45, 12, { cost: 700, kind: 'video' }),
  ];
  await seedHistory(extension, seed);
  // What they cost is in the spend ledger, which the chart reads.
  await seedCharges(extension, chargesOf(seed));

  const history = await HistoryPage.open(extension);
  await expect(history.entries()).toHaveCount(seed.length);
  await history.openSpending();
  const first = (entry: HistoryEntry) => profileOf(entry) === FIRST_PROFILE_ID;
  await expect(history.spending.getByRole('heading', { level: 3 })).toHaveText(
    `Credits spent per day, last 30 days: ${new URL(service.url).host}`,
  );
  expect(await tableDays(history)).toEqual(await expectedDays(history.page, seed, first));

  // The drawing: a bar of images and one of videos stacked on each day with spend, and its sum in words.
  const spendDays = Object.values(await expectedDays(history.page, seed, first));
  await expect(history.spendChart.locator('rect')).toHaveCount(2 * spendDays.length);
  const total = spendDays.reduce((sum, day) => sum + day[3], 0);
  await expect(history.spendChart).toHaveAttribute('aria-label', new RegExp(`: ${total} credits in all,`));

  for (const scheme of ['light', 'dark'] as const) {
    await history.page.emulateMedia({ colorScheme: scheme });
    await history.spending.screenshot({ path: shot(`spend-${scheme}`) });
  }
  await history.page.emulateMedia({ colorScheme: 'light' });

  // A generation that runs now, alone, has its cost recorded: the open chart adds it to today. (A running entry
  // in the seed would have made it overlap, with no cost recorded: the unit tests cover running entries.)
  const made = await sendFrom(setup, { type: 'generateImage', prompt: 'a charged heron' });
  expect(made.ok).toBe(true);
  await expect
    .poll(
      async () => (await historyOf(extension)).find((entry) => entry.prompt === 'a charged heron')?.cost,
      {
        ...EVENTUALLY,
        message: 'the lone generation never had its cost recorded',
      },
    )
    .toBeGreaterThan(0);
  const now = await historyOf(extension);
  const withIt = await expectedDays(history.page, now, first);
  await expect(async () => expect(await tableDays(history)).toEqual(withIt)).toPass(EVENTUALLY);

  await history.chooseSpendProfile('Work');
  expect(await tableDays(history)).toEqual(
    await expectedDays(history.page, now, (entry) => entry.profileId === work),
  );
  await history.chooseSpendProfile('All profiles');
  expect(await tableDays(history)).toEqual(await expectedDays(history.page, now, () => true));
});
