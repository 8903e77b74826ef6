import { UserError } from '../../core/errors.js';
import type { CollectionOverlay, StateStore, StoredItem } from './store.js';

/** Every key the mock writes starts so; `apidoc:collections` lists the collections written to. */
const PREFIX = 'apidoc:';
const REGISTRY = `${PREFIX}collections`;

/**
 * State in Redis, so that several processes (`--workers`) and replicas behind a load balancer
 * share it. Per collection: a set of deleted seeded ids, a list of created ids, a hash of stored
 * items (JSON) and a counter of creations. Commands fail at once while Redis is away (no
 * offline queue): a request then gets a 503 rather than waiting.
 * @see https://redis.io/docs/latest/develop/data-types/
 */
export async function redisStore(url: string): Promise<StateStore> {
  const { createClient } = await import('@redis/client');
  let connected = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 5_000,
      // Before the first connection a failure is the user's to fix; after it, Redis restarting.
      reconnectStrategy: (retries: number, cause: Error) =>
        connected ? Math.min(100 * (retries + 1), 2_000) : cause,
    },
  });
  client.on('error', () => {
    // Reported by the command that fails; the client reconnects by itself.
  });
  try {
    await client.connect();
    connected = true;
  } catch (error) {
    throw new UserError(
      `Cannot reach Redis at ${url}: ${(error as Error).message || String(error)}`,
      'Start Redis, or pass another --state URL (redis://host:port/db), or leave --state out to keep state in memory.',
    );
  }
  const keys = (collection: string) => {
    const base = `${PREFIX}${collection}:`;
    return {
      deleted: `${base}deleted`,
      created: `${base}created`,
      items: `${base}items`,
      counter: `${base}counter`,
    };
  };
  const parse = (json: string | null | undefined): unknown =>
    json === null || json === undefined ? undefined : JSON.parse(json);
  return {
    overlay: async (collection): Promise<CollectionOverlay> => {
      const k = keys(collection);
      const [deleted, created, items] = await Promise.all([
        client.sMembers(k.deleted),
        client.lRange(k.created, 0, -1),
        client.hGetAll(k.items),
      ]);
      return {
        deleted: new Set(deleted),
        created,
        items: new Map(Object.entries(items).map(([id, json]) => [id, parse(json)])),
      };
    },
    item: async (collection, id): Promise<StoredItem> => {
      const k = keys(collection);
      const [deleted, json] = await Promise.all([
        client.sIsMember(k.deleted, id),
        client.hGet(k.items, id),
      ]);
      return { deleted: Boolean(deleted), item: parse(json) };
    },
    nextCreated: async (collection) => {
      await client.sAdd(REGISTRY, collection);
      return Number(await client.incr(keys(collection).counter));
    },
    create: async (collection, id, item) => {
      const k = keys(collection);
      await client
        .multi()
        .sAdd(REGISTRY, collection)
        .rPush(k.created, id)
        .hSet(k.items, id, JSON.stringify(item))
        .exec();
    },
    save: async (collection, id, item) => {
      await client
        .multi()
        .sAdd(REGISTRY, collection)
        .hSet(keys(collection).items, id, JSON.stringify(item))
        .exec();
    },
    remove: async (collection, id, seeded) => {
      const k = keys(collection);
      const multi = client.multi().sAdd(REGISTRY, collection).hDel(k.items, id);
      await (seeded ? multi.sAdd(k.deleted, id) : multi.lRem(k.created, 0, id)).exec();
    },
    reset: async () => {
      const collections = await client.sMembers(REGISTRY);
      const all = collections.flatMap((c) => Object.values(keys(c)));
      await client.del([...all, REGISTRY]);
    },
    close: async () => {
      await client.close();
    },
  };
}
