import {
  DEFAULT_STATE_LIMITS,
  StateFullError,
  type CollectionSummary,
  type StateLimits,
  type StateStore,
  type StoredItem,
} from './store.js';
import { CreatedOrder } from './created-order.js';

/** One collection's writes: only what clients changed. */
class Kept {
  readonly deleted = new Set<string>();
  /** What clients wrote of each item (a created one's fields and timestamps, a seeded one's changes), by id. */
  readonly stored = new Map<string, Record<string, unknown>>();
  /** Created ids, oldest first: a page costs O(log n + page), whatever was removed. */
  readonly created = new CreatedOrder();
  counter = 0;
}

const EMPTY: CollectionSummary = { deleted: new Set(), created: 0 };

/** A created item kept as the newest of its collection, the oldest out past the bound. */
function keep(found: Kept, id: string, item: Record<string, unknown>, maxItems: number): void {
  found.created.add(id);
  found.stored.set(id, item);
  while (found.created.size > maxItems) found.stored.delete(found.created.removeOldest()!);
}

/** State in this process's memory: the default, for one process. */
export function memoryStore(limits: StateLimits = DEFAULT_STATE_LIMITS): StateStore {
  let collections = new Map<string, Kept>();
  /** The collection written to, made on the first write (a read never makes one). */
  const written = (key: string): Kept => {
    let found = collections.get(key);
    if (!found) {
      if (collections.size >= limits.maxCollections) {
        throw new StateFullError(
          `The mock's state holds ${limits.maxCollections} collections, its bound: POST /__apidoc/reset to start again.`,
        );
      }
      found = new Kept();
      collections.set(key, found);
    }
    return found;
  };
  return {
    summary: async (key) => {
      const found = collections.get(key);
      return found ? { deleted: found.deleted, created: found.created.size } : EMPTY;
    },
    createdIds: async (key, from, to) => {
      const found = collections.get(key);
      return found ? found.created.slice(from, to) : [];
    },
    items: async (key, ids) => {
      const found = collections.get(key);
      return ids.map((id) => found?.stored.get(id));
    },
    item: async (key, id): Promise<StoredItem> => {
      const found = collections.get(key);
      return { deleted: found?.deleted.has(id) ?? false, item: found?.stored.get(id) };
    },
    nextCreated: async (key) => ++written(key).counter,
    create: async (key, id, item) => {
      keep(written(key), id, item, limits.maxItems);
    },
    createNumbered: async (key, after, item) => {
      const found = written(key);
      const id = String(after + ++found.counter);
      keep(found, id, item, limits.maxItems);
      return id;
    },
    update: async (key, id, changes, seeded) => {
      const found = collections.get(key);
      if (seeded ? found?.deleted.has(id) : !found?.created.has(id)) return undefined;
      const kept = found ?? written(key);
      const next = { ...kept.stored.get(id), ...changes };
      kept.stored.set(id, next);
      return next;
    },
    remove: async (key, id, seeded) => {
      if (seeded) {
        const found = written(key);
        if (found.deleted.has(id)) return false;
        found.deleted.add(id);
        found.stored.delete(id);
        return true;
      }
      const found = collections.get(key);
      if (!found?.created.remove(id)) return false;
      found.stored.delete(id);
      return true;
    },
    reset: async () => {
      collections = new Map();
    },
    ping: async () => undefined,
    close: async () => undefined,
  };
}
