import { DEMO_API_KEY } from '../../reference-service/server';
import { expect, test } from '../support/fixtures';
import { entryOf, requestsTo, settledHistory, submissionsOf } from '../support/probes';
import { conclude } from '../support/reliability-observe';
import { configure } from '../support/setup';

test('credits run out between two requests: the 402 reaches the person with the balance they have', async ({
  extension,
  service,
}) => {
  const imageCost = 3;
  service.configure({ accounts: { [DEMO_API_KEY]: imageCost + 1 }, imageCost, videoCost: imageCost * 2 });
  await configure(extension, service);
  const popup = await extension.openPage('popup');
  await expect(popup.getByTestId('balance')).toContainText('credits');

  const prompt = popup.getByRole('textbox', { name: 'Prompt' });
  await prompt.fill('a first lemon');
  await popup.getByRole('button', { name: 'Generate image' }).click();
  await expect(popup.getByTestId('result')).toBeVisible();

  // What is left no longer pays for a second image.
  const left = service.balanceOf(DEMO_API_KEY) ?? -1;
  expect(left).toBeLessThan(imageCost);
  await prompt.fill('a second lemon');
  await popup.getByRole('button', { name: 'Generate image' }).click();
  const alert = popup.getByRole('alert');
  // "1 credit" / "2 credits": the figure as the popup words it, from the service's own count.
  const balanceText = formatCreditsEn(left);
  await expect(alert).toContainText(`Not enough credits: you have ${balanceText}.`);
  await expect(alert).toContainText(/Insufficient credits/); // the service's own 402 text
  await expect(popup.getByTestId('balance')).toContainText(balanceText);

  // A video is refused the same way, and its entry keeps the balance too.
  await prompt.fill('a third lemon, moving');
  await popup.getByRole('button', { name: 'Generate video' }).click();
  await expect(alert).toContainText(`Not enough credits: you have ${balanceText}.`);

  const history = await settledHistory(extension, 3);
  const byPrompt = (text: string) => history.find((entry) => entry.prompt === text)?.id ?? '';
  const { lost, keyLeaks, completed, failedWithMessage } = await conclude(
    'credits run out between two requests',
    {
      extension,
      service,
      history,
      ids: history.map((entry) => entry.id),
      texts: { popup: await popup.content() },
      note: `balance ${left} left after the first image`,
    },
  );
  expect([lost, keyLeaks, completed, failedWithMessage]).toEqual([0, 0, 1, 2]);
  for (const text of ['a second lemon', 'a third lemon, moving']) {
    const entry = entryOf(history, byPrompt(text));
    expect(entry).toMatchObject({
      status: 'failed',
      error: { kind: 'insufficient_credits', status: 402, balance: left },
    });
  }
  expect(requestsTo(service.requests(), '/v1/images/generate').map((request) => request.status)).toEqual([
    200, 402,
  ]);
  expect(submissionsOf(service).map((request) => request.status)).toEqual([402]);
});

/** The popup's own wording of a credit count in English ("1 credit", "2 credits"). */
function formatCreditsEn(value: number): string {
  return value === 1 ? '1 credit' : `${value.toLocaleString('en-US')} credits`;
}
