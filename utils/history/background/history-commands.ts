import type { Context } from '../../background/context';
import type { RequestOf, ResponseData } from '../../messaging/protocol';
import type { Settings } from '../../settings/schema';
import { validSettingsItem } from '../../settings/store';
import type { HistoryEntry } from '../schema';

const DAY_MS = 24 * 60 * 60 * 1000;
/** As many collections as the entry schema keeps; adding one more leaves that entry as it is. */
const MAX_COLLECTIONS = 50;

/** Removing entries may make room in a full storage, so a held-back polling pass is given its chance. */
async function freeing<T>(ctx: Context, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } finally {
    await ctx.tracker.storageFreed();
  }
}

export async function removeHistoryEntry(
  ctx: Context,
  id: string,
): Promise<ResponseData['removeHistoryEntry']> {
  const removed = await freeing(ctx, () => ctx.history.remove(id));
  await ctx.copies.forget(id);
  return { removed };
}

/** The answer comes once the entries' copies are gone too: a page saying "removed" means both. */
export async function removeEntries(
  ctx: Context,
  { ids }: RequestOf<'removeEntries'>,
): Promise<ResponseData['removeEntries']> {
  const removed = await freeing(ctx, () => ctx.history.removeMany(ids));
  await ctx.copies.forgetEntries(removed);
  return { removed: removed.length };
}

export async function clearHistory(ctx: Context): Promise<ResponseData['clearHistory']> {
  const removed = await freeing(ctx, () => ctx.history.clearFinished());
  await ctx.copies.forgetRemoved();
  return { removed };
}

/** Entries already as asked are not rewritten, so the change signal names only those that changed. */
export async function setFavourite(
  ctx: Context,
  { ids, favourite }: RequestOf<'setFavourite'>,
): Promise<ResponseData['setFavourite']> {
  const changed = await ctx.history.patchMany({ ids }, (entry) => {
    if ((entry.favourite === true) === favourite) return undefined;
    const { favourite: _, ...rest } = entry;
    return favourite ? { ...rest, favourite: true } : rest;
  });
  return { changed: changed.length };
}

/** Only a video takes a thumbnail, and only for a file it has. */
export async function setThumbnail(
  ctx: Context,
  { entryId, thumbnail }: RequestOf<'setThumbnail'>,
): Promise<ResponseData['setThumbnail']> {
  const changed = await ctx.history.patchMany({ ids: [entryId] }, ({ thumbnail: _, ...entry }) =>
    entry.kind === 'video' && (thumbnail?.index ?? 0) < entry.urls.length
      ? { ...entry, ...(thumbnail && { thumbnail }) }
      : undefined,
  );
  return { changed: changed.length };
}

function withCollection(entry: HistoryEntry, name: string, member: boolean): HistoryEntry | undefined {
  const current = entry.collections ?? [];
  if (current.includes(name) === member) return undefined;
  if (member && current.length >= MAX_COLLECTIONS) return undefined;
  const { collections: _, ...rest } = entry;
  const next = member ? [...current, name] : current.filter((other) => other !== name);
  return next.length > 0 ? { ...rest, collections: next } : rest;
}

export async function setCollection(
  ctx: Context,
  { ids, collection, member }: RequestOf<'setCollection'>,
): Promise<ResponseData['setCollection']> {
  const changed = await ctx.history.patchMany({ ids }, (entry) => withCollection(entry, collection, member));
  return { changed: changed.length };
}

/**
 * The oldest entries past the settings' cap go, only if no more than the person agreed to: had more come in
 * since the page counted, nothing goes and the page shows the new count. Their copies go before the answer.
 */
export async function trimHistory(
  ctx: Context,
  { removeUpTo }: RequestOf<'trimHistory'>,
): Promise<ResponseData['trimHistory']> {
  const { historyLimit } = await validSettingsItem.getValue();
  const removed = await freeing(ctx, () => ctx.history.trim(historyLimit, removeUpTo));
  if (removed.length > 0) await ctx.copies.droppedFreed();
  return { removed: removed.length };
}

/** The drop rule's time: entries created before it go; none without a rule. */
export function dropCutoff(
  settings: Pick<Settings, 'historyDropAfterDays'>,
  now: number,
): number | undefined {
  return settings.historyDropAfterDays > 0 ? now - settings.historyDropAfterDays * DAY_MS : undefined;
}

/** At worker start and when the rule is tightened: `add` applies it only to entries as old as it reaches. */
export async function applyDropRule(ctx: Context): Promise<void> {
  const cutoff = dropCutoff(await validSettingsItem.getValue(), ctx.platform.now());
  if (cutoff === undefined) return;
  const dropped = await freeing(ctx, () => ctx.history.dropOlderThan(cutoff));
  if (dropped.length > 0) await ctx.copies.droppedFreed();
}
