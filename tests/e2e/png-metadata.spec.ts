import { pngTexts } from '../../utils/downloads/png-text';
import { TRAINED_ALGORITHMIC_MEDIA } from '../../utils/downloads/xmp-packet';
import { exiftoolRead } from '../support/exiftool';
import { imageChunks } from '../support/png-chunks';
import { HistoryPage } from './pages/history';
import { OptionsPage } from './pages/options';
import { keptImages } from './support/kept-results';
import { expect, extensionDocument, served, test } from './support/media-lab';
import { decodedPicture } from './support/pixels';
import { configure } from './support/setup';

test('a PNG downloaded from the history carries its prompt and still decodes; turned off, it is saved as served, under the name template set', async ({
  lab,
}) => {
  const { extension } = lab;
  const service = await lab.startService('127.0.0.1');
  await configure(extension, service, { modelId: 'heron-xl, v2' });
  // The profile's name goes into the file (never the service's address): the person names it.
  const setup = await OptionsPage.open(extension);
  await setup.page.getByRole('button', { name: `Rename ${new URL(service.url).host}` }).click();
  await setup.page.getByLabel(/^New name for/).fill('Studio');
  await setup.page.getByRole('button', { name: 'Save name' }).click();
  await expect(setup.page.getByRole('listitem').filter({ hasText: 'Studio' })).toBeVisible();
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
    /\nModel: "heron-xl, v2", Profile: Studio, Created: \d{4}-\d\d-\d\dT[\d:.]+Z, Generator: Promptcast$/,
  );
  expect(JSON.parse(texts.get('promptcast') ?? '{}')).toMatchObject({
    prompt,
    model: 'heron-xl, v2',
    kind: 'image',
    profile: 'Studio',
  });
  expect(saved.toString('latin1')).not.toContain(service.url);
  // The image itself is untouched, and the browser still decodes the file to the same picture.
  expect(imageChunks(saved)).toEqual(imageChunks(original));
  const decoded = await decodedPicture(history.page, saved);
  expect(decoded.width).toBeGreaterThan(0);
  expect(decoded).toEqual(await decodedPicture(history.page, original));
  // An independent reader finds the same in the file's XMP, with the label of a picture a model made.
  expect(exiftoolRead(saved, 'png').tags).toMatchObject({
    'XMP-dc:Description': prompt,
    'XMP-iptcExt:AISystemUsed': 'heron-xl, v2',
    'XMP-promptcast:Profile': 'Studio',
    'XMP-iptcExt:DigitalSourceType': TRAINED_ALGORITHMIC_MEDIA,
  });

  // Turned off, the next download is the file as the service served it, byte for byte, and it is named by
  // the template the person set.
  const options = await OptionsPage.open(extension);
  await options.page.getByLabel('Write the prompt and the AI label into saved images').uncheck();
  await options.page.getByLabel('File names').fill('{kind}-{prompt}-{date');
  await options.save();
  await expect(options.page.getByText('{date is not something a file name can hold')).toBeVisible();
  await options.page.getByLabel('File names').fill('{kind}/{prompt}');
  await options.save();
  await expect(options.page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  // Playwright saves every download under a GUID, so the name the page asks Chrome for is read at the call.
  await history.page.evaluate(() => {
    const download = chrome.downloads.download.bind(chrome.downloads);
    const asked: string[] = [];
    Object.assign(window, { askedNames: asked });
    chrome.downloads.download = ((options: chrome.downloads.DownloadOptions) => {
      asked.push(options.filename ?? '');
      return download(options);
    }) as typeof chrome.downloads.download;
  });
  await history.entry(prompt).getByRole('button', { name: 'Download' }).click();
  await expect.poll(() => lab.savedFiles().length).toBe(2);
  expect(lab.savedFiles().some((file) => file.equals(original))).toBe(true);
  expect(
    await history.page.evaluate(() => (window as unknown as { askedNames: string[] }).askedNames),
  ).toEqual(['image-a-heron-in-the-reeds-reiher-at-dawn.png']);
});
