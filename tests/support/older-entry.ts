import type { HistoryEntry } from '../../utils/history/schema';

/**
 * The `index`-th oldest entry of a long-used history, a minute apart from `now` backwards: mostly images,
 * every third a video, every seventh a failure, every fifth with a cost, as a real history mixes them.
 */
export function olderEntry(index: number, now: number): HistoryEntry {
  const createdAt = now - (index + 1) * 60_000;
  const failed = index % 7 === 0;
  return {
    id: `older-${index}`,
    kind: index % 3 === 0 ? 'video' : 'image',
    prompt: `an older result number ${index}`,
    model: '',
    source: 'popup',
    status: failed ? 'failed' : 'completed',
    urls: failed ? [] : [`http://127.0.0.1:9/older-${index}.png`],
    createdAt,
    finishedAt: createdAt + 1_000,
    ...(failed ? { error: { kind: 'server_error', message: 'The service failed (500).', status: 500 } } : {}),
    ...(index % 5 === 0 ? { cost: 3 } : {}),
  };
}
