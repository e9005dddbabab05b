// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MENU_IMAGE } from '../../../utils/context-menu/background/context-menu';
import { describeError } from '../../../utils/describe-error';
import type { HistoryEntry } from '../../../utils/history/schema';
import { localDate } from '../../../utils/local-date';
import { budgetStates, nearLimit, overBudget, periodDays, periodStarts } from '../../../utils/spend/budget';
import type { DaySum } from '../../../utils/spend/ledger';
import { DEMO_API_KEY } from '../../reference-service/server';
import { type BackgroundHarness, makeBackgroundApp, startWorker } from '../support/background-app';
import { referenceServiceForFile } from '../support/reference-service';

const service = referenceServiceForFile({ imageCost: 40 });

/** Costs are read from the balance after the answer; a loaded machine may take a while. */
const SETTLED = { timeout: 20_000 };

const imagesSent = () =>
  service.requests().filter((request) => request.method === 'POST' && request.path.endsWith('/generate'))
    .length;

/** Makes one image and waits until what it cost is recorded. */
async function costedImage(harness: BackgroundHarness, prompt: string, overBudget?: true) {
  const entry = await harness.app.handlers.generateImage({
    type: 'generateImage',
    prompt,
    ...(overBudget ? { overBudget } : {}),
  });
  await expect
    .poll(
      async () => (await harness.items.history.getValue()).find((each) => each.id === entry.id)?.cost,
      SETTLED,
    )
    .toBe(40);
  return entry;
}

const titles = (harness: BackgroundHarness) => harness.notifications.map((shown) => shown.title);

describe('budgets stop a generation before anything is sent, and the person may go on once', () => {
  it('today’s budget: the estimate from earlier costs stops the third image; going on once sends it; 80 % is told once', async () => {
    service.configure({ accounts: { [DEMO_API_KEY]: 1000 } });
    const harness = await makeBackgroundApp(service, { dailyBudget: 100 });
    harness.popup.open = true;
    await costedImage(harness, 'a first kite');
    await costedImage(harness, 'a second kite');
    // 80 of 100: told once, when the second cost was recorded.
    await expect.poll(() => titles(harness)).toEqual(['80 % of today’s budget used']);
    expect(harness.notifications[0]?.message).toBe('80 credits of 100 credits spent by Promptcast.');

    const sentBefore = imagesSent();
    const refused = await harness.app.handlers
      .generateImage({ type: 'generateImage', prompt: 'a third kite' })
      .catch((error: { info: Parameters<typeof describeError>[0] }) => error.info);
    expect(refused).toMatchObject({
      kind: 'over_budget',
      budget: { period: 'day', limit: 100, spent: 80, cost: 40 },
    });
    expect(describeError(refused as Parameters<typeof describeError>[0])).toBe(
      'Stopped before spending: this would take today’s budget past its limit (80 credits of 100 credits spent, about 40 credits more).',
    );
    // Nothing was sent, nor recorded.
    expect(imagesSent()).toBe(sentBefore);
    expect((await harness.items.history.getValue()).map((entry) => entry.prompt)).not.toContain(
      'a third kite',
    );

    await costedImage(harness, 'a third kite', true);
    expect(imagesSent()).toBe(sentBefore + 1);
    // A new worker (the browser restarted) tells no 80 % again this day.
    const next = startWorker();
    next.popup.open = true;
    await costedImage(next, 'a fourth kite', true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(titles(next)).toEqual([]);
  });

  it('a batch is stopped whole when its prompts together would go over, and recorded whole when the person goes on', async () => {
    service.configure({ accounts: { [DEMO_API_KEY]: 1000 } });
    const harness = await makeBackgroundApp(service, { dailyBudget: 100 });
    await costedImage(harness, 'a priced owl');
    const batch = {
      type: 'generateBatch' as const,
      kind: 'image' as const,
      prompts: ['one owl', 'two owls'],
    };
    await expect(harness.app.handlers.generateBatch(batch)).rejects.toMatchObject({
      info: { kind: 'over_budget', budget: { period: 'day', spent: 40, cost: 80 } },
    });
    expect(await harness.items.history.getValue()).toHaveLength(1);
    expect(await harness.app.handlers.generateBatch({ ...batch, overBudget: true })).toMatchObject({
      count: 2,
    });
    await expect
      .poll(async () => (await harness.items.history.getValue()).map((entry) => entry.status), SETTLED)
      .toEqual(['completed', 'completed', 'completed']);
  });

  it('runs beside the start’s other checks and is told first: over budget and unreachable says over budget, within it says unreachable', async () => {
    service.configure({ accounts: { [DEMO_API_KEY]: 1000 } });
    const harness = await makeBackgroundApp(service, { dailyBudget: 60 });
    await costedImage(harness, 'a priced heron');
    harness.access.reachable = false;
    const refusal = (request: Parameters<typeof harness.app.handlers.generateImage>[0]) =>
      harness.app.handlers.generateImage(request).then(
        () => 'sent',
        (error: { info: { kind: string } }) => error.info.kind,
      );
    const sentBefore = imagesSent();
    // Both refuse: the budget's reason, as when it was checked before the service's access.
    expect(await refusal({ type: 'generateImage', prompt: 'a second heron' })).toBe('over_budget');
    // The person goes over once: now the access is what stops it.
    expect(await refusal({ type: 'generateImage', prompt: 'a second heron', overBudget: true })).toBe(
      'no_permission',
    );
    // Within the budget, the access still stops it: the check did not let it past.
    await harness.items.settings.setValue({
      ...(await harness.items.settings.getValue()),
      dailyBudget: 1000,
    });
    expect(await refusal({ type: 'generateImage', prompt: 'a second heron' })).toBe('no_permission');
    harness.access.reachable = true;
    expect(await refusal({ type: 'generateImage', prompt: 'a second heron' })).toBe('sent');
    expect(imagesSent()).toBe(sentBefore + 1);
    expect((await harness.items.history.getValue()).map((entry) => entry.prompt)).toEqual([
      'a second heron',
      'a priced heron',
    ]);
  });

  it('a batch counts: what it cost together is shared among its results, and the next generation is priced on it', async () => {
    service.configure({ accounts: { [DEMO_API_KEY]: 1000 }, imageCost: 7 });
    const harness = await makeBackgroundApp(service, { dailyBudget: 30 });
    const { batchId } = await harness.app.handlers.generateBatch({
      type: 'generateBatch',
      kind: 'image',
      prompts: ['one wren', 'two wrens', 'three wrens'],
    });
    const costs = async () =>
      (await harness.items.history.getValue())
        .filter((entry) => entry.batchId === batchId)
        .map((entry) => entry.cost);
    await expect.poll(costs, SETTLED).toEqual([7, 7, 7]);
    // 21 of 30 spent, about 7 more: a fourth image still fits, a batch of two does not.
    await expect(
      harness.app.handlers.generateBatch({ type: 'generateBatch', kind: 'image', prompts: ['a', 'b'] }),
    ).rejects.toMatchObject({
      info: { kind: 'over_budget', budget: { period: 'day', spent: 21, cost: 14 } },
    });
  });

  it('a batch that overlaps another generation records no cost, as a lone one would not', async () => {
    service.configure({ accounts: { [DEMO_API_KEY]: 1000 }, imageCost: 7, latencyMs: 300 });
    const harness = await makeBackgroundApp(service);
    const { batchId } = await harness.app.handlers.generateBatch({
      type: 'generateBatch',
      kind: 'image',
      prompts: ['one heron', 'two herons'],
    });
    await harness.app.handlers.generateImage({ type: 'generateImage', prompt: 'a lone heron' });
    await expect
      .poll(
        async () => (await harness.items.history.getValue()).every((entry) => entry.status === 'completed'),
        SETTLED,
      )
      .toBe(true);
    // Settled: the reading before is gone from every entry, and none holds a cost.
    await expect
      .poll(
        async () => (await harness.items.history.getValue()).some((entry) => entry.balanceBefore),
        SETTLED,
      )
      .toBe(false);
    const batch = (await harness.items.history.getValue()).filter((entry) => entry.batchId === batchId);
    expect(batch.map((entry) => entry.cost)).toEqual([undefined, undefined]);
  });

  it('two images asked for in one tick: one reading before, taken for the first alone, and one charge of the two', async () => {
    service.configure({ accounts: { [DEMO_API_KEY]: 1000 }, imageCost: 7, latencyMs: 300 });
    const harness = await makeBackgroundApp(service);
    const history = () => harness.items.history.getValue();
    const asked = ['a glass fox', 'a glass hare'].map((prompt) =>
      harness.app.handlers.generateImage({ type: 'generateImage', prompt }),
    );
    // Both recorded, both still waiting for the service: had each looked before the other was counted,
    // each would hold a reading, in one millisecond they would be one batch's, and split the charge.
    await expect.poll(async () => (await history()).length).toBe(2);
    expect((await history()).filter((entry) => entry.balanceBefore).map((entry) => entry.prompt)).toEqual([
      'a glass fox',
    ]);
    await Promise.all(asked);
    await expect
      .poll(async () => (await history()).some((entry) => entry.balanceBefore), SETTLED)
      .toBe(false);
    expect((await history()).map((entry) => entry.cost)).toEqual([undefined, undefined]);
  });

  it('from the context menu, a used-up budget becomes a failed entry the person is told about', async () => {
    service.configure({ accounts: { [DEMO_API_KEY]: 1000 } });
    const harness = await makeBackgroundApp(service, { monthlyBudget: 30 });
    harness.popup.open = true;
    // The first image is allowed: nothing was spent yet and no price is known, then it costs 40 of 30.
    await costedImage(harness, 'an allowed boat');
    const sentBefore = imagesSent();
    await harness.app.onMenuClick(MENU_IMAGE, 'a paper boat');
    const [failed] = await harness.items.history.getValue();
    expect(failed).toMatchObject({
      prompt: 'a paper boat',
      status: 'failed',
      error: { kind: 'over_budget' },
    });
    expect(imagesSent()).toBe(sentBefore);
    const told = harness.notifications.find((shown) => shown.message.includes('this month’s budget'));
    const reason = describeError((failed as HistoryEntry).error as Parameters<typeof describeError>[0]);
    expect(reason).toBe(
      'Stopped before spending: this month’s budget is used up (40 credits of 30 credits).',
    );
    expect(told?.message).toBe(`“a paper boat”\n${reason}`);
  });
});

describe('a low balance is told once each time it falls below the person’s level', () => {
  it('told when it falls below, not again while it stays low, and again after it was back above', async () => {
    service.configure({ accounts: { [DEMO_API_KEY]: 1000 } });
    const harness = await makeBackgroundApp(service, { lowBalanceBelow: 970 });
    harness.popup.open = true;
    await costedImage(harness, 'first');
    await expect.poll(() => titles(harness)).toEqual(['Balance low']);
    expect(harness.notifications[0]?.message).toBe('960 credits left, below the 970 credits you set.');
    await costedImage(harness, 'second');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(titles(harness)).toEqual(['Balance low']);
    // Topped up above the level, then down below it again.
    service.configure({ accounts: { [DEMO_API_KEY]: 2000 } });
    await costedImage(harness, 'third');
    service.configure({ accounts: { [DEMO_API_KEY]: 1005 } });
    await costedImage(harness, 'fourth');
    await expect.poll(() => titles(harness)).toEqual(['Balance low', 'Balance low']);
  });
});

describe('counting', () => {
  // 26 November 2026, noon, on this machine's calendar.
  const now = new Date(2026, 10, 26, 12).getTime();
  /** A day sum of the ledger, in thousandths of a credit. */
  const day = (date: number, images: number, videos = 0, mixed = 0): DaySum => ({
    profile: 'p',
    day: localDate(new Date(2026, 10, date).getTime()),
    images,
    videos,
    mixed,
    count: 1,
  });

  it('today counts from local midnight and the month from its first day, in exact thousandths', () => {
    expect(periodStarts(now)).toEqual({
      day: new Date(2026, 10, 26).getTime(),
      month: new Date(2026, 10, 1).getTime(),
    });
    expect(periodDays(now)).toEqual({ day: '2026-11-26', month: '2026-11-01' });
    const days = [day(26, 7_500, 100, 200), day(25, 7_000), day(1, 20_000), day(1, 0, 0, 100)];
    expect(budgetStates({ dailyBudget: 50, monthlyBudget: 100 }, days, now)).toEqual([
      { period: 'day', limit: 50, spent: 7.8 },
      { period: 'month', limit: 100, spent: 34.9 },
    ]);
    expect(budgetStates({ dailyBudget: 0, monthlyBudget: 0 }, days, now)).toEqual([]);
  });

  it('a used-up budget stops even a generation of unknown price; one within it does not stop', () => {
    const used = [{ period: 'day' as const, limit: 15, spent: 15 }];
    expect(overBudget(used, 0)).toEqual(used[0]);
    const room = [{ period: 'month' as const, limit: 100, spent: 42 }];
    expect(overBudget(room, 58)).toBeUndefined();
    expect(overBudget(room, 59)).toEqual(room[0]);
  });

  it('compares fractions exactly: 0.1 + 0.2 spent leaves room for 0.7 of 1, and 7.5 + 7.5 fills 15', () => {
    expect(overBudget([{ period: 'day', limit: 1, spent: 0.3 }], 0.7)).toBeUndefined();
    expect(overBudget([{ period: 'day', limit: 1, spent: 0.3 }], 0.701)).toBeDefined();
    expect(overBudget([{ period: 'day', limit: 15, spent: 7.5 }], 7.5)).toBeUndefined();
    expect(nearLimit({ period: 'day', limit: 1, spent: 0.8 })).toBe(true);
    expect(nearLimit({ period: 'day', limit: 1, spent: 0.799 })).toBe(false);
  });
});
