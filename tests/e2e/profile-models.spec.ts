import { swatchRgb } from '../reference-service/models';
import { LibraryPicker } from './pages/library';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';
import { schemes, seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { pixelSeen } from './support/pixels';
import { EVENTUALLY, imageModelsSent } from './support/probes';
import { configure, sendFrom } from './support/setup';

const MODELS = {
  'studio-pro': { imageCost: 7.5, swatch: '#eb5757' },
  'sketch-fast': { imageCost: 0.5, swatch: '#2f80ed' },
};

const sentModels = (service: { requests(): Parameters<typeof imageModelsSent>[0] }) =>
  imageModelsSent(service.requests());

test('a profile lists models by the names the person gives them; the popup picks one, and its image is that model’s', async ({
  extension,
  service,
}) => {
  service.configure({ models: MODELS });
  const page = await configure(extension, service, { modelId: 'house-default' });
  await page.reload();
  const options = new OptionsPage(page);
  const host = new URL(service.url).host;

  // Listed on the options page, in the profile's own row.
  await page.getByRole('button', { name: `Models of ${host}` }).click();
  const editor = page.getByRole('group', { name: `Models of profile “${host}”` });
  await expect(editor).toContainText('No models listed');
  await editor.getByRole('button', { name: 'Add a model' }).click();
  await expect(editor.getByLabel('Model 1: id')).toBeFocused();
  await page.keyboard.type('studio pro');
  await editor.getByLabel('Model 1: name').fill('Studio');
  await editor.getByRole('button', { name: 'Add a model' }).click();
  await editor.getByLabel('Model 2: id').fill('sketch-fast');
  await editor.getByLabel('Model 2: name').fill('Quick sketch');
  // What the service could not take is said at the field, before anything is saved.
  await editor.getByRole('button', { name: 'Save models' }).click();
  await expect(editor.getByLabel('Model 1: id')).toBeFocused();
  await expect(editor.getByText('A model id is 1 to 64 characters without spaces')).toBeVisible();
  for (const scheme of schemes) expect(await seriousViolations(page, scheme)).toEqual([]);
  await editor.getByLabel('Model 1: id').fill('studio-pro');
  await editor.getByRole('button', { name: 'Save models' }).click();
  await expect(editor).toBeHidden();
  await expect(options.page.getByRole('button', { name: `Models of ${host}` })).toBeVisible();

  const popup = await PopupPage.open(extension);
  const choice = popup.page.getByRole('combobox', { name: 'Model' });
  await expect(choice.getByRole('option')).toHaveText([
    'The profile’s model (house-default)',
    'Studio',
    'Quick sketch',
  ]);
  for (const scheme of schemes) expect(await seriousViolations(popup.page, scheme)).toEqual([]);
  await choice.selectOption({ label: 'Studio' });
  await popup.generateImage('a lighthouse at dusk');
  await expect(popup.status('Image ready.')).toBeVisible(EVENTUALLY);
  // The picture as shown (once it has loaded): the square in its middle is the model's colour.
  await expect
    .poll(() => pixelSeen(popup.result.getByRole('img', { name: 'a lighthouse at dusk' })), EVENTUALLY)
    .toEqual(swatchRgb('eb5757'));

  await choice.selectOption({ label: 'Quick sketch' });
  await popup.generateImage('a lighthouse at dawn');
  await expect.poll(() => sentModels(service).length, EVENTUALLY).toBe(2);
  await expect(popup.status('Image ready.')).toBeVisible(EVENTUALLY);
  await expect
    .poll(() => pixelSeen(popup.result.getByRole('img', { name: 'a lighthouse at dawn' })), EVENTUALLY)
    .toEqual(swatchRgb('2f80ed'));

  // The profile's own model is the first choice, as before lists.
  await choice.selectOption({ index: 0 });
  await popup.generateImage('a lighthouse at noon');
  await expect.poll(() => sentModels(service).length, EVENTUALLY).toBe(3);
  expect(sentModels(service)).toEqual(['studio-pro', 'sketch-fast', 'house-default']);
  // Each model's own price was taken: 1000 - 7.5 - 0.5 - 1.
  expect(service.balanceOf('demo-key-1234')).toBe(991);
});

test('a library prompt’s own model wins over the model picked, until the person drops it', async ({
  extension,
  service,
}) => {
  const options = await configure(extension, service);
  const profiles = (await options.evaluate(() => chrome.storage.local.get('profiles'))) as {
    profiles: { activeId: string };
  };
  await sendFrom(options, {
    type: 'setProfileModels',
    id: profiles.profiles.activeId,
    models: [{ id: 'studio-pro', name: 'Studio' }],
  });
  await sendFrom(options, {
    type: 'savePrompt',
    prompt: { name: 'Fox', text: 'a fox', tags: [], model: 'model-from-library' },
  });
  const popup = await PopupPage.open(extension);
  const choice = popup.page.getByRole('combobox', { name: 'Model' });
  await choice.selectOption({ label: 'Studio' });
  const picker = new LibraryPicker(popup.page);
  await picker.openWithSlash(popup.prompt);
  await picker.options.filter({ hasText: 'Fox' }).click();
  await expect(popup.prompt).toHaveValue('a fox');
  await expect(choice).toBeDisabled();
  await expect(choice).toHaveAccessibleDescription(/The model model-from-library is used/);
  await popup.imageButton.click();
  await expect(popup.status('Image ready.')).toBeVisible(EVENTUALLY);
  await popup.page.getByRole('button', { name: "Use the profile's model" }).click();
  await expect(choice).toBeEnabled();
  await popup.imageButton.click();
  await expect.poll(() => sentModels(service).length, EVENTUALLY).toBe(2);
  expect(sentModels(service)).toEqual(['model-from-library', 'studio-pro']);
});
