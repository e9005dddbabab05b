// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LibraryPicker } from '@/components/library/LibraryPicker';
import type { LibraryPrompt } from '@/utils/library/schema';

afterEach(cleanup);

const prompt = (id: string, name: string): LibraryPrompt => ({
  id,
  name,
  text: `${name} text`,
  tags: [],
  createdAt: 1,
  updatedAt: 1,
});
const prompts = [prompt('a', 'Harbour at dawn'), prompt('b', 'Braces and bars')];

describe('the library picker', () => {
  it('an Enter typed before the library was read picks the match once it arrives', () => {
    const onPick = vi.fn();
    const view = render(<LibraryPicker prompts={undefined} onPick={onPick} onClose={() => undefined} />);
    const search = screen.getByRole('combobox');
    fireEvent.change(search, { target: { value: 'braces' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onPick).not.toHaveBeenCalled();
    act(() => view.rerender(<LibraryPicker prompts={prompts} onPick={onPick} onClose={() => undefined} />));
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(onPick).toHaveBeenCalledWith(prompts[1]);
    // Once: a later change of the library picks nothing by itself.
    act(() =>
      view.rerender(<LibraryPicker prompts={[...prompts]} onPick={onPick} onClose={() => undefined} />),
    );
    expect(onPick).toHaveBeenCalledTimes(1);
  });

  it('Enter with the library read picks the active match at once', () => {
    const onPick = vi.fn();
    render(<LibraryPicker prompts={prompts} onPick={onPick} onClose={() => undefined} />);
    const search = screen.getByRole('combobox');
    fireEvent.change(search, { target: { value: 'harbour' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(prompts[0]);
  });
});
