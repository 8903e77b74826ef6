import type { CollectionOverlay, StateStore, StoredItem } from './store.js';

interface Kept extends CollectionOverlay {
  counter: number;
}

/** State in this process's memory: the default, for one process. */
export function memoryStore(): StateStore {
  let collections = new Map<string, Kept>();
  const kept = (key: string): Kept => {
    let found = collections.get(key);
    if (!found) {
      found = { deleted: new Set(), created: [], items: new Map(), counter: 0 };
      collections.set(key, found);
    }
    return found;
  };
  return {
    overlay: async (key) => collections.get(key) ?? kept(key),
    item: async (key, id): Promise<StoredItem> => {
      const found = collections.get(key);
      return { deleted: found?.deleted.has(id) ?? false, item: found?.items.get(id) };
    },
    nextCreated: async (key) => ++kept(key).counter,
    create: async (key, id, item) => {
      const found = kept(key);
      found.created.push(id);
      found.items.set(id, item);
    },
    save: async (key, id, item) => {
      kept(key).items.set(id, item);
    },
    remove: async (key, id, seeded) => {
      const found = kept(key);
      found.items.delete(id);
      if (seeded) found.deleted.add(id);
      else found.created = found.created.filter((created) => created !== id);
    },
    reset: async () => {
      collections = new Map();
    },
    close: async () => undefined,
  };
}
