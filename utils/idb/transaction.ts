import { request } from './request';
import type { Db, Schema, Store, StoreName } from './types';

/**
 * Resolves once `tx` is committed; rejects when it fails or is aborted. Take it as soon as the transaction is
 * made, and hear its rejection even where another one is awaited first.
 */
export function done(tx: Omit<IDBTransaction, 'objectStore'>): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new DOMException('AbortError', 'AbortError'));
  });
}

/** One request in a transaction of its own, answered once that is committed (so a write is stored). */
export async function once<S extends Schema<S>, N extends StoreName<S>, T>(
  db: Db<S>,
  name: N,
  make: (store: Store<S[N]>) => IDBRequest<T>,
  mode?: IDBTransactionMode,
): Promise<T> {
  const tx = db.transaction(name, mode);
  return (await Promise.all([request(make(tx.objectStore(name))), done(tx)]))[0];
}
