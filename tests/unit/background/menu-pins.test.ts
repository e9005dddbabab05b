// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  MENU_EDIT,
  MENU_IMAGE,
  MENU_IMAGE_REVIEW,
  MENU_PIN,
  MENU_PIN_REVIEW,
  MENU_VIDEO,
  MENU_VIDEO_REVIEW,
  menuEntries,
  opensSidePanel,
} from '../../../utils/context-menu/background/context-menu';
import { t } from '../../../utils/i18n';
import { MAX_PINNED } from '../../../utils/library/limits';
import type { LibraryPrompt } from '../../../utils/library/schema';
import { composerDraftItem, libraryItem } from '../../../utils/storage/items';
import { MAX_PROMPT_LENGTH } from '../../../utils/validation';
import { makeBackgroundApp } from '../support/background-app';
import { referenceServiceForFile } from '../support/reference-service';

const service = referenceServiceForFile({ videoDurationMs: 200 });

const drone: LibraryPrompt = {
  id: 'drone',
  name: 'Drone shot',
  text: 'Cinematic drone shot of {{selection}}, {{light|golden hour}}',
  tags: [],
  pin: 'video',
  options: { duration: 4, resolution: '720p', aspectRatio: '1:1', generateAudio: false },
  model: 'veo-fast',
  createdAt: 1,
  updatedAt: 1,
};
const sketch: LibraryPrompt = {
  ...drone,
  id: 'sketch',
  name: 'Sketch',
  text: 'A pencil sketch of {{selection}}',
};
const sketchImage = { ...sketch, pin: 'image' as const, options: undefined, model: undefined };

/** What the service was asked to make, as sent. */
const sentBodies = () =>
  service
    .requests()
    .filter((request) => request.method === 'POST')
    .map((request) => JSON.parse(request.body) as Record<string, unknown>);

describe('pinned library prompts in the context menu', () => {
  it('lists the pinned prompts that take the selection after the plain entries, in the library order', () => {
    const unpinned = { ...drone, id: 'plain', pin: undefined };
    const noSelection = { ...drone, id: 'nosel', text: 'a {{thing}}' };
    const entries = menuEntries(false, false, [unpinned, sketchImage, noSelection, drone]);
    expect(entries.map((entry) => entry.id)).toEqual([
      MENU_VIDEO,
      MENU_IMAGE,
      MENU_EDIT,
      'promptcast-pins',
      `${MENU_PIN}sketch`,
      `${MENU_PIN}drone`,
    ]);
    expect(entries.slice(4).map((entry) => entry.title)).toEqual([
      t('menuPinnedImage', 'Sketch'),
      t('menuPinnedVideo', 'Drone shot'),
    ]);
    expect(entries[3]?.type).toBe('separator');
    // Reviewed, they open the panel like the plain entries do.
    const reviewed = menuEntries(true, false, [drone]).map((entry) => entry.id);
    expect(reviewed).toEqual([
      MENU_VIDEO_REVIEW,
      MENU_IMAGE_REVIEW,
      MENU_EDIT,
      'promptcast-pins',
      `${MENU_PIN_REVIEW}drone`,
    ]);
    expect(opensSidePanel(`${MENU_PIN_REVIEW}drone`)).toBe(true);
    expect(opensSidePanel(`${MENU_PIN}drone`)).toBe(false);
    // Locked, only the unlock entry; without pins, no separator.
    expect(menuEntries(false, true, [drone])).toHaveLength(1);
    expect(menuEntries(false, false, [])).toHaveLength(3);
  });

  it(`offers at most ${MAX_PINNED}, whatever an imported file pinned`, () => {
    const many = Array.from({ length: 30 }, (_, index) => ({ ...drone, id: `p${index}` }));
    const pinned = menuEntries(false, false, many).filter((entry) => entry.id.startsWith(MENU_PIN));
    expect(pinned).toHaveLength(MAX_PINNED);
    expect(pinned.at(-1)?.id).toBe(`${MENU_PIN}p${MAX_PINNED - 1}`);
  });

  it('sends the selection wrapped in the template, trimmed, as text, with the prompt’s options and model', async () => {
    const { app, items } = await makeBackgroundApp(service);
    await libraryItem.setValue({ v: 1, prompts: [drone] });
    await app.onMenuClick(`${MENU_PIN}drone`, '  <b>a lighthouse</b>\n {{light}} $& ');
    const [entry] = await items.history.getValue();
    const prompt = 'Cinematic drone shot of <b>a lighthouse</b> {{light}} $&, golden hour';
    expect(entry).toMatchObject({ kind: 'video', prompt, source: 'context-menu', options: drone.options });
    expect(sentBodies()).toEqual([expect.objectContaining({ prompt, ...drone.options })]);
    expect(JSON.stringify(sentBodies()[0])).toContain('veo-fast');
  });

  it('makes an image with the profile’s model when the prompt names none', async () => {
    const { app, items } = await makeBackgroundApp(service);
    await libraryItem.setValue({ v: 1, prompts: [sketchImage] });
    await app.onMenuClick(`${MENU_PIN}sketch`, 'an owl');
    expect(await items.history.getValue()).toEqual([
      expect.objectContaining({ kind: 'image', prompt: 'A pencil sketch of an owl', status: 'completed' }),
    ]);
  });

  it('checks the wrapped prompt as the form does: too long or an empty selection is told, nothing is sent', async () => {
    const { app, items, notifications } = await makeBackgroundApp(service);
    await libraryItem.setValue({ v: 1, prompts: [sketchImage] });
    await app.onMenuClick(`${MENU_PIN}sketch`, 'x'.repeat(MAX_PROMPT_LENGTH - 5));
    await app.onMenuClick(`${MENU_PIN}sketch`, '   ');
    const length = 'A pencil sketch of '.length + MAX_PROMPT_LENGTH - 5;
    expect(notifications.map((notification) => notification.message)).toEqual([
      t('problemPromptTooLong', [length, MAX_PROMPT_LENGTH]),
      t('problemPromptEmpty'),
    ]);
    expect(sentBodies()).toEqual([]);
    expect(await items.history.getValue()).toEqual([]);
  });

  it('a prompt unpinned or deleted while the menu showed it makes nothing and says so', async () => {
    const { app, notifications } = await makeBackgroundApp(service);
    await libraryItem.setValue({ v: 1, prompts: [{ ...sketchImage, pin: undefined }] });
    await app.onMenuClick(`${MENU_PIN}sketch`, 'an owl');
    await app.onMenuClick(`${MENU_PIN}gone`, 'an owl');
    expect(notifications.map((notification) => notification.message)).toEqual([
      t('menuPinnedGone'),
      t('menuPinnedGone'),
    ]);
    expect(sentBodies()).toEqual([]);
  });

  it('with the review setting, the wrapped prompt goes to the panel’s form with its options and model', async () => {
    const { app } = await makeBackgroundApp(service, { reviewSelection: true });
    await libraryItem.setValue({ v: 1, prompts: [drone] });
    await app.onMenuClick(`${MENU_PIN_REVIEW}drone`, 'a harbour');
    expect(await composerDraftItem.getValue()).toMatchObject({
      prompt: 'Cinematic drone shot of a harbour, golden hour',
      kind: 'video',
      options: drone.options,
      model: 'veo-fast',
    });
    expect(sentBodies()).toEqual([]);
  });
});
