import type { Db, Schema, StoreName, Transaction } from './types';

/**
 * Opens `name` at `version`. `upgrade` makes or changes the stores in the version change transaction; a
 * failure in it aborts that transaction, so the database stays as it was and the open fails. Without
 * `upgrade` a missing or older database is left alone (the open fails with an AbortError): a page never
 * creates one, or the background's upgrade to that version would be skipped.
 */
export function openDb<S extends Schema<S>>(
  name: string,
  version: number,
  upgrade?: (db: Db<S>, oldVersion: number, tx: Transaction<S, StoreName<S>>) => void | Promise<void>,
): Promise<Db<S>> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(name, version);
    // The native objects, seen through the schema's types.
    const db = () => open.result as unknown as Db<S>;
    open.onupgradeneeded = ({ oldVersion }) => {
      const tx = open.transaction as IDBTransaction;
      if (!upgrade) {
        tx.abort();
        return;
      }
      const typed = tx as unknown as Transaction<S, StoreName<S>>;
      new Promise<void>((settle) => settle(upgrade(db(), oldVersion, typed))).catch(() => tx.abort());
    };
    open.onsuccess = () => resolve(db());
    open.onerror = () => reject(open.error);
  });
}

/**
 * A page's opener of a database only the background creates: one connection per page, kept while it lasts.
 * A failed open, or one that found nothing yet (undefined), is tried again at the next call; a newer
 * background's upgrade is not held up by a page that is merely open: the connection closes and the next call
 * opens again.
 */
export function pageOpener<D extends Pick<IDBDatabase, 'close' | 'onversionchange'> | undefined>(
  open: () => Promise<D>,
): () => Promise<D> {
  let opening: Promise<D> | undefined;
  return () => {
    opening ??= open().then(
      (db) => {
        if (!db) opening = undefined;
        else
          db.onversionchange = () => {
            db.close();
            opening = undefined;
          };
        return db;
      },
      (error: unknown) => {
        opening = undefined;
        throw error;
      },
    );
    return opening;
  };
}
