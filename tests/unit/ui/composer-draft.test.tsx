// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { PromptDraft } from '@/utils/prompts/page/use-prompt-draft';
import { DEFAULT_SETTINGS } from '@/utils/settings/defaults';
import { DRAFT_MAX_AGE_MS, useComposerDraft } from '@/utils/side-panel/page/use-composer-draft';
import { type ComposerDraft, composerDraftItem } from '@/utils/storage/items';

let taken: unknown[];

beforeEach(() => {
  fakeBrowser.reset();
  taken = [];
  // The background: takes the draft, as its handler does.
  vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation(async (message: unknown) => {
    taken.push(message);
    return { ok: true, data: { taken: true } };
  });
});
afterEach(() => vi.restoreAllMocks());

function form() {
  const fill = vi.fn();
  return { fill, draft: { fill, textareaRef: createRef<HTMLTextAreaElement>() } as unknown as PromptDraft };
}

const stored = (createdAt: number): ComposerDraft => ({
  id: 'd1',
  prompt: 'a lighthouse at dusk',
  kind: 'video',
  options: DEFAULT_SETTINGS.videoDefaults,
  createdAt,
});

describe('the panel’s draft', () => {
  it('fills the form with a draft sent for review a moment ago, and takes it', async () => {
    await composerDraftItem.setValue(stored(Date.now() - 60_000));
    const { fill, draft } = form();
    renderHook(() => useComposerDraft(draft));
    await waitFor(() =>
      expect(fill).toHaveBeenCalledWith('a lighthouse at dusk', DEFAULT_SETTINGS.videoDefaults, undefined),
    );
    expect(taken).toEqual([{ type: 'takeComposerDraft', id: 'd1' }]);
  });

  it('carries a pinned library prompt’s own model into the form', async () => {
    await composerDraftItem.setValue({ ...stored(Date.now()), model: 'veo-fast' });
    const { fill, draft } = form();
    renderHook(() => useComposerDraft(draft));
    await waitFor(() =>
      expect(fill).toHaveBeenCalledWith('a lighthouse at dusk', DEFAULT_SETTINGS.videoDefaults, 'veo-fast'),
    );
  });

  it('takes a draft older than the limit without filling anything', async () => {
    await composerDraftItem.setValue(stored(Date.now() - DRAFT_MAX_AGE_MS - 1_000));
    const { fill, draft } = form();
    renderHook(() => useComposerDraft(draft));
    await waitFor(() => expect(taken).toEqual([{ type: 'takeComposerDraft', id: 'd1' }]));
    expect(fill).not.toHaveBeenCalled();
  });
});
