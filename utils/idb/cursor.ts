import { request } from './request';

/** Moves the cursor to its next record: the same cursor there, or null past the last. */
export function advance<C extends { continue(): void; readonly request: IDBRequest<C | null> }>(
  cursor: C,
): Promise<C | null> {
  cursor.continue();
  return request(cursor.request);
}
