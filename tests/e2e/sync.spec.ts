import type { LibraryPrompt } from '../../utils/library/schema';
import type { Profile, Profiles } from '../../utils/profiles/schema';
import { DEMO_API_KEY } from '../reference-service/server';
import { LibraryPage } from './pages/library';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';
import type { ExtensionUnderTest } from './support/extension';
import { expect, test } from './support/fixtures';
import { EVENTUALLY, historyOf } from './support/probes';
import { sendFrom } from './support/setup';

/** Everything the extension keeps in storage.sync, as the browser would send it to the person's other browsers. */
async function syncedText(extension: ExtensionUnderTest): Promise<string> {
  const worker = await extension.worker();
  return JSON.stringify(await worker.evaluate(() => chrome.storage.sync.get(null)));
}

/** A document as another browser of the person's writes it: a header and its JSON in chunks of 1,000 characters. */
function documentItems(name: string, value: unknown, at = Date.now() + 60_000): Record<string, unknown> {
  const text = JSON.stringify(value);
  const items: Record<string, unknown> = { [name]: { at, n: Math.ceil(text.length / 1000) } };
  for (let i = 0; i * 1000 < text.length; i++) items[`${name}.${i}`] = text.slice(i * 1000, (i + 1) * 1000);
  return items;
}

/** Writes items into this browser's storage.sync, as the browser does when they arrive from another one. */
async function arriveBySync(extension: ExtensionUnderTest, items: Record<string, unknown>): Promise<void> {
  const worker = await extension.worker();
  await worker.evaluate((arrived) => chrome.storage.sync.set(arrived), items);
}

/** The stored profiles as the background wrote them. */
async function storedProfiles(extension: ExtensionUnderTest): Promise<Profile[]> {
  const worker = await extension.worker();
  const { profiles } = await worker.evaluate(() => chrome.storage.local.get('profiles'));
  return (profiles as Profiles).list;
}

test('the settings and the library go to browser sync, the key and the history never; another browser’s library arrives', async ({
  extension,
  service,
}) => {
  const options = await OptionsPage.open(extension);
  await options.save({ url: service.url, key: DEMO_API_KEY, model: 'model-that-syncs' });
  await expect(options.status).toHaveText('Saved.');

  const popup = await PopupPage.open(extension);
  await popup.generateImage('a private garden at night');
  await expect
    .poll(async () => (await historyOf(extension)).map((entry) => entry.status), EVENTUALLY)
    .toEqual(['completed']);
  const [entry] = await historyOf(extension);
  await popup.prompt.fill('a lighthouse in the fog');
  await popup.page.getByRole('button', { name: 'Save to library' }).click();
  await popup.page.getByLabel('Name').fill('Fog');
  await popup.page.keyboard.press('Enter');
  await expect(popup.status('Saved “Fog” to the library.')).toBeVisible();

  await expect.poll(() => syncedText(extension), EVENTUALLY).toContain('a lighthouse in the fog');
  const synced = await syncedText(extension);
  expect(synced).toContain('model-that-syncs');
  for (const secret of [DEMO_API_KEY, 'a private garden', entry?.id ?? 'no entry', `${service.url}/files`]) {
    expect(synced).not.toContain(secret);
  }

  const library = await LibraryPage.open(extension);
  await expect(library.row('Fog')).toBeVisible();
  await arriveBySync(
    extension,
    documentItems('library', {
      v: 1,
      prompts: [
        {
          id: 'from-laptop',
          name: 'From the laptop',
          text: 'a harbour at dawn',
          tags: ['sea'],
          createdAt: 1_700_000_000_000,
          updatedAt: 1_700_000_000_000,
        },
      ],
    }),
  );
  await expect(library.row('From the laptop')).toBeVisible();
  // Another browser's newer library replaces this one's, as its newer settings would.
  await expect(library.rows).toHaveCount(1);

  // A library grown past what sync holds stays in this browser, and its page says so.
  const long = (index: number): LibraryPrompt => ({
    id: `long-${index}`,
    name: `Long prompt ${index}`,
    text: `${index} ${'a very detailed scene '.repeat(180)}`,
    tags: [],
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
  });
  await sendFrom(library.page, {
    type: 'importLibrary',
    prompts: Array.from({ length: 25 }, (_, index) => long(index)),
  });
  await expect(
    library.page.getByText(/^Your library \(\d+ KB\) is larger than browser sync holds \(80 KB\)/),
  ).toBeVisible();
  expect(await syncedText(extension)).not.toContain('Long prompt');
});

test('a synced header claiming 50,000,000 chunks holds nothing up: what arrives with it is taken, a command answers at once', async ({
  extension,
  service,
}) => {
  const options = await OptionsPage.open(extension);
  await options.save({ url: service.url, key: DEMO_API_KEY });
  await expect(options.status).toHaveText('Saved.');
  const [mine] = await storedProfiles(extension);
  if (!mine) throw new Error('no stored profile');

  await arriveBySync(extension, {
    library: { at: Date.now() + 60_000, n: 50_000_000 },
    ...documentItems('profiles', [{ ...mine, name: 'Renamed on the laptop' }]),
  });
  // The profiles are taken after the library in the same pull: shown, they prove the header was passed over
  // (believed, it held the worker for minutes).
  await expect(options.page.getByRole('listitem').filter({ hasText: 'Renamed on the laptop' })).toBeVisible();
  const asked = Date.now();
  expect(await sendFrom(options.page, { type: 'ping' })).toEqual({ ok: true, data: { ok: true } });
  expect(Date.now() - asked).toBeLessThan(1_000);
});

test('a damaged synced library changes nothing, and is taken once its missing chunk arrives', async ({
  extension,
  service,
}) => {
  const options = await OptionsPage.open(extension);
  await options.save({ url: service.url, key: DEMO_API_KEY });
  await expect(options.status).toHaveText('Saved.');
  const [mine] = await storedProfiles(extension);
  if (!mine) throw new Error('no stored profile');
  const library = await LibraryPage.open(extension);
  await sendFrom(library.page, { type: 'savePrompt', prompt: { name: 'Mine', text: 'kept here', tags: [] } });
  await expect(library.row('Mine')).toBeVisible();

  const laptop: LibraryPrompt = {
    id: 'from-laptop',
    name: 'From the laptop',
    text: `a harbour at dawn ${'with gulls '.repeat(150)}`,
    tags: [],
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
  };
  const { 'library.1': last, ...damaged } = documentItems('library', { v: 1, prompts: [laptop] });
  expect(last).toBeDefined();
  // A profile renamed in the same arrival tells when this browser has read it.
  await arriveBySync(extension, { ...damaged, ...documentItems('profiles', [{ ...mine, name: 'Seen' }]) });
  await expect(options.page.getByRole('listitem').filter({ hasText: 'Seen' })).toBeVisible();
  await expect(library.rows).toHaveCount(1);
  await expect(library.row('Mine')).toBeVisible();

  await arriveBySync(extension, { 'library.1': last });
  await expect(library.row('From the laptop')).toBeVisible();
  await expect(library.rows).toHaveCount(1);
});
