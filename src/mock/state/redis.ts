import { createHash } from 'node:crypto';
import { UserError } from '../../core/errors.js';
import { boundedCache } from '../cache.js';
import {
  DEFAULT_STATE_LIMITS,
  StateFullError,
  type CollectionSummary,
  type StateLimits,
  type StateStore,
  type StoredItem,
} from './store.js';

/** Every key the mock writes starts so; `apidoc:collections` lists the collections written to. */
const PREFIX = 'apidoc:';
const REGISTRY = `${PREFIX}collections`;
/** A field every stored item's hash has, so that an item with no fields still exists. */
const MARK = '\u0000';
/** How long a command may take before the request it serves gets a 503. */
export const REDIS_COMMAND_TIMEOUT = 2_000;

/**
 * Each write is one script, run atomically by Redis: the checks (is the item still there? is
 * the store full?) and the change happen with no other command between them. An item is a
 * hash of its fields (each value JSON), so two updates of different fields both land. Created
 * ids sit in a sorted set scored by a sequence, oldest first: a removal and the oldest out
 * cost O(log n), a page O(log n + page), whatever the collection holds.
 * KEYS: item hash, deleted set, created order, registry, the order's sequence, the counter of
 * creations. ARGV: id, maxCollections, collection, maxItems, the prefix of item keys, fields.
 * The item's key is the prefix and the id: a numbered creation learns its id in the script.
 */
const ADMIT = `
if redis.call('SISMEMBER', KEYS[4], ARGV[3]) == 0 and redis.call('SCARD', KEYS[4]) >= tonumber(ARGV[2]) then
  return redis.error_reply('FULL')
end
redis.call('SADD', KEYS[4], ARGV[3])
`;

/** The created item `id` stored, newest in the order, the oldest out past the bound. */
const STORE_CREATED = `
local item = ARGV[5] .. id
redis.call('DEL', item)
redis.call('HSET', item, unpack(ARGV, 6))
redis.call('ZADD', KEYS[3], redis.call('INCR', KEYS[5]), id)
local over = redis.call('ZCARD', KEYS[3]) - tonumber(ARGV[4])
if over > 0 then
  local oldest = redis.call('ZPOPMIN', KEYS[3], over)
  for i = 1, #oldest, 2 do redis.call('DEL', ARGV[5] .. oldest[i]) end
end
return id
`;

/** A creation under the id given (ARGV[1]). */
const CREATE = script(`${ADMIT}local id = ARGV[1]${STORE_CREATED}`);

/**
 * A creation numbered as `INCR` of the counter numbers it, under the id ARGV[1] + that number:
 * what `nextCreated` then `create` do, in one round trip; a refused creation uses no number.
 * `%d`: an integer's digits, never Lua's `1e+15`.
 */
const CREATE_NUMBERED = script(
  `${ADMIT}local id = string.format('%d', tonumber(ARGV[1]) + redis.call('INCR', KEYS[6]))${STORE_CREATED}`,
);

/** @see https://redis.io/docs/latest/develop/interact/programmability/eval-intro/ */
const UPDATE = script(`
if ARGV[1] == '1' then
  if redis.call('SISMEMBER', KEYS[2], ARGV[2]) == 1 then return false end
  if redis.call('SISMEMBER', KEYS[4], ARGV[3]) == 0 and redis.call('SCARD', KEYS[4]) >= tonumber(ARGV[4]) then
    return redis.error_reply('FULL')
  end
  redis.call('SADD', KEYS[4], ARGV[3])
elseif redis.call('EXISTS', KEYS[1]) == 0 then
  return false
end
redis.call('HSET', KEYS[1], unpack(ARGV, 5))
return redis.call('HGETALL', KEYS[1])
`);

const REMOVE = script(`
if ARGV[1] == '1' then
  if redis.call('SISMEMBER', KEYS[2], ARGV[2]) == 1 then return 0 end
  redis.call('SADD', KEYS[4], ARGV[3])
  redis.call('SADD', KEYS[2], ARGV[2])
  redis.call('DEL', KEYS[1])
  return 1
end
if redis.call('DEL', KEYS[1]) == 0 then return 0 end
redis.call('ZREM', KEYS[3], ARGV[2])
return 1
`);

/** A script and its SHA-1, by which Redis runs it without being sent its text again. */
interface Script {
  text: string;
  sha: string;
}

function script(text: string): Script {
  return { text, sha: createHash('sha1').update(text).digest('hex') };
}

/**
 * State in Redis, so that several processes (`--workers`) and replicas behind a load balancer
 * share it. Per collection: a set of deleted seeded ids, a sorted set of created ids, one hash
 * per stored item and a counter of creations. Commands fail at once while Redis is away (no
 * offline queue) and after `REDIS_COMMAND_TIMEOUT` when it does not answer: a request then
 * gets a 503 rather than waiting.
 * @see https://redis.io/docs/latest/develop/data-types/
 */
export async function redisStore(
  url: string,
  limits: StateLimits = DEFAULT_STATE_LIMITS,
): Promise<StateStore> {
  const { createClient } = await import('@redis/client');
  let connected = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    // Commands waiting on a Redis that does not answer are bounded in number; each store call
    // in time (`timed`: one timer per call). The client's own timeout (5 s unless 0) would cost
    // an AbortSignal, its listeners and their garbage on every command.
    commandOptions: { timeout: 0 },
    commandsQueueMaxLength: 10_000,
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
  const keys = (collection: string, id = '') => {
    const base = `${PREFIX}${collection}:`;
    return {
      item: `${base}item:${id}`,
      deleted: `${base}deleted`,
      created: `${base}order`,
      sequence: `${base}sequence`,
      counter: `${base}counter`,
    };
  };
  const scriptKeys = (collection: string, id: string) => {
    const k = keys(collection, id);
    return [k.item, k.deleted, k.created, REGISTRY, k.sequence, k.counter];
  };
  /**
   * Runs a script by its SHA-1 (`EVALSHA`); by its text (`EVAL`, which caches it again) when
   * Redis does not have it: the first time, or after a restart or `SCRIPT FLUSH`.
   * @see https://redis.io/docs/latest/commands/evalsha/
   */
  const run = async (
    { text, sha }: Script,
    options: { keys: string[]; arguments: string[] },
  ): Promise<unknown> => {
    try {
      return await client.evalSha(sha, options);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return client.eval(text, options);
    }
  };
  const fields = (item: Record<string, unknown>): string[] => {
    const out = [MARK, '1'];
    for (const [name, value] of Object.entries(item)) {
      if (value !== undefined) out.push(name, JSON.stringify(value));
    }
    return out;
  };
  /**
   * `id`: the id, or for a numbered creation the number its own is added to (whose item key
   * is not known before the script runs: its KEYS[1] is the prefix alone).
   */
  const createArguments = (
    collection: string,
    id: string,
    item: Record<string, unknown>,
    numbered = false,
  ) => ({
    keys: scriptKeys(collection, numbered ? '' : id),
    arguments: [
      id,
      String(limits.maxCollections),
      collection,
      String(limits.maxItems),
      keys(collection).item,
      ...fields(item),
    ],
  });
  // The item last read under each key, by the text it was parsed from: a hash read again
  // unchanged gives the same object, so that the answer kept for it is used again.
  const parsed = boundedCache<{ text: string; item: Record<string, unknown> }>(
    2_000,
    4 * 1024 * 1024,
    (entry, key) => 2 * (entry.text.length + key.length) + 200,
  );
  const parse = (
    key: string,
    hash: Record<string, string> | undefined,
  ): Record<string, unknown> | undefined => {
    if (!hash || !Object.hasOwn(hash, MARK)) return undefined;
    const text = Object.entries(hash).flat().join('\u0000');
    const known = parsed.get(key);
    if (known?.text === text) return known.item;
    const out: Record<string, unknown> = {};
    for (const [name, json] of Object.entries(hash))
      if (name !== MARK) out[name] = JSON.parse(json);
    parsed.set(key, { text, item: out });
    return out;
  };
  const full = (error: unknown): never => {
    if (error instanceof Error && /FULL/.test(error.message)) {
      throw new StateFullError(
        `The mock's state holds ${limits.maxCollections} collections, its bound: POST /__apidoc/reset to start again.`,
      );
    }
    throw error;
  };
  return timed({
    summary: async (collection): Promise<CollectionSummary> => {
      const k = keys(collection);
      const [deleted, created] = await Promise.all([
        client.sMembers(k.deleted),
        client.zCard(k.created),
      ]);
      return { deleted: new Set(deleted), created: Number(created) };
    },
    createdIds: async (collection, from, to) =>
      to <= from ? [] : client.zRange(keys(collection).created, from, to - 1),
    items: async (collection, ids) => {
      if (ids.length === 0) return [];
      const multi = client.multi();
      for (const id of ids) multi.hGetAll(keys(collection, id).item);
      const hashes = (await multi.exec()) as unknown as Record<string, string>[];
      return hashes.map((hash, i) => parse(keys(collection, ids[i]).item, hash));
    },
    item: async (collection, id): Promise<StoredItem> => {
      const k = keys(collection, id);
      const [deleted, hash] = await Promise.all([
        client.sIsMember(k.deleted, id),
        client.hGetAll(k.item),
      ]);
      return { deleted: Boolean(deleted), item: parse(k.item, hash) };
    },
    nextCreated: async (collection) => Number(await client.incr(keys(collection).counter)),
    create: async (collection, id, item) => {
      await run(CREATE, createArguments(collection, id, item)).catch(full);
    },
    createNumbered: async (collection, after, item) =>
      String(
        await run(CREATE_NUMBERED, createArguments(collection, String(after), item, true)).catch(
          full,
        ),
      ),
    update: async (collection, id, changes, seeded) => {
      const reply = (await run(UPDATE, {
        keys: scriptKeys(collection, id),
        arguments: [
          seeded ? '1' : '0',
          id,
          collection,
          String(limits.maxCollections),
          ...fields(changes),
        ],
      }).catch(full)) as string[] | null;
      if (!reply) return undefined;
      const hash: Record<string, string> = {};
      for (let i = 0; i + 1 < reply.length; i += 2) hash[reply[i]!] = reply[i + 1]!;
      return parse(keys(collection, id).item, hash);
    },
    remove: async (collection, id, seeded) => {
      const removed = await run(REMOVE, {
        keys: scriptKeys(collection, id),
        arguments: [seeded ? '1' : '0', id, collection],
      });
      return Number(removed) === 1;
    },
    reset: async () => {
      const found: string[] = [];
      for await (const batch of client.scanIterator({ MATCH: `${PREFIX}*`, COUNT: 1000 })) {
        found.push(...batch);
        if (found.length >= 1000) await client.del(found.splice(0));
      }
      if (found.length > 0) await client.del(found);
    },
    ping: async () => {
      await client.ping();
    },
    close: async () => {
      await client.close();
    },
  });
}

/**
 * Each of the store's calls fails after `REDIS_COMMAND_TIMEOUT` when Redis does not answer (a
 * frozen server, a network that drops packets): the request gets a 503 instead of waiting.
 */
function timed(store: StateStore): StateStore {
  const out = { ...store };
  for (const name of Object.keys(store) as (keyof StateStore)[]) {
    if (name === 'close') continue;
    const call = store[name] as (...args: unknown[]) => Promise<unknown>;
    (out as Record<string, unknown>)[name] = (...args: unknown[]) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`Redis did not answer within ${REDIS_COMMAND_TIMEOUT} ms`)),
          REDIS_COMMAND_TIMEOUT,
        );
        call(...args).then(
          (value) => {
            clearTimeout(timer);
            resolve(value);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error as Error);
          },
        );
      });
  }
  return out;
}
