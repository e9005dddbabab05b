import { pngTexts } from '../../utils/media/png-text';
import { imageChunks } from '../support/png-chunks';
import { HistoryPage } from './pages/history';
import { OptionsPage } from './pages/options';
import { keptImages } from './support/kept-results';
import { expect, extensionDocument, served, test } from './support/media-lab';
import { configure } from './support/setup';

test('a PNG downloaded from the history carries its prompt, still decodes, and is saved as served once turned off', async ({
  lab,
}) => {
  const { extension } = lab;
  const service = await lab.startService('127.0.0.1');
  await configure(extension, service, { modelId: 'heron-xl, v2' });
  const page = await extensionDocument(extension);
  const prompt = 'a heron in the reeds, „Reiher“ at dawn';
  const [made] = await keptImages(page, [prompt]);
  const original = await served(made?.urls[0] ?? '');

  const history = await HistoryPage.open(extension);
  await history.entry(prompt).getByRole('button', { name: 'Download' }).click();
  await expect.poll(() => lab.savedFiles().length).toBe(1);
  const [saved] = lab.savedFiles();
  if (!saved) throw new Error('nothing was saved');

  // The prompt, as AUTOMATIC1111's PNG Info reads it, and Promptcast's own record beside it.
  const texts = pngTexts(saved);
  expect(texts.get('parameters')?.split('\n')[0]).toBe(prompt);
  expect(texts.get('parameters')).toMatch(
    /\nModel: "heron-xl, v2", Created: \d{4}-\d\d-\d\dT[\d:.]+Z, Generator: Promptcast$/,
  );
  expect(JSON.parse(texts.get('promptcast') ?? '{}')).toMatchObject({
    prompt,
    model: 'heron-xl, v2',
    kind: 'image',
  });
  expect(saved.toString('latin1')).not.toContain(service.url);
  // The image itself is untouched, and the browser still decodes the file to the same picture.
  expect(imageChunks(saved)).toEqual(imageChunks(original));
  const decode = (bytes: number[]) =>
    history.page.evaluate(async (data) => {
      const bitmap = await createImageBitmap(new Blob([new Uint8Array(data)], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2D context');
      context.drawImage(bitmap, 0, 0);
      let sum = 0;
      for (const value of context.getImageData(0, 0, bitmap.width, bitmap.height).data) sum += value;
      return { width: bitmap.width, height: bitmap.height, sum };
    }, bytes);
  const decoded = await decode([...saved]);
  expect(decoded.width).toBeGreaterThan(0);
  expect(decoded).toEqual(await decode([...original]));

  // Turned off, the next download is the file as the service served it, byte for byte.
  const options = await OptionsPage.open(extension);
  await options.page.getByLabel('Write the prompt into saved PNG files').uncheck();
  await options.save();
  await expect(options.page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await history.entry(prompt).getByRole('button', { name: 'Download' }).click();
  await expect.poll(() => lab.savedFiles().length).toBe(2);
  expect(lab.savedFiles().some((file) => file.equals(original))).toBe(true);
});
