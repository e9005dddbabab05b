import type { Context } from '../../background/context';
import { AppError } from '../../error-info';
import { t } from '../../i18n';
import type { RequestOf, ResponseData } from '../../messaging/protocol';
import { createSerial } from '../../serial';
import { libraryItem } from '../../storage/items';
import { MAX_LIBRARY } from '../limits';
import { repairLibrary } from '../repair';
import type { LibraryPrompt } from '../schema';

/** Read-modify-write of the library, one change at a time, so two quick saves never drop each other. */
const serially = createSerial();

/** The library's prompts as `edit` leaves them, written unless that is more than the cap. */
function change<T>(edit: (prompts: LibraryPrompt[]) => [LibraryPrompt[], T]): Promise<T> {
  return serially(async () => {
    const [prompts, answer] = edit(repairLibrary(await libraryItem.getValue()).prompts);
    if (prompts.length > MAX_LIBRARY) {
      throw new AppError('invalid_input', t('refusedLibraryFull', [MAX_LIBRARY, prompts.length]));
    }
    await libraryItem.setValue({ v: 1, prompts });
    return answer;
  });
}

/** Saves the prompt of this id in place, or a new one (without an id, or an id not stored) first in the list. */
export function savePrompt(
  ctx: Context,
  { prompt: { id, ...fields } }: RequestOf<'savePrompt'>,
): Promise<ResponseData['savePrompt']> {
  return change((prompts) => {
    const now = ctx.platform.now();
    const old = prompts.find((prompt) => prompt.id === id);
    const saved = {
      ...fields,
      id: id ?? ctx.platform.newId(),
      createdAt: old?.createdAt ?? now,
      updatedAt: now,
    };
    return [
      old ? prompts.map((prompt) => (prompt === old ? saved : prompt)) : [saved, ...prompts],
      { id: saved.id },
    ];
  });
}

export function removePrompts({ ids }: RequestOf<'removePrompts'>): Promise<ResponseData['removePrompts']> {
  return change((prompts) => {
    const kept = prompts.filter((prompt) => !ids.includes(prompt.id));
    return [kept, { removed: prompts.length - kept.length }];
  });
}

/** Moves a prompt to this index (at most the last); `index` is -1 when no prompt has the id any more. */
export function movePrompt({ id, to }: RequestOf<'movePrompt'>): Promise<ResponseData['movePrompt']> {
  return change((prompts) => {
    const moving = prompts.find((prompt) => prompt.id === id);
    const rest = prompts.filter((prompt) => prompt !== moving);
    const index = moving ? Math.min(to, rest.length) : -1;
    if (moving) rest.splice(index, 0, moving);
    return [rest, { index }];
  });
}

/**
 * The prompts of a library file (checked whole by the page that read it, utils/library/file.ts), refused
 * as a whole too when the library would grow past its cap. A prompt of a stored id replaces it in place,
 * the others follow the stored ones in the file's order; `replace` makes the file the whole library.
 */
export function importLibrary({
  prompts: added,
  replace,
}: RequestOf<'importLibrary'>): Promise<ResponseData['importLibrary']> {
  return change((prompts) => {
    const merged = new Map((replace ? [] : prompts).map((prompt) => [prompt.id, prompt]));
    const before = merged.size;
    for (const prompt of added) merged.set(prompt.id, prompt);
    return [[...merged.values()], { added: merged.size - before, total: merged.size }];
  });
}
