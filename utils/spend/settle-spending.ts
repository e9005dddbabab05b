import type { HistoryEntry } from '../history/schema';
import type { Settlement } from '../history/store';
import { localDate } from '../local-date';
import { profileOf } from '../profiles/first-profile';
import { fromMilli, splitCredits, toMilli } from './credits';
import { type Charge, type ChargeKind, entryCharge } from './ledger';

/** The balance read once generations ended, and whose it was. */
export interface ReadingAfter {
  value: number;
  /** When it was asked for. */
  at: number;
  account: { origin: string; keyId: string };
}

/**
 * Whether a running entry may be charged now, or is about to be. A paused batch's prompts are not sent while
 * paused (once resumed they run); a comparison's waiting entries are sent only once the one before has been
 * settled, so they cannot be charged in its span either.
 */
export const charging = (entry: HistoryEntry): boolean =>
  entry.status === 'running' && !entry.paused && !(entry.compared && entry.waiting);

const withoutReading = ({ balanceBefore: _, ...entry }: HistoryEntry): HistoryEntry => entry;

const sameAccount = (a: ReadingAfter['account'], b: ReadingAfter['account']) =>
  a.origin === b.origin && a.keyId === b.keyId;

/**
 * What ended generations cost, from the balance read right before them (stored with each, taken only while
 * nothing ran) and the reading after them (`after`, undefined when it failed).
 * - A lone generation, or a batch read once before it, whose span no other generation of the profile
 *   overlapped: the difference is theirs, shared exactly among the batch's completed results.
 * - Generations that overlapped: the difference over the whole span is one charge of the group, with no cost
 *   on any entry, so budgets still count what the account lost while they ran.
 * While a generation of the profile still runs the span is not over: nothing is settled yet. A reading of
 * another account, a failed reading after or a balance that rose (a top-up) leave the amount unknown.
 * `pending` are the entries holding a reading, as stored now; `around` every entry created since the
 * earliest reading, and every running one.
 */
export function settleSpending(
  pending: readonly HistoryEntry[],
  around: readonly HistoryEntry[],
  after: ReadingAfter | undefined,
): Settlement {
  const holding = pending.filter((entry) => entry.balanceBefore && entry.status !== 'running');
  const ours = after
    ? holding.filter((entry) => sameAccount(entry.balanceBefore?.account ?? after.account, after.account))
    : [];
  const dropped = holding.filter((entry) => !ours.includes(entry)).map(withoutReading);
  if (!after || ours.length === 0) return { entries: dropped, charges: [] };

  const profiles = new Set(ours.map(profileOf));
  const relevant = (entry: HistoryEntry) => profiles.has(profileOf(entry));
  if (around.some((entry) => charging(entry) && relevant(entry))) return { entries: dropped, charges: [] };

  const first = ours.reduce((earliest, entry) =>
    (entry.balanceBefore?.at ?? 0) < (earliest.balanceBefore?.at ?? 0) ? entry : earliest,
  );
  const before = first.balanceBefore as NonNullable<HistoryEntry['balanceBefore']>;
  const milli = toMilli(before.value) - toMilli(after.value);
  if (milli < 0) return { entries: [...dropped, ...ours.map(withoutReading)], charges: [] };

  const span = new Map<string, HistoryEntry>();
  for (const entry of around) {
    // A batch resumed later is sent after its creation: it counts in the span it was sent in.
    const sent = entry.sentAt ?? entry.createdAt;
    if (relevant(entry) && !entry.paused && sent >= before.at && sent <= after.at) span.set(entry.id, entry);
  }
  for (const entry of ours) span.set(entry.id, entry);
  const batches = new Set(ours.flatMap((entry) => entry.batchId ?? []));
  const together = (entry: HistoryEntry) =>
    ours.some((own) => own.id === entry.id) || (entry.batchId !== undefined && batches.has(entry.batchId));
  const oneReading = ours.every(
    (entry) => entry.balanceBefore?.at === before.at && entry.balanceBefore.value === before.value,
  );
  const members = [...span.values()];
  // One that holds a reading too but ended after this settling began (a batch's last prompt) is settled
  // with the rest by the settling its end starts.
  if (members.some((entry) => entry.balanceBefore && !ours.some((own) => own.id === entry.id)))
    return { entries: dropped, charges: [] };
  const account = after.account;

  if (oneReading && members.every(together)) {
    const made = ours.filter((entry) => entry.status === 'completed');
    if (made.length === 0)
      return {
        entries: [...dropped, ...ours.map(withoutReading)],
        charges: [groupCharge(first, members, milli, account)],
      };
    const parts = splitCredits(fromMilli(milli), made.length);
    const costs = new Map(made.map((entry, i) => [entry.id, parts[i] as number]));
    const entries = ours.map((entry) => {
      const cost = costs.get(entry.id);
      return cost === undefined ? withoutReading(entry) : { ...withoutReading(entry), cost };
    });
    const charges = made.map((entry) =>
      entryCharge(entry, profileOf(entry), account, toMilli(costs.get(entry.id) ?? 0)),
    );
    return { entries: [...dropped, ...entries], charges };
  }
  return {
    entries: [...dropped, ...ours.map(withoutReading)],
    charges: [groupCharge(first, members, milli, account)],
  };
}

/** One charge for what generations took together, on the day the first of them began. */
function groupCharge(
  first: HistoryEntry,
  members: readonly HistoryEntry[],
  milli: number,
  account: ReadingAfter['account'],
): Charge {
  const at = Math.min(...members.map((entry) => entry.createdAt));
  const kinds = new Set(members.map((entry) => entry.kind));
  const kind: ChargeKind = kinds.size === 1 ? first.kind : 'mixed';
  return {
    id: `group:${first.id}`,
    profile: profileOf(first),
    ...account,
    day: localDate(at),
    at,
    milli,
    kind,
    entries: members.map((entry) => entry.id),
  };
}
