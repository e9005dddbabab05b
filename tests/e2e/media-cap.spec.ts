import type { Page } from '@playwright/test';
import { DEFAULT_SETTINGS } from '../../utils/settings/defaults';
import { HistoryPage } from './pages/history';
import { expect, test } from './support/media-lab';
import { EVENTUALLY, quietCopiesOf, quietStored, settled } from './support/probes';
import { configure, sendFrom } from './support/setup';

/**
 * The cap counts results: a result is kept whole or not at all, one larger than the cap evicts nothing and
 * says why, and *Keep anyway* raises the cap just enough for it. Media host with access: 127.0.0.1 (see
 * media-keep.spec).
 */
const MB = 1024 * 1024;

async function generateImage(page: Page, prompt: string): Promise<string> {
  const response = await sendFrom(page, { type: 'generateImage', prompt });
  if (!response.ok) throw new Error(response.error.message);
  return response.data.id;
}

test('with the cap at 50 MB a 2 × 30 MB video evicts nothing and says why; Keep anyway keeps it', async ({
  lab,
}) => {
  const { extension } = lab;
  test.setTimeout(90_000);
  const service = await lab.startService('127.0.0.1');
  const page = await configure(extension, service, { copyCapMb: 50 });
  const earlier = [await generateImage(page, 'an early fox'), await generateImage(page, 'an early owl')];
  await expect
    .poll(async () => {
      const copies = await quietCopiesOf(extension);
      return earlier.map((id) => copies[id]?.state);
    }, EVENTUALLY)
    .toEqual(['kept', 'kept']);
  const before = await quietCopiesOf(extension);

  const files = ['take-1', 'take-2'].map((name) => `${service.mediaUrl}/files/videos/${name}.webm`);
  service.configure({ videoMinBytes: 30 * MB, videoUrlOverride: files });
  const submitted = await sendFrom(page, {
    type: 'submitVideo',
    prompt: 'two long takes',
    options: DEFAULT_SETTINGS.videoDefaults,
  });
  if (!submitted.ok) throw new Error(submitted.error.message);
  await settled(extension, [submitted.data.id]);
  await expect
    .poll(async () => (await quietCopiesOf(extension))[submitted.data.id]?.state, EVENTUALLY)
    .toBe('tooBig');
  // Nothing was evicted for it, and none of its bytes were stored.
  const copies = await quietCopiesOf(extension);
  for (const id of earlier) expect(copies[id]).toEqual(before[id]);
  const used = ((await quietStored(extension, 'copies')) as { usedBytes: number }).usedBytes;
  expect(used).toBeLessThan(MB);

  const history = await HistoryPage.open(extension);
  const entry = history.entry('two long takes');
  await expect(entry.getByText('Bigger than the space for copies: 60 MB of 50 MB')).toBeVisible();
  await entry.getByRole('button', { name: 'Keep anyway (space for copies becomes 61 MB)' }).click();
  await expect
    .poll(async () => (await quietCopiesOf(extension))[submitted.data.id]?.state, EVENTUALLY)
    .toBe('kept');
  const after = await quietCopiesOf(extension);
  for (const id of earlier) expect(after[id]).toEqual(before[id]);
  expect(((await quietStored(extension, 'settings')) as { copyCapMb: number }).copyCapMb).toBe(61);
  await expect(entry.getByText('Kept in the extension').first()).toBeVisible();
});
