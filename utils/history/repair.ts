import * as z from 'zod/mini';
import { type HistoryEntry, historyEntrySchema } from './schema';

const text = z.string();
const time = z.number();

function field<T>(schema: z.ZodMiniType<T>, value: unknown): T | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * One stored entry as a valid entry, or undefined when it has nothing to recognise it by (an id, a
 * kind, a prompt). Fields written by an older shape or damaged since are repaired one by one: a lost
 * optional field is dropped, a single `url` becomes `urls`, and a running entry that lost its polling
 * state is left for the tracker to end as interrupted rather than polled with junk.
 */
export function repairEntry(stored: unknown): HistoryEntry | undefined {
  const whole = historyEntrySchema.safeParse(stored);
  if (whole.success) return whole.data;
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return undefined;
  const source = stored as Record<string, unknown>;
  const id = field(text.check(z.minLength(1)), source.id);
  const kind = field(historyEntrySchema.shape.kind, source.kind);
  const prompt = field(text, source.prompt);
  if (id === undefined || kind === undefined || prompt === undefined) return undefined;
  const urls =
    field(z.array(text), source.urls) ?? [field(text, source.url)].filter((url) => url !== undefined);
  // A status word it cannot read ("done", "succeeded", written by hand or another tool) is told by the files.
  const status =
    field(historyEntrySchema.shape.status, source.status) ?? (urls.length > 0 ? 'completed' : 'failed');
  const createdAt = field(time, source.createdAt) ?? field(time, source.finishedAt) ?? 0;
  // Every other field that still reads as itself is kept (a profile, a favourite, collections, a cost...),
  // so a field added to the schema is kept by a repair without being listed here.
  const kept = Object.entries(historyEntrySchema.shape).flatMap(([key, schema]: [string, z.ZodMiniType]) => {
    const value = field(schema, source[key]);
    return value === undefined ? [] : [[key, value]];
  });
  const repaired = {
    ...Object.fromEntries(kept),
    id,
    kind,
    prompt,
    model: field(text, source.model) ?? '',
    source: field(historyEntrySchema.shape.source, source.source) ?? 'popup',
    status,
    urls,
    createdAt,
  };
  return field(historyEntrySchema, repaired);
}

/**
 * A stored history as valid entries: each entry is repaired or dropped on its own, so one bad entry
 * never costs the others. A value that is not a list (an object of entries, say) keeps whatever of it
 * still reads as entries; anything else is an empty history. Duplicate ids keep their first entry.
 */
export function repairEntries(stored: unknown): HistoryEntry[] {
  const items = Array.isArray(stored)
    ? stored
    : typeof stored === 'object' && stored !== null
      ? Object.values(stored)
      : [];
  const seen = new Set<string>();
  const entries: HistoryEntry[] = [];
  for (const item of items) {
    const entry = repairEntry(item);
    if (!entry || seen.has(entry.id)) continue;
    seen.add(entry.id);
    entries.push(entry);
  }
  return entries;
}
