import type { PreparedReply } from './reply.js';

/**
 * Generated bodies are a pure function of the spec, the seed and the request's method, path,
 * scenario (and, for pages, its URL): a reply worked out once is kept and sent again. Bounded
 * by entries and bytes, about the least recently used first out (see `get`): a client that asks for ever new pages
 * (`?page=1`, `?page=2`, ...) holds at most 16 MiB of bodies (and 2,000 entries) here.
 */
export class ReplyCache {
  /** In insertion order; `used` is the CLOCK bit: set by a hit, cleared as eviction passes. */
  private readonly entries = new Map<string, { reply: PreparedReply; used: boolean }>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 2_000,
    private readonly maxBytes = 16 * 1024 * 1024,
  ) {}

  /**
   * A hit only sets a bit (no reordering of the map on every request): eviction gives a used
   * entry a second chance by moving it to the back, and takes the first one not used since
   * (the CLOCK approximation of least recently used).
   */
  get(key: string): PreparedReply | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined) return undefined;
    hit.used = true;
    return hit.reply;
  }

  set(key: string, reply: PreparedReply): PreparedReply {
    const size = reply.payload?.length ?? 0;
    if (size > this.maxBytes / 8) return reply;
    const previous = this.entries.get(key);
    if (previous) {
      this.bytes -= previous.reply.payload?.length ?? 0;
      this.entries.delete(key);
    }
    this.entries.set(key, { reply, used: false });
    this.bytes += size;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      if (!this.evictOne(key)) break;
    }
    return reply;
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
      this.bytes -= entry.reply.payload?.length ?? 0;
      return true;
    }
    return false;
  }
}
