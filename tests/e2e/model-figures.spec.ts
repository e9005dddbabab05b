import type { HistoryEntry } from '../../utils/history/schema';
import { HistoryPage } from './pages/history';
import { PopupPage } from './pages/popup';
import { schemes, seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { EVENTUALLY, historyOf, settledHistoryOf } from './support/probes';
import { shot } from './support/screenshots';
import { configure, listProfileModels } from './support/setup';

const MODELS = {
  'studio-pro': { imageCost: 7.5, latencyMs: 900 },
  'sketch-fast': { imageCost: 0.5, latencyMs: 100 },
};

/** The middle value, as the page takes it (between the two middle ones for an even count). */
function middle(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const at = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[at] as number)
    : ((sorted[at - 1] as number) + (sorted[at] as number)) / 2;
}

/** The row the page should show for a model, computed from the entries the extension stored. */
function expectedRow(entries: HistoryEntry[]): string[] {
  const made = entries.filter((entry) => entry.status === 'completed');
  const ms = middle(made.map((entry) => (entry.finishedAt ?? 0) - entry.createdAt));
  const cost = middle(made.flatMap((entry) => entry.cost ?? []));
  const failed = entries.length - made.length;
  return [
    String(entries.length),
    `${(Math.round(ms / 100) / 10).toLocaleString('en')} s`,
    `${cost.toLocaleString('en')} credit${cost === 1 ? '' : 's'}`,
    `${failed} of ${entries.length} (${Math.round((failed / entries.length) * 100)} %)`,
  ];
}

test('the history page’s figures per model match the generations made with each', async ({
  extension,
  service,
}) => {
  service.configure({ models: MODELS });
  const options = await configure(extension, service);
  await listProfileModels(options, [
    { id: 'studio-pro', name: 'Studio' },
    { id: 'sketch-fast', name: 'Quick sketch' },
  ]);

  // One at a time, each alone, so each has a cost of its own; the last one fails (an empty result).
  const popup = await PopupPage.open(extension);
  const choice = popup.page.getByRole('combobox', { name: 'Model' });
  const made: [string, string][] = [
    ['Studio', 'a lighthouse'],
    ['Studio', 'a harbour'],
    ['Studio', 'a pier'],
    ['Quick sketch', 'a gull'],
    ['Quick sketch', 'a buoy [empty]'],
  ];
  for (const [index, [model, prompt]] of made.entries()) {
    await choice.selectOption({ label: model });
    await popup.generateImage(prompt);
    await expect
      .poll(
        async () => (await historyOf(extension)).filter((entry) => entry.status !== 'running').length,
        EVENTUALLY,
      )
      .toBe(index + 1);
    await expect(popup.imageButton).toBeEnabled();
  }
  const entries = await settledHistoryOf(extension);
  expect(entries).toHaveLength(made.length);
  const of = (model: string) => entries.filter((entry) => entry.model === model);
  // Each model's own price reached its entries.
  expect(of('studio-pro').map((entry) => entry.cost)).toEqual([7.5, 7.5, 7.5]);
  expect(
    of('sketch-fast')
      .filter((entry) => entry.status === 'completed')
      .map((entry) => entry.cost),
  ).toEqual([0.5]);

  const history = await HistoryPage.open(extension);
  await history.openSpending();
  await expect(history.spending.getByTestId('model-figures')).toBeVisible();
  expect(await history.modelFigures()).toEqual({
    'Studio (studio-pro)': expectedRow(of('studio-pro')),
    'Quick sketch (sketch-fast)': expectedRow(of('sketch-fast')),
  });
  for (const scheme of schemes) {
    expect(await seriousViolations(history.page, scheme)).toEqual([]);
    await history.spending.getByTestId('model-figures').screenshot({ path: shot(`model-figures-${scheme}`) });
  }
});
