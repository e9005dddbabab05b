/*
 * The platform's IndexedDB objects, seen through types that know each store's records: these are the
 * native objects (no wrapper runs), so the names below are only the members the extension calls.
 */

/** A store's records: the key they are stored under, their value, and the key of each of its indexes. */
export interface StoreShape {
  key: IDBValidKey;
  value: unknown;
  indexes?: Record<string, IDBValidKey>;
}

/** The stores of a database, by name. */
export type Schema<S> = { [N in keyof S]: StoreShape };

export type StoreName<S> = keyof S & string;

type Query<K> = K | IDBKeyRange;

export interface KeyCursor<K> {
  readonly key: K;
  /** The request that opened the cursor: it succeeds again at each step. */
  readonly request: IDBRequest<this | null>;
  continue(): void;
  /** Skips `count` records (at least 1) without reading them. */
  advance(count: number): void;
}

export interface Cursor<K, T extends StoreShape> extends KeyCursor<K> {
  readonly value: T['value'];
  update(value: T['value']): IDBRequest<T['key']>;
}

/** What a store and its indexes both answer, `K` being the key they are looked up by. */
export interface Source<K, T extends StoreShape> {
  get(query: Query<K>): IDBRequest<T['value'] | undefined>;
  getAll(query?: Query<K> | null, count?: number): IDBRequest<T['value'][]>;
  getAllKeys(query?: Query<K> | null): IDBRequest<T['key'][]>;
  getKey(query: Query<K>): IDBRequest<T['key'] | undefined>;
  count(query?: Query<K>): IDBRequest<number>;
  openCursor(query?: Query<K> | null, direction?: IDBCursorDirection): IDBRequest<Cursor<K, T> | null>;
  openKeyCursor(query?: Query<K> | null, direction?: IDBCursorDirection): IDBRequest<KeyCursor<K> | null>;
}

type Indexes<T extends StoreShape> = NonNullable<T['indexes']>;

export interface Store<T extends StoreShape> extends Source<T['key'], T> {
  put(value: T['value'], key?: T['key']): IDBRequest<T['key']>;
  /** Fails (and so aborts the transaction) when the key is taken: for records never replaced. */
  add(value: T['value']): IDBRequest<T['key']>;
  delete(query: Query<T['key']>): IDBRequest<undefined>;
  clear(): IDBRequest<undefined>;
  index<N extends keyof Indexes<T> & string>(name: N): Source<Indexes<T>[N], T>;
  /** In an upgrade only. */
  createIndex(
    name: keyof Indexes<T> & string,
    keyPath: string | string[],
    options?: IDBIndexParameters,
  ): IDBIndex;
}

export interface Transaction<S extends Schema<S>, N extends StoreName<S>>
  extends Omit<IDBTransaction, 'objectStore'> {
  objectStore<M extends N>(name: M): Store<S[M]>;
}

export interface Db<S extends Schema<S>> extends Omit<IDBDatabase, 'transaction'> {
  transaction<N extends StoreName<S>>(names: N | N[], mode?: IDBTransactionMode): Transaction<S, N>;
}
