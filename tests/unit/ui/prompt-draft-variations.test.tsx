// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { checkedBatch } from '@/utils/prompts/page/draft-checks';
import { usePromptDraft } from '@/utils/prompts/page/use-prompt-draft';
import { DEFAULT_SETTINGS } from '@/utils/settings/defaults';

const draftOf = () => renderHook(() => usePromptDraft(DEFAULT_SETTINGS));

describe('the prompt draft with variations', () => {
  it('reads one prompt with groups as every variation, and a plain one as itself', async () => {
    const { result } = draftOf();
    act(() => result.current.onPromptChange('a lantern'));
    expect(result.current.many).toBe(false);
    act(() => result.current.onPromptChange('a {tin|brass} lantern'));
    expect(result.current.many).toBe(true);
    await waitFor(() => expect(result.current.prompts).toEqual(['a tin lantern', 'a brass lantern']));
    let checked: ReturnType<typeof checkedBatch>;
    act(() => {
      checked = checkedBatch(result.current, 'image');
    });
    expect(checked).toEqual({ prompts: ['a tin lantern', 'a brass lantern'] });
  });

  it('expands each line with One per line, and says too many as soon as the parser has counted', async () => {
    const { result } = draftOf();
    act(() => result.current.onBatchChange(true));
    act(() => result.current.onPromptChange('a {red|blue} kite\na plain owl'));
    await waitFor(() => expect(result.current.prompts).toEqual(['a red kite', 'a blue kite', 'a plain owl']));
    act(() => result.current.onPromptChange('{a|b|c|d|e} {f|g|h|i|j}'));
    await waitFor(() =>
      expect(result.current.shownProblem).toEqual({ code: 'variations_too_many', count: 25, max: 20 }),
    );
    let checked: ReturnType<typeof checkedBatch>;
    act(() => {
      checked = checkedBatch(result.current, 'image');
    });
    expect(checked).toBeUndefined();
  });

  it('refuses an open brace on sending, not while it is being typed', async () => {
    const { result } = draftOf();
    act(() => result.current.onPromptChange('a {broken lantern'));
    await waitFor(() => expect(result.current.many).toBe(true));
    expect(result.current.shownProblem).toBeUndefined();
    await waitFor(() => {
      let checked: ReturnType<typeof checkedBatch>;
      act(() => {
        checked = checkedBatch(result.current, 'image');
      });
      expect(checked).toBeUndefined();
      expect(result.current.shownProblem).toEqual({ code: 'variations_unbalanced' });
    });
  });
});

describe('a Generate click while the variation parser loads', () => {
  it('is kept and acted on once the parser has come: the batch goes out once, as expanded', async () => {
    // A fresh module graph: the parser is not loaded yet, as in a popup that has just opened.
    vi.resetModules();
    const { usePromptDraft: freshDraft } = await import('@/utils/prompts/page/use-prompt-draft');
    const { usePromptActions } = await import('@/utils/prompts/page/use-prompt-actions');
    const sent = vi
      .spyOn(fakeBrowser.runtime, 'sendMessage')
      .mockResolvedValue({ ok: true, data: { count: 2 } });
    const { result } = renderHook(() => {
      const draft = freshDraft(DEFAULT_SETTINGS);
      return { draft, actions: usePromptActions(draft) };
    });
    act(() => {
      result.current.draft.onPromptChange('a {tin|brass} lantern');
    });
    // Clicked in the same moment, before the parser's chunk has arrived.
    expect(result.current.draft.prompts).toEqual([]);
    act(() => result.current.actions.generateImage());
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    expect(sent.mock.calls[0]?.[0]).toMatchObject({
      type: 'generateBatch',
      kind: 'image',
      prompts: ['a tin lantern', 'a brass lantern'],
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveBeenCalledTimes(1);
  });
});
