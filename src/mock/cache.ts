/** What the mock keeps between requests, bounded: see `boundedCache`. */
export interface BoundedCache<V> {
  get(key: string): V | undefined;
  /** Keeps `value` (unless it weighs more than an eighth of the budget) and returns it. */
  set(key: string, value: V): V;
  clear(): void;
}

/**
 * A cache of at most `maxEntries` entries and `maxWeight` in all, each weighed by `weigh`,
 * about the least recently used first out. The one implementation every cache of the mock uses.
 */
export function boundedCache<V>(
  maxEntries: number,
  maxWeight: number,
  weigh: (value: V, key: string) => number,
): BoundedCache<V> {
  return new ClockCache(maxEntries, maxWeight, weigh);
}

/**
 * A bounded map for what a request works out from what it sends and can be kept: replies
 * (their body is a pure function of the spec, the seed and the request's method, path,
 * scenario and, for pages, its URL) and routes (a pure function of the method and the path).
 * Bounded by entries and by weight (a reply's bytes, a route's key length), about the least
 * recently used first out (see `get`): a client that asks for ever new pages (`?page=1`,
 * `?page=2`, ...) or paths holds at most the budget here.
 */
export class ClockCache<V> implements BoundedCache<V> {
  /** In insertion order; `used` is the CLOCK bit: set by a hit, cleared as eviction passes. */
  private readonly entries = new Map<string, { value: V; weight: number; used: boolean }>();
  private weight = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight: number,
    private readonly weigh: (value: V, key: string) => number,
  ) {}

  /**
   * A hit only sets a bit (no reordering of the map on every request): eviction gives a used
   * entry a second chance by moving it to the back, and takes the first one not used since
   * (the CLOCK approximation of least recently used).
   */
  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined) return undefined;
    hit.used = true;
    return hit.value;
  }

  /** Keeps `value` (unless it weighs more than an eighth of the budget) and returns it. */
  set(key: string, value: V): V {
    const weight = this.weigh(value, key);
    if (weight > this.maxWeight / 8) return value;
    const previous = this.entries.get(key);
    if (previous) {
      this.weight -= previous.weight;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, weight, used: false });
    this.weight += weight;
    while (this.entries.size > this.maxEntries || this.weight > this.maxWeight) {
      if (!this.evictOne(key)) break;
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }

  /** Evicts the oldest entry not used since it was last passed; never `keep`, the newest. */
  private evictOne(keep: string): boolean {
    for (const [key, entry] of this.entries) {
      if (key === keep) continue;
      this.entries.delete(key);
      if (entry.used) {
        entry.used = false;
        this.entries.set(key, entry);
        continue;
      }
      this.weight -= entry.weight;
      return true;
    }
    return false;
  }
}

/** Longer paths are worked out every time: they would crowd out the ones clients repeat. */
const MAX_MEMO_PATH = 1_024;

/**
 * A cache for what a request's method and path alone decide (its route, the templates its path
 * matches): a client asks for the same paths again and again. Enough for every path a client
 * of a large API uses, in about 8 MiB at most; `weigh` adds what an entry holds besides its key.
 */
export function pathMemo<V>(weigh: (value: V) => number = () => 0): BoundedCache<V> {
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
