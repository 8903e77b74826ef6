import { LRUCache } from 'lru-cache';

/** What the mock keeps between requests, bounded: see `boundedCache`. */
export interface BoundedCache<V> {
  get(key: string): V | undefined;
  /** Keeps `value` (unless it weighs more than an eighth of the budget) and returns it. */
  set(key: string, value: V): V;
  clear(): void;
}

/**
 * A cache of at most `maxEntries` entries and `maxWeight` in all, each weighed by `weigh`, the
 * least recently used first out (lru-cache). The one implementation every cache of the mock uses.
 */
export function boundedCache<V extends object | string>(
  maxEntries: number,
  maxWeight: number,
  weigh: (value: V, key: string) => number,
): BoundedCache<V> {
  const cache = new LRUCache<string, V>({
    max: maxEntries,
    maxSize: maxWeight,
    // lru-cache weighs every entry at least 1.
    sizeCalculation: (value, key) => Math.max(1, weigh(value, key)),
    maxEntrySize: maxWeight / 8,
  });
  return {
    get: (key) => cache.get(key),
    set: (key, value) => {
      cache.set(key, value);
      return value;
    },
    clear: () => cache.clear(),
  };
}

/** Longer paths are worked out every time: they would crowd out the ones clients repeat. */
const MAX_MEMO_PATH = 1_024;

/**
 * A cache for what a request's method and path alone decide (its route, the templates its path
 * matches): a client asks for the same paths again and again. Enough for every path a client
 * of a large API uses, in about 8 MiB at most; `weigh` adds what an entry holds besides its key.
 */
export function pathMemo<V extends object | string>(
  weigh: (value: V) => number = () => 0,
): BoundedCache<V> {
  return boundedCache<V>(
    10_000,
    8 * 1024 * 1024,
    (value, key) => 2 * key.length + 200 + weigh(value),
  );
}

/** Whether a `pathMemo` keeps what a path decides: not for a path too long to. */
export function keepsPath(pathname: string): boolean {
  return pathname.length <= MAX_MEMO_PATH;
}

/** The key of a method and path in a `pathMemo`, or undefined for a path too long to keep. */
export function pathKey(method: string, pathname: string): string | undefined {
  return keepsPath(pathname) ? `${method} ${pathname}` : undefined;
}
