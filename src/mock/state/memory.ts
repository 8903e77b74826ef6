import {
  DEFAULT_STATE_LIMITS,
  StateFullError,
  type CollectionSummary,
  type StateLimits,
  type StateStore,
  type StoredItem,
} from './store.js';

/**
 * One collection's writes. Created ids are kept in creation order in an array read from
 * `head`: a page is a slice (O(page)), the oldest goes out in O(1). A removed created id is
 * dropped from `stored` at once and from the order when the order is next read (once per
 * removal burst, O(n)).
 */
class Kept {
  readonly deleted = new Set<string>();
  /** What clients wrote of each item (a created one's fields and timestamps, a seeded one's changes), by id. */
  readonly stored = new Map<string, Record<string, unknown>>();
  readonly createdIds = new Set<string>();
  order: string[] = [];
  head = 0;
  stale = false;
  counter = 0;

  compact(): void {
    if (!this.stale && this.head < 1024) return;
    const seen = new Set<string>();
    this.order = this.order.slice(this.head).filter((id) => {
      if (!this.createdIds.has(id) || seen.has(id)) return false;
      seen.add(id);
      return true;
    });
    this.head = 0;
    this.stale = false;
  }

  evictOldest(): void {
    while (this.head < this.order.length) {
      const id = this.order[this.head++]!;
      if (!this.createdIds.has(id)) continue;
      this.createdIds.delete(id);
      this.stored.delete(id);
      break;
    }
    if (this.head > 1024 && this.head * 2 > this.order.length) this.compact();
  }
}

const EMPTY: CollectionSummary = { deleted: new Set(), created: 0 };

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
      return found ? { deleted: found.deleted, created: found.createdIds.size } : EMPTY;
    },
    createdIds: async (key, from, to) => {
      const found = collections.get(key);
      if (!found) return [];
      found.compact();
      return found.order.slice(found.head + from, found.head + to);
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
      const found = written(key);
      if (found.createdIds.has(id)) found.stale = true;
      found.createdIds.add(id);
      found.order.push(id);
      found.stored.set(id, item);
      while (found.createdIds.size > limits.maxItems) found.evictOldest();
    },
    update: async (key, id, changes, seeded) => {
      const found = collections.get(key);
      if (seeded ? found?.deleted.has(id) : !found?.createdIds.has(id)) return undefined;
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
      if (!found?.createdIds.delete(id)) return false;
      found.stored.delete(id);
      found.stale = true;
      return true;
    },
    reset: async () => {
      collections = new Map();
    },
    ping: async () => undefined,
    close: async () => undefined,
  };
}
