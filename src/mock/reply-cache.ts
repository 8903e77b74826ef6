import type { PreparedReply } from './reply.js';

/**
 * Generated bodies are a pure function of the spec, the seed and the request's method, path,
 * scenario (and, for pages, its URL): a reply worked out once is kept and sent again. Bounded
 * by entries and bytes, least recently used first out: a client that asks for ever new pages
 * (`?page=1`, `?page=2`, ...) holds at most 16 MiB of bodies (and 2,000 entries) here.
 */
export class ReplyCache {
  private readonly entries = new Map<string, PreparedReply>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 2_000,
    private readonly maxBytes = 16 * 1024 * 1024,
  ) {}

  get(key: string): PreparedReply | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, reply: PreparedReply): PreparedReply {
    const size = reply.payload?.length ?? 0;
    if (size > this.maxBytes / 8) return reply;
    this.entries.set(key, reply);
    this.bytes += size;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.payload?.length ?? 0;
    }
    return reply;
  }
}
