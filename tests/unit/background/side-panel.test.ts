// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  MENU_EDIT,
  MENU_IMAGE,
  MENU_IMAGE_REVIEW,
  MENU_VIDEO,
  MENU_VIDEO_REVIEW,
  menuEntries,
  opensSidePanel,
} from '../../../utils/context-menu/background/context-menu';
import { composerDraftItem } from '../../../utils/storage/items';
import { makeBackgroundApp } from '../support/background-app';
import { referenceServiceForFile } from '../support/reference-service';

const service = referenceServiceForFile({ videoDurationMs: 200 });
const videoDefaults = { duration: 8, resolution: '1080p', aspectRatio: '9:16', generateAudio: true };

describe('edit prompt from selection', () => {
  it('puts the cleaned selection and the video defaults in the panel’s draft, spending nothing', async () => {
    const { app, items } = await makeBackgroundApp(service, { videoDefaults });
    await app.onMenuClick(MENU_EDIT, '  a lighthouse\n   at dusk ');
    expect(await composerDraftItem.getValue()).toEqual({
      id: 'id-1',
      prompt: 'a lighthouse at dusk',
      kind: 'video',
      options: videoDefaults,
      createdAt: expect.any(Number),
    });
    expect(service.requests()).toHaveLength(0);
    expect(await items.history.getValue()).toEqual([]);
  });

  it('needs no setup to review (the panel asks for it), and keeps a selection too long to send', async () => {
    const harness = await makeBackgroundApp(service, { baseUrl: '' }, '');
    await harness.app.onMenuClick(MENU_EDIT, 'z'.repeat(5_000));
    expect((await composerDraftItem.getValue())?.prompt).toHaveLength(5_000);
    expect(harness.optionsOpened).toBe(0);
    expect(harness.notifications).toEqual([]);
  });

  it('an empty selection leaves no draft and says why', async () => {
    const { app, notifications } = await makeBackgroundApp(service);
    await app.onMenuClick(MENU_EDIT, '   ');
    expect(await composerDraftItem.getValue()).toBeNull();
    expect(notifications).toHaveLength(1);
  });

  it('with the review setting, the direct entries become drafts of their own kind instead of requests', async () => {
    const { app } = await makeBackgroundApp(service, { reviewSelection: true });
    await app.onMenuClick(MENU_IMAGE_REVIEW, 'a paper boat');
    expect(await composerDraftItem.getValue()).toMatchObject({ prompt: 'a paper boat', kind: 'image' });
    await app.onMenuClick(MENU_VIDEO_REVIEW, 'a red kite');
    expect(await composerDraftItem.getValue()).toMatchObject({ prompt: 'a red kite', kind: 'video' });
    expect(service.requests()).toHaveLength(0);
  });

  it('the menu gives the direct entries review ids only while the setting is on', () => {
    expect(menuEntries(false).map((entry) => entry.id)).toEqual([MENU_VIDEO, MENU_IMAGE, MENU_EDIT]);
    expect(menuEntries(true).map((entry) => entry.id)).toEqual([
      MENU_VIDEO_REVIEW,
      MENU_IMAGE_REVIEW,
      MENU_EDIT,
    ]);
    expect([MENU_EDIT, MENU_VIDEO_REVIEW, MENU_IMAGE_REVIEW].every(opensSidePanel)).toBe(true);
    expect([MENU_VIDEO, MENU_IMAGE, 'other'].some(opensSidePanel)).toBe(false);
  });
});

describe('the draft is taken once', () => {
  it('clears only the draft the panel filled in; a newer one stays for the panel', async () => {
    const { app } = await makeBackgroundApp(service);
    await app.onMenuClick(MENU_EDIT, 'first');
    await app.onMenuClick(MENU_EDIT, 'second');
    const take = app.handlers.takeComposerDraft;
    expect(await take({ type: 'takeComposerDraft', id: 'id-1' })).toEqual({ taken: false });
    expect((await composerDraftItem.getValue())?.prompt).toBe('second');
    expect(await take({ type: 'takeComposerDraft', id: 'id-2' })).toEqual({ taken: true });
    expect(await composerDraftItem.getValue()).toBeNull();
  });

  it('composeDraft writes the same draft, with the given options or the video defaults', async () => {
    const { app } = await makeBackgroundApp(service, { videoDefaults });
    const compose = app.handlers.composeDraft;
    const { id } = await compose({ type: 'composeDraft', prompt: 'a fox', kind: 'image' });
    expect(await composerDraftItem.getValue()).toMatchObject({
      id,
      prompt: 'a fox',
      kind: 'image',
      options: videoDefaults,
    });
    const options = { ...videoDefaults, duration: 3 };
    await compose({ type: 'composeDraft', prompt: 'a fox', kind: 'video', options });
    expect(await composerDraftItem.getValue()).toMatchObject({ kind: 'video', options });
  });
});
