import type { Balance } from '../messaging/protocol';

/** The most recently fetched of several balance readings (cache, state, a fresh refresh). */
export function latestBalance(...readings: ReadonlyArray<Balance | null | undefined>): Balance | undefined {
  let best: Balance | undefined;
  for (const reading of readings) {
    if (reading && (!best || reading.fetchedAt > best.fetchedAt)) best = reading;
  }
  return best;
}
