import { median } from '../median';
import { profileOf } from '../profiles/first-profile';
import { medianEstimate } from '../spend/cost-estimate';
import type { Charge } from '../spend/ledger';
import type { HistoryEntry } from './schema';

/**
 * Figures of each model the person used, for choosing the one worth the credits: from the history (what was
 * sent, how long each took, what failed) and the spend ledger (what each result cost). Zod-free: the history
 * page loads it with the spending panel.
 */
export interface ModelFigures {
  /** The model id the entries named; '' for the profile's own when it had none. */
  model: string;
  /** Generations sent and ended (made or failed). */
  count: number;
  failed: number;
  /** From sending to the result, of those made; undefined when none was. */
  medianMs?: number;
  /** Of those with a cost of their own in the ledger (not a group's); undefined when none has. */
  medianCost?: number;
}

/**
 * Whether the entry reached the service: a batch's prompt ended unsent (cancelled, stopped by a budget) says
 * nothing about its model.
 */
const sent = (entry: HistoryEntry) => entry.batchId === undefined || entry.sentAt !== undefined;

/**
 * Each model's figures over `entries` (those of the period) and the `charges` recorded for them, most used
 * first. `profile`: only that profile's, else every profile's.
 */
export function modelFigures(
  entries: readonly HistoryEntry[],
  charges: readonly Charge[],
  profile?: string,
): ModelFigures[] {
  const costs = new Map(charges.map((charge) => [charge.id, charge.milli]));
  const byModel = new Map<string, HistoryEntry[]>();
  for (const entry of entries) {
    if (entry.status === 'running' || !sent(entry)) continue;
    if (profile !== undefined && profileOf(entry) !== profile) continue;
    byModel.set(entry.model, [...(byModel.get(entry.model) ?? []), entry]);
  }
  const figures = [...byModel].map(([model, ended]): ModelFigures => {
    const made = ended.filter((entry) => entry.status === 'completed');
    const times = made.flatMap((entry) =>
      entry.finishedAt === undefined ? [] : [entry.finishedAt - (entry.sentAt ?? entry.createdAt)],
    );
    // An entry's own charge has the entry's id; a group's (`group:…`) is no one entry's cost.
    const millis = made.flatMap((entry) => costs.get(entry.id) ?? []);
    const medianMs = median(times);
    const medianCost = medianEstimate(millis)?.credits;
    return {
      model,
      count: ended.length,
      failed: ended.length - made.length,
      ...(medianMs === undefined ? {} : { medianMs }),
      ...(medianCost === undefined ? {} : { medianCost }),
    };
  });
  return figures.sort((a, b) => b.count - a.count || a.model.localeCompare(b.model));
}
