import { DEMO_API_KEY } from '../reference-service/server';
import { BatchForm } from './pages/batch';
import { PopupPage } from './pages/popup';
import { schemes, seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { EVENTUALLY, historyOf, requestsTo, settledHistory } from './support/probes';
import { shot } from './support/screenshots';
import { configure } from './support/setup';

/** The batches below take up to 40 s to end on a loaded 2-core machine. */
const BATCH_TIMEOUT = 40_000;

const credits = (n: number) => (n === 1 ? '1 credit' : `${n.toLocaleString('en')} credits`);

const sentPrompts = (requests: { body: string }[]) =>
  requests.map((request) => (JSON.parse(request.body) as { prompt: string }).prompt);

test('variations one per line: the count, a cost from the images made before, the question, and exactly those prompts sent', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  const popup = await PopupPage.open(extension);
  // Two images first: their recorded costs are all an estimate may rest on.
  for (const prompt of ['a first paper fox', 'a second paper fox']) {
    await popup.generateImage(prompt);
    await expect(popup.status('Image ready.')).toBeVisible();
  }
  await expect
    .poll(
      async () => (await historyOf(extension)).filter((entry) => entry.cost !== undefined).length,
      EVENTUALLY,
    )
    .toBe(2);
  const [each] = (await historyOf(extension)).map((entry) => entry.cost ?? 0);
  const balance = service.balanceOf(DEMO_API_KEY) ?? 0;

  const form = new BatchForm(popup.page);
  await form.onePerLine.check();
  // Eleven: one more than the default threshold (10), so the form asks first.
  await form.prompt.fill(
    'a {red|green|blue} kite\na {small|big|tiny} owl\na {paper|tin|wool|glass} crane\na plain \\{brace\\}',
  );
  await expect(form.count).toHaveText('11 images or 11 videos will be made, one per line.');
  const preview = popup.page.getByTestId('cost-preview');
  await expect(preview).toContainText(
    `As images: 11 prompts × about ${credits(each ?? 0)} ≈ ${credits(11 * (each ?? 0))} (from 2 earlier ones).`,
  );
  // No video was made: its cost is not guessed.
  await expect(preview).toContainText('As videos: 11 prompts, cost unknown');
  await expect(preview).toContainText(`Balance: ${credits(balance)}.`);

  await form.generate('image');
  await expect(form.question).toContainText('Make 11 images now? Each one spends credits.');
  await expect(form.question.getByTestId('cost-preview')).toContainText(
    `As images: 11 prompts × about ${credits(each ?? 0)} ≈ ${credits(11 * (each ?? 0))}`,
  );
  for (const scheme of schemes) {
    expect(await seriousViolations(popup.page, scheme)).toEqual([]);
    await popup.page.screenshot({
      path: shot(`variations-question-${scheme}`),
      fullPage: true,
    });
  }
  await form.confirm.click();

  const history = await settledHistory(extension, 13, BATCH_TIMEOUT);
  const expected = [
    'a red kite',
    'a green kite',
    'a blue kite',
    'a small owl',
    'a big owl',
    'a tiny owl',
    'a paper crane',
    'a tin crane',
    'a wool crane',
    'a glass crane',
    'a plain {brace}',
  ];
  expect(history.slice(0, 11).map((entry) => entry.prompt)).toEqual(expected);
  const sent = sentPrompts(requestsTo(service.requests(), '/v1/images/generate', 'POST'));
  expect(sent.slice(2).sort()).toEqual([...expected].sort());
});

test('variations in one prompt make a batch too; too many and an open brace are said while typing, and nothing is sent', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  const popup = await PopupPage.open(extension);
  const form = new BatchForm(popup.page);

  await form.prompt.fill('{a|b|c|d|e} {f|g|h|i|j} lantern');
  await expect(form.problem).toHaveText('These variations make 25 prompts; at most 20 can be sent at once.');
  await form.generate('image');
  await form.prompt.fill('a {broken lantern');
  await form.generate('image');
  await expect(form.problem).toContainText('A brace is not closed');
  await popup.page.waitForTimeout(500);
  expect(requestsTo(service.requests(), '/v1/images/generate', 'POST')).toHaveLength(0);

  await form.prompt.fill('a {tin|brass} lantern');
  await expect(form.count).toHaveText('2 images or 2 videos will be made, one per variation.');
  await form.generate('image');
  const history = await settledHistory(extension, 2, BATCH_TIMEOUT);
  expect(history.map((entry) => entry.prompt).sort()).toEqual(['a brass lantern', 'a tin lantern']);
});
