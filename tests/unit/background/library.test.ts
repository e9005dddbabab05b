// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../utils/error-info';
import { promptsOfLibraryFile } from '../../../utils/library/file';
import { repairLibrary } from '../../../utils/library/repair';
import { librarySchema } from '../../../utils/library/schema';
import { parseRequest } from '../../../utils/messaging/protocol';
import { libraryItem } from '../../../utils/storage/items';
import { makeBackgroundApp } from '../support/background-app';
import { libraryPrompt as prompt } from '../support/fixtures';
import { referenceServiceForFile } from '../support/reference-service';

const service = referenceServiceForFile({});

const fileOf = (prompts: unknown[]) => ({ format: 'promptcast-library', v: 1, prompts });
const ids = async () => (await libraryItem.getValue()).prompts.map((item) => item.id);

async function worker() {
  return (await makeBackgroundApp(service)).app.handlers;
}

/** An import as the library page makes it: the page checks the file whole, then sends its prompts. */
async function importing(
  handlers: Awaited<ReturnType<typeof worker>>,
  { file, replace }: { file: unknown; replace?: boolean },
) {
  const prompts = promptsOfLibraryFile(file);
  return handlers.importLibrary({ type: 'importLibrary', prompts, ...(replace ? { replace } : {}) });
}

/** What the router answers a page that sent this (the request's schema first, as in the worker). */
const accepted = (request: unknown) => parseRequest(request)?.success === true;

describe('the library schema', () => {
  it('bounds every field: name 1-80 trimmed, text up to the prompt limit, 20 tags of 30, model 200, 1,000 prompts', () => {
    const base = { type: 'savePrompt', prompt: { name: 'n', text: 't', tags: [] } };
    const withPrompt = (patch: object) => ({ ...base, prompt: { ...base.prompt, ...patch } });
    expect(accepted(base)).toBe(true);
    expect(accepted(withPrompt({ name: '   ' }))).toBe(false);
    expect(accepted(withPrompt({ name: 'x'.repeat(81) }))).toBe(false);
    expect(accepted(withPrompt({ text: '' }))).toBe(false);
    expect(accepted(withPrompt({ text: 'x'.repeat(4001) }))).toBe(false);
    expect(accepted(withPrompt({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }))).toBe(false);
    expect(accepted(withPrompt({ tags: ['x'.repeat(31)] }))).toBe(false);
    expect(accepted(withPrompt({ model: 'm'.repeat(201) }))).toBe(false);
    expect(accepted(withPrompt({ kind: 'audio' }))).toBe(false);
    expect(
      accepted(
        withPrompt({
          pin: 'video',
          kind: 'video',
          options: { duration: 61, resolution: '720p', aspectRatio: '16:9', generateAudio: false },
        }),
      ),
    ).toBe(false);
    expect(
      librarySchema.safeParse({ v: 1, prompts: Array.from({ length: 1001 }, (_, i) => prompt(`p${i}`)) })
        .success,
    ).toBe(false);
  });

  it('a damaged stored library keeps its valid prompts, once per id, in order', () => {
    expect(repairLibrary(undefined)).toEqual({ v: 1, prompts: [] });
    expect(repairLibrary({ v: 1, prompts: 'no' })).toEqual({ v: 1, prompts: [] });
    const repaired = repairLibrary({
      prompts: [prompt('a'), { id: 'b' }, prompt('c'), prompt('a', { name: 'again' })],
    });
    expect(repaired.prompts.map((item) => item.id)).toEqual(['a', 'c']);
    expect(repaired.prompts[0]?.name).toBe('Prompt a');
  });
});

describe('library commands', () => {
  it('saves a new prompt first, updates one in place keeping its creation date, and stamps the dates', async () => {
    const handlers = await worker();
    const { id: first } = await handlers.savePrompt({
      type: 'savePrompt',
      prompt: { name: 'One', text: 'a {{x}}', tags: ['t'] },
    });
    const { id: second } = await handlers.savePrompt({
      type: 'savePrompt',
      prompt: { name: 'Two', text: 'b', tags: [], kind: 'video', pin: 'video' },
    });
    expect(await ids()).toEqual([second, first]);
    const before = (await libraryItem.getValue()).prompts[1];
    await handlers.savePrompt({
      type: 'savePrompt',
      prompt: { id: first, name: 'One again', text: 'c', tags: [], model: 'm-2' },
    });
    const after = (await libraryItem.getValue()).prompts;
    expect(after.map((item) => item.id)).toEqual([second, first]);
    expect(after[1]).toMatchObject({
      name: 'One again',
      text: 'c',
      model: 'm-2',
      createdAt: before?.createdAt,
    });
    expect(after[0]).toMatchObject({ kind: 'video', pin: 'video' });
  });

  it('quick saves are applied one after another: none is lost', async () => {
    const handlers = await worker();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        handlers.savePrompt({ type: 'savePrompt', prompt: { name: `n${i}`, text: 't', tags: [] } }),
      ),
    );
    expect(await ids()).toHaveLength(20);
  });

  it('moves, clamped to the ends, and removes by id', async () => {
    const handlers = await worker();
    await importing(handlers, {
      file: fileOf(['a', 'b', 'c', 'd'].map((id) => prompt(id))),
    });
    expect(await handlers.movePrompt({ type: 'movePrompt', id: 'a', to: 2 })).toEqual({ index: 2 });
    expect(await ids()).toEqual(['b', 'c', 'a', 'd']);
    expect(await handlers.movePrompt({ type: 'movePrompt', id: 'b', to: 99 })).toEqual({ index: 3 });
    expect(await ids()).toEqual(['c', 'a', 'd', 'b']);
    expect(await handlers.movePrompt({ type: 'movePrompt', id: 'gone', to: 0 })).toEqual({ index: -1 });
    expect(await handlers.removePrompts({ type: 'removePrompts', ids: ['a', 'b', 'gone'] })).toEqual({
      removed: 2,
    });
    expect(await ids()).toEqual(['c', 'd']);
  });

  it('imports by id: a known id replaced in place, new ones after; replace makes the file the library', async () => {
    const handlers = await worker();
    await importing(handlers, {
      file: fileOf([prompt('a'), prompt('b')]),
    });
    const answer = await importing(handlers, {
      file: fileOf([prompt('c'), prompt('a', { name: 'New a' })]),
    });
    expect(answer).toEqual({ added: 1, total: 3 });
    expect(await ids()).toEqual(['a', 'b', 'c']);
    expect((await libraryItem.getValue()).prompts[0]?.name).toBe('New a');
    expect(
      await importing(handlers, {
        file: fileOf([prompt('z')]),
        replace: true,
      }),
    ).toEqual({ added: 1, total: 1 });
    expect(await ids()).toEqual(['z']);
  });

  it('refuses a malformed or oversized file as a whole, naming the problem, and changes nothing', async () => {
    const handlers = await worker();
    await importing(handlers, {
      file: fileOf([prompt('keep')]),
    });
    const hostile: [unknown, RegExp][] = [
      [fileOf([prompt('a', { text: `{{selection}}${'x'.repeat(100_000)}` })]), /prompts\.0\.text/],
      [fileOf(Array.from({ length: 10_000 }, (_, i) => prompt(`p${i}`))), /prompts/],
      [fileOf([prompt('a'), { ...prompt('b'), name: { nested: true } }]), /prompts\.1\.name/],
      [fileOf([prompt('a', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })]), /prompts\.0\.tags/],
      [{ ...fileOf([]), format: 'promptcast-history' }, /format/],
      [JSON.parse(`${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`), /format/],
      ['not an object', /Not a Promptcast library file/],
    ];
    for (const [file, reason] of hostile) {
      const refusal = importing(handlers, { file });
      await expect(refusal).rejects.toBeInstanceOf(AppError);
      await expect(refusal).rejects.toThrow(reason);
    }
    expect(await ids()).toEqual(['keep']);
  });

  it('refuses what would grow the library past 1,000 prompts, saving and importing alike', async () => {
    const handlers = await worker();
    await importing(handlers, {
      file: fileOf(Array.from({ length: 1000 }, (_, i) => prompt(`p${i}`))),
    });
    await expect(
      handlers.savePrompt({ type: 'savePrompt', prompt: { name: 'one more', text: 't', tags: [] } }),
    ).rejects.toThrow('at most 1,000 prompts, not 1,001');
    await expect(
      importing(handlers, {
        file: fileOf([prompt('new')]),
      }),
    ).rejects.toThrow('not 1,001');
    // Known ids replace: the library stays at its cap.
    expect(
      await importing(handlers, {
        file: fileOf([prompt('p5', { name: 'five' })]),
      }),
    ).toEqual({ added: 0, total: 1000 });
    expect(await ids()).toHaveLength(1000);
  });
});
