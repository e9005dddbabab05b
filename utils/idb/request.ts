/*
 * Settled by native promises, whose callbacks run before the event that resolved them is done: a
 * transaction stays open across `await` of its requests, as long as nothing waits on a timer between them.
 */

export function request<T>(pending: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    pending.onsuccess = () => resolve(pending.result);
    pending.onerror = () => reject(pending.error);
  });
}
