import type { LibraryPrompt } from '../../utils/library/schema';
import { HistoryPage } from './pages/history';
import { LibraryPage, LibraryPicker } from './pages/library';
import { PanelPage } from './pages/panel';
import { PopupPage } from './pages/popup';
import { schemes, seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { EVENTUALLY, requestsTo, storageOf } from './support/probes';
import { shot } from './support/screenshots';
import { configure, sendFrom } from './support/setup';

const storedLibrary = async (extension: Parameters<typeof storageOf>[0]) =>
  ((await storageOf(extension)).local.library as { prompts: LibraryPrompt[] } | undefined)?.prompts ?? [];

const prompt = (index: number, fields: Partial<LibraryPrompt> = {}): LibraryPrompt => ({
  id: `p-${index}`,
  name: `Prompt number ${index}`,
  text: `a paper lantern number ${index}`,
  tags: index % 2 === 0 ? ['even'] : ['odd'],
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000,
  ...fields,
});

const libraryFile = (prompts: unknown[]) => ({ format: 'promptcast-library', v: 1, prompts });

test('a prompt saved from the popup form is inserted again by keyboard alone', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  const popup = await PopupPage.open(extension);
  await popup.prompt.fill('a lighthouse at dusk, oil painting');
  await popup.chooseVideo({ duration: 8 });
  await popup.page.getByRole('button', { name: 'Save to library' }).click();
  const name = popup.page.getByLabel('Name');
  await expect(name).toBeFocused();
  await name.fill('Lighthouse');
  await popup.page.getByLabel('Tags').fill('sea, painting');
  await popup.page.keyboard.press('Enter');
  await expect(popup.status('Saved “Lighthouse” to the library.')).toBeVisible();
  const [saved] = await storedLibrary(extension);
  expect(saved).toMatchObject({
    name: 'Lighthouse',
    text: 'a lighthouse at dusk, oil painting',
    tags: ['sea', 'painting'],
    options: { duration: 8 },
  });

  const picker = new LibraryPicker(popup.page);
  await picker.openWithSlash(popup.prompt);
  await expect(popup.prompt).toHaveValue('');
  await popup.page.keyboard.type('light');
  await expect(picker.options).toHaveCount(1);
  await expect(picker.search).toHaveAttribute('aria-activedescendant', /option-0/);
  for (const scheme of schemes) expect(await seriousViolations(popup.page, scheme)).toEqual([]);
  // The axe checks leave the page dark.
  await popup.page.emulateMedia({ colorScheme: 'light' });
  await popup.page.screenshot({ path: shot('library-picker-light') });
  await popup.page.keyboard.press('Enter');
  await expect(popup.prompt).toHaveValue('a lighthouse at dusk, oil painting');
  await expect(popup.prompt).toBeFocused();
  await expect(popup.page.getByLabel('Duration (seconds)')).toHaveValue('8');
  expect(requestsTo(service.requests(), '/v1/images/generate', 'POST')).toEqual([]);

  // Escape closes the picker and gives the prompt box its focus back, the text untouched.
  await popup.page.getByRole('button', { name: 'Library', exact: true }).click();
  await expect(picker.search).toBeFocused();
  await popup.page.keyboard.press('Escape');
  await expect(picker.search).toHaveCount(0);
  await expect(popup.prompt).toBeFocused();
  await expect(popup.prompt).toHaveValue('a lighthouse at dusk, oil painting');
});

test('the side panel inserts from the library the same way, video options included', async ({
  extension,
  service,
}) => {
  const options = await configure(extension, service);
  const videoOptions = { duration: 12, resolution: '1080p', aspectRatio: '9:16', generateAudio: true };
  await sendFrom(options, {
    type: 'savePrompt',
    prompt: {
      name: 'Tall waterfall',
      text: 'a tall waterfall',
      tags: [],
      kind: 'video',
      options: videoOptions,
    },
  });
  const panel = await PanelPage.openTab(extension);
  const picker = new LibraryPicker(panel.page);
  await picker.openWithSlash(panel.prompt);
  await panel.page.keyboard.type('water');
  await panel.page.keyboard.press('Enter');
  await expect(panel.prompt).toHaveValue('a tall waterfall');
  await expect(panel.page.getByLabel('Duration (seconds)')).toHaveValue('12');
  await expect(panel.page.getByLabel('Resolution')).toHaveValue('1080p');
  await panel.videoButton.click();
  await expect(panel.status('Video submitted.')).toBeVisible(EVENTUALLY);
  const [submitted] = requestsTo(service.requests(), '/v1/videos/generate', 'POST').map(
    (request) => JSON.parse(request.body) as Record<string, unknown>,
  );
  expect(submitted).toMatchObject({ prompt: 'a tall waterfall', ...videoOptions });
});

test('a history entry is saved to the library from the viewer, with its kind and model', async ({
  extension,
  service,
}) => {
  await configure(extension, service, { modelId: 'model-x' });
  const popup = await PopupPage.open(extension);
  await popup.generateImage('a glass whale');
  await expect(popup.status('Image ready.')).toBeVisible(EVENTUALLY);
  const history = await HistoryPage.open(extension);
  await history.gridCells().first().getByRole('button').click();
  await history.viewer.getByRole('button', { name: 'Save to library' }).click();
  await expect(history.viewer.getByLabel('Name')).toHaveValue('a glass whale');
  await history.page.keyboard.press('Enter');
  await expect(history.viewer.getByRole('status')).toHaveText('Saved “a glass whale” to the library.');
  const [saved] = await storedLibrary(extension);
  expect(saved).toMatchObject({
    name: 'a glass whale',
    text: 'a glass whale',
    kind: 'image',
    model: 'model-x',
  });
});

test('a {{name}} prompt asks for its values, shows the text and what is left, and nothing is sent before the person confirms', async ({
  extension,
  service,
}) => {
  const options = await configure(extension, service);
  await sendFrom(options, {
    type: 'savePrompt',
    prompt: {
      name: 'Animal',
      text: 'a {{animal}} asleep in {{place|the snow}}',
      tags: ['animals'],
      model: 'model-from-library',
    },
  });
  await sendFrom(options, { type: 'savePrompt', prompt: { name: 'Other', text: 'an owl', tags: [] } });
  const popup = await PopupPage.open(extension);
  const picker = new LibraryPicker(popup.page);
  await picker.openWithSlash(popup.prompt);
  await expect(picker.options).toHaveCount(2);
  // The person's order: the newest first; the arrow keys move to the second.
  await popup.page.keyboard.press('ArrowDown');
  await expect(picker.options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await popup.page.keyboard.press('ArrowUp');
  await popup.page.keyboard.type('animal');
  await popup.page.keyboard.press('Enter');

  const animal = popup.page.getByLabel('animal', { exact: true });
  await expect(animal).toBeFocused();
  await expect(popup.page.getByLabel('place', { exact: true })).toHaveValue('the snow');
  await expect(picker.preview).toHaveText('a  asleep in the snow');
  await popup.page.keyboard.type('red fox');
  await expect(picker.preview).toHaveText('a red fox asleep in the snow');
  await expect(picker.charactersLeft).toHaveText(`${(4000 - 28).toLocaleString('en')} characters left`);
  for (const scheme of schemes) expect(await seriousViolations(popup.page, scheme)).toEqual([]);
  await popup.page.emulateMedia({ colorScheme: 'light' });
  await popup.page.screenshot({ path: shot('library-template-light') });
  expect(requestsTo(service.requests(), '/v1/images/generate', 'POST')).toEqual([]);

  await popup.page.keyboard.press('Enter');
  await expect(popup.prompt).toHaveValue('a red fox asleep in the snow');
  expect(requestsTo(service.requests(), '/v1/images/generate', 'POST')).toEqual([]);
  // The prompt's own model goes with it, until the person drops it.
  await expect(popup.page.getByText('The model model-from-library is used')).toBeVisible();
  await popup.imageButton.click();
  await expect(popup.status('Image ready.')).toBeVisible(EVENTUALLY);
  await popup.page.getByRole('button', { name: "Use the profile's model" }).click();
  await popup.imageButton.click();
  await expect
    .poll(() => requestsTo(service.requests(), '/v1/images/generate', 'POST').length, EVENTUALLY)
    .toBe(2);
  const sent = requestsTo(service.requests(), '/v1/images/generate', 'POST').map(
    (request) => JSON.parse(request.body) as { prompt: string; model?: string },
  );
  expect(sent).toEqual([
    { prompt: 'a red fox asleep in the snow', model: 'model-from-library' },
    { prompt: 'a red fox asleep in the snow' },
  ]);
});

test('hostile library files are refused whole with a message, markup stays text, and the page keeps working', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  const library = await LibraryPage.open(extension);
  const error = library.page.getByRole('alert');
  const hostile: [string, unknown][] = [
    ['huge-template.json', libraryFile([prompt(1, { text: `{{selection}}${'x'.repeat(100_000)}` })])],
    ['many.json', libraryFile(Array.from({ length: 10_000 }, (_, index) => prompt(index)))],
    ['nested.json', `${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`],
    ['not-json.json', '{'.repeat(1000)],
  ];
  for (const [name, content] of hostile) {
    await library.importJson(name, content);
    await expect(error).toBeVisible();
    await expect(error).not.toBeEmpty();
    expect(await storedLibrary(extension)).toEqual([]);
  }
  await library.importJson(
    'many.json',
    libraryFile(Array.from({ length: 10_000 }, (_, index) => prompt(index))),
  );
  await expect(error).toContainText('Nothing was imported');
  await expect(error).toContainText('prompts');

  // Accepted: markup in a name and braces nested 1,000 deep in a text (within the prompt's length) are text.
  const markup = '<img src=x onerror="document.title=\'pwned\'"><b>bold</b>';
  const braces = `${'{'.repeat(1000)}deep${'}'.repeat(1000)}`;
  await library.importJson(
    'odd.json',
    libraryFile([prompt(1, { name: markup }), prompt(2, { name: 'Braces', text: braces })]),
  );
  await expect(library.page.getByRole('status')).toHaveText('Imported: 2 new, 2 in the library now.');
  await expect(library.row(markup)).toBeVisible();
  await expect(library.page.locator('b')).toHaveCount(0);
  expect(await library.page.title()).not.toBe('pwned');

  const popup = await PopupPage.open(extension);
  const picker = new LibraryPicker(popup.page);
  await picker.openWithSlash(popup.prompt);
  await popup.page.keyboard.type('braces');
  // The library is read when the picker opens: Enter picks once the list shows the match.
  await expect(picker.options.filter({ hasText: 'Braces' })).toHaveCount(1);
  await popup.page.keyboard.press('Enter');
  // The innermost pair is a variable ({{deep}}): asked for, like any other.
  await expect(popup.page.getByLabel('deep', { exact: true })).toBeFocused();
  await popup.page.keyboard.type('x');
  await popup.page.keyboard.press('Enter');
  await expect(popup.prompt).toHaveValue(`${'{'.repeat(998)}x${'}'.repeat(998)}`);
  await popup.imageButton.click();
  // Refused in the form with its reason (the parser reads the pairs of braces as variables, so they do not balance).
  await expect(popup.page.locator('#prompt-error')).toContainText('A brace is not closed');
  expect(requestsTo(service.requests(), '/v1/images/generate', 'POST')).toEqual([]);
  expect(await popup.page.title()).not.toBe('pwned');
});

test('the library page with 1,000 prompts: search, reorder by keyboard, edit, duplicate and delete', async ({
  extension,
  service,
}) => {
  // Two axe passes over 200 rows of five buttons each: 25 s alone, past a minute on CI's two loaded cores.
  test.slow();
  const options = await configure(extension, service);
  const all = Array.from({ length: 1000 }, (_, index) => prompt(index));
  const imported = await sendFrom(options, { type: 'importLibrary', prompts: all });
  expect(imported).toMatchObject({ ok: true, data: { added: 1000, total: 1000 } });

  const library = await LibraryPage.open(extension);
  await expect(library.count).toHaveText('1,000 prompts');
  await expect(library.rows.first()).toContainText('Prompt number 0');
  for (const scheme of schemes) expect(await seriousViolations(library.page, scheme)).toEqual([]);
  await library.page.setViewportSize({ width: 900, height: 700 });
  await library.page.emulateMedia({ colorScheme: 'light' });
  await library.page.screenshot({ path: shot('library-light') });
  await library.page.emulateMedia({ colorScheme: 'dark' });
  await library.page.screenshot({ path: shot('library-dark') });
  await library.page.emulateMedia({ colorScheme: 'light' });

  await library.search.fill('odd lantern 999');
  await expect(library.count).toHaveText('1 of 1,000 prompts match');
  await library.search.fill('');

  // Move down by keyboard: focus stays on the moved row's button.
  await library.action('Prompt number 0', 'Move down').focus();
  await library.page.keyboard.press('Enter');
  await expect(library.rows.nth(1)).toContainText('Prompt number 0');
  await expect(library.action('Prompt number 0', 'Move down')).toBeFocused();
  expect((await storedLibrary(extension)).slice(0, 2).map((item) => item.id)).toEqual(['p-1', 'p-0']);

  await library.action('Prompt number 1', 'Edit').click();
  await library.page.getByLabel('Name', { exact: true }).fill('Renamed one');
  await library.page.getByLabel('Prompt', { exact: true }).fill('a {{colour|blue}} kite');
  await expect(library.page.getByText('Asks for: colour.')).toBeVisible();
  await library.page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(library.row('Renamed one')).toContainText('a {{colour|blue}} kite');

  await library.action('Prompt number 5', 'Delete').click();
  await library.page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(library.row('Prompt number 5')).toHaveCount(0);
  expect((await storedLibrary(extension)).some((item) => item.id === 'p-5')).toBe(false);

  await expect(library.count).toHaveText('999 prompts');
  await library.action('Renamed one', 'Duplicate').click();
  await expect(library.rows.nth(1)).toContainText('Renamed one (copy)');
  await expect(library.count).toHaveText('1,000 prompts');
  await library.action('Renamed one', 'Duplicate').click();
  await expect(library.page.getByRole('alert')).toContainText('at most 1,000 prompts');
});
