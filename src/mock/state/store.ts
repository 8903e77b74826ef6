/**
 * What the stateful mock keeps of one collection at one concrete path (`/api/posts/42/comments`):
 * only what clients changed. Its seeded items are not stored: they are generated as the
 * stateless mock shows them, so a collection of 50 costs nothing until someone writes to it,
 * and reading one (or a million) never stores anything.
 */
export interface CollectionSummary {
  /** Seeded items deleted, by id. */
  deleted: ReadonlySet<string>;
  /** How many created items the collection holds now. */
  created: number;
}

/** One stored item, and whether it was a seeded one that was deleted. */
export interface StoredItem {
  deleted: boolean;
  /** What clients wrote of it: a created one's fields and timestamps, a seeded one's changes. */
  item: Record<string, unknown> | undefined;
}

/** How much state may hold: documented in docs/mock.md (State), `--state-max-items`. */
export interface StateLimits {
  /** Created items kept per collection; past it, the oldest goes. */
  maxItems: number;
  /** Collections written to; a write to one more is a 507. */
  maxCollections: number;
}

export const DEFAULT_STATE_LIMITS: StateLimits = { maxItems: 10_000, maxCollections: 1_000 };

/** A write the store's bounds refuse: answered 507. */
export class StateFullError extends Error {}

/**
 * Where state lives: this process's memory, or Redis shared by several processes. Every write
 * is atomic in the store: two processes changing different fields of one item both keep
 * theirs, and an item deleted stays deleted whatever update races it.
 */
export interface StateStore {
  summary(collection: string): Promise<CollectionSummary>;
  /** Created ids at positions `from` to `to` (0-based, `to` excluded), oldest first. */
  createdIds(collection: string, from: number, to: number): Promise<string[]>;
  /** What is stored of each id (undefined where nothing is). */
  items(
    collection: string,
    ids: readonly string[],
  ): Promise<(Record<string, unknown> | undefined)[]>;
  item(collection: string, id: string): Promise<StoredItem>;
  /** 1 for the first item ever created in the collection, then 2, 3, ... */
  nextCreated(collection: string): Promise<number>;
  create(collection: string, id: string, item: Record<string, unknown>): Promise<void>;
  /**
   * `nextCreated` and `create` in one atomic step, for ids that are numbers: stores `item`
   * under the id `after` + the creation's number (the ids past the `after` seeded ones), and
   * resolves with that id. One round trip to Redis instead of two.
   */
  createNumbered(collection: string, after: number, item: Record<string, unknown>): Promise<string>;
  /**
   * Sets `changes` over what is stored of the item, unless it is gone (a seeded item deleted, a
   * created one removed or never made): what is stored after, or undefined when gone.
   */
  update(
    collection: string,
    id: string,
    changes: Record<string, unknown>,
    seeded: boolean,
  ): Promise<Record<string, unknown> | undefined>;
  /** Removes the item: false when it was already gone. */
  remove(collection: string, id: string, seeded: boolean): Promise<boolean>;
  /** Back to the seeded items everywhere. */
  reset(): Promise<void>;
  /** Throws when the store cannot be used now (Redis away). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
