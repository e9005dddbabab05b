import { describe, expect, it } from 'vitest';
import { draftOf, NEW_DRAFT, savedDraft } from '@/entrypoints/library/editor-draft';
import type { LibraryPrompt } from '@/utils/library/schema';
import { matchesPrompt, shownLibrary, tagsOf } from '@/utils/library/view';

const prompt: LibraryPrompt = {
  id: 'p1',
  name: 'Foggy harbour',
  text: 'a {{boat|fishing boat}} in the fog over {{selection}}',
  tags: ['Sea', 'grey'],
  kind: 'video',
  options: { duration: 8, resolution: '1080p', aspectRatio: '9:16', generateAudio: true },
  model: 'm-2',
  pin: 'video',
  createdAt: 1,
  updatedAt: 2,
};

describe('the library as pages read it', () => {
  it('keeps only entries shaped like prompts', () => {
    expect(shownLibrary(undefined)).toEqual([]);
    expect(shownLibrary({ prompts: 'x' })).toEqual([]);
    expect(shownLibrary({ v: 1, prompts: [prompt, null, { id: 'x' }, 7] })).toEqual([prompt]);
  });

  it('matches every word of the query in the name, a tag or the text, case ignored', () => {
    expect(matchesPrompt(prompt, '')).toBe(true);
    expect(matchesPrompt(prompt, 'HARBOUR sea')).toBe(true);
    expect(matchesPrompt(prompt, 'fishing  fog')).toBe(true);
    expect(matchesPrompt(prompt, 'harbour sun')).toBe(false);
  });

  it('reads tags from one comma-separated field', () => {
    expect(tagsOf(' sea, grey ,,sea, ')).toEqual(['sea', 'grey']);
  });
});

describe('the library page form', () => {
  it('gives back what it was filled from, the pin included', () => {
    expect(savedDraft(draftOf(prompt))).toEqual({
      prompt: {
        id: 'p1',
        name: 'Foggy harbour',
        tags: ['Sea', 'grey'],
        text: prompt.text,
        kind: 'video',
        options: prompt.options,
        model: 'm-2',
        pin: 'video',
      },
    });
  });

  it('keeps the pin only while the text has a place for the selection', () => {
    const saved = savedDraft({ ...draftOf(prompt), text: 'a {{boat}} in the fog' });
    expect(saved).toMatchObject({ prompt: { text: 'a {{boat}} in the fog' } });
    expect(saved).not.toHaveProperty('prompt.pin');
  });

  it('names the first field that is wrong', () => {
    expect(savedDraft({ ...NEW_DRAFT, text: 'x' })).toEqual({ problem: 'name' });
    expect(savedDraft({ ...NEW_DRAFT, name: 'n', text: '  ' })).toEqual({ problem: 'text' });
    expect(savedDraft({ ...NEW_DRAFT, name: 'n', text: 'x'.repeat(4001) })).toEqual({ problem: 'text' });
    expect(savedDraft({ ...NEW_DRAFT, name: 'n', text: 'x', tags: 'x'.repeat(31) })).toEqual({
      problem: 'tags',
    });
    const video = savedDraft({
      ...NEW_DRAFT,
      name: 'n',
      text: 'x',
      withOptions: true,
      video: { ...NEW_DRAFT.video, duration: '0' },
    });
    expect(video).toMatchObject({ problem: 'video', detail: { code: 'duration_invalid' } });
    expect(savedDraft({ ...NEW_DRAFT, name: ' n ', text: 'x', model: '  ' })).toEqual({
      prompt: { name: 'n', tags: [], text: 'x' },
    });
  });
});
