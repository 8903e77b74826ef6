/**
 * What the stateful mock keeps of one collection at one concrete path (`/api/posts/42/comments`):
 * only what clients changed. Its seeded items are not stored: they are generated as the
 * stateless mock shows them, so a collection of 50 costs nothing until someone writes to it.
 */
export interface CollectionOverlay {
  /** Seeded items deleted, by id. */
  deleted: Set<string>;
  /** Items created, by id, oldest first: a list shows them after the seeded ones. */
  created: string[];
  /** Items created, and seeded items changed, by id. */
  items: Map<string, unknown>;
}

/** One stored item, and whether it was a seeded one that was deleted. */
export interface StoredItem {
  deleted: boolean;
  item: unknown;
}

/** Where state lives: this process's memory, or Redis shared by several processes. */
export interface StateStore {
  overlay(collection: string): Promise<CollectionOverlay>;
  item(collection: string, id: string): Promise<StoredItem>;
  /** 1 for the first item ever created in the collection, then 2, 3, ... */
  nextCreated(collection: string): Promise<number>;
  create(collection: string, id: string, item: unknown): Promise<void>;
  save(collection: string, id: string, item: unknown): Promise<void>;
  remove(collection: string, id: string, seeded: boolean): Promise<void>;
  /** Back to the seeded items everywhere. */
  reset(): Promise<void>;
  close(): Promise<void>;
}
