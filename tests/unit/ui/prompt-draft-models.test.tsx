// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePromptDraft } from '@/utils/prompts/page/use-prompt-draft';
import { DEFAULT_SETTINGS } from '@/utils/settings/defaults';

const HOME = [{ id: 'studio-pro' }, { id: 'sketch-fast' }];
const WORK = [{ id: 'film-grain' }];

function draftWith(models: readonly { id: string }[]) {
  return renderHook(({ list }) => usePromptDraft(DEFAULT_SETTINGS, list), { initialProps: { list: models } });
}

describe('the model the prompt form sends', () => {
  it('is the one picked from the profile’s list, and none (the profile’s own) once the list no longer has it', () => {
    const { result, rerender } = draftWith(HOME);
    expect(result.current.sentModel).toBeUndefined();
    act(() => result.current.pick('sketch-fast'));
    expect(result.current.picked).toBe('sketch-fast');
    expect(result.current.sentModel).toBe('sketch-fast');
    // Another profile's list, as after a switch: the pick is not sent with a service that does not list it.
    rerender({ list: WORK });
    expect(result.current.picked).toBeUndefined();
    expect(result.current.sentModel).toBeUndefined();
    // Back on the list that has it, the form shows and sends it again, as the person left it there.
    rerender({ list: HOME });
    expect(result.current.sentModel).toBe('sketch-fast');
    act(() => result.current.pick(undefined));
    expect(result.current.sentModel).toBeUndefined();
  });

  it('is a library prompt’s own model while it is in use, then the pick again', () => {
    const { result } = draftWith(HOME);
    act(() => result.current.pick('studio-pro'));
    act(() => result.current.fill('a fox', undefined, 'model-from-library'));
    expect(result.current.model).toBe('model-from-library');
    expect(result.current.sentModel).toBe('model-from-library');
    expect(result.current.picked).toBe('studio-pro');
    act(() => result.current.dropModel());
    expect(result.current.sentModel).toBe('studio-pro');
  });
});
