import type { OperationEntry } from '../core/engine/operations.js';
import type { PreparedReply } from './reply.js';
import { operationName } from './settings.js';

/**
 * One request as the pipeline saw it: filled in as it goes (the operation once routed, the
 * scenario once chosen), then kept in the journal. Only references are kept on the way: what
 * `GET /__apidoc/requests` shows is worked out when someone asks.
 */
export interface Exchange {
  /** `Date.now()` at arrival. */
  at: number;
  /** `performance.now()` at arrival. */
  started: number;
  method: string;
  url: string;
  entry?: OperationEntry;
  scenario?: string;
  reply?: PreparedReply;
  ms?: number;
}

/** What `GET /__apidoc/requests` lists for one request. */
export interface JournalEntry {
  at: string;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  /** `GET /api/users/{id}`, or null when no operation matched. */
  operation: string | null;
  scenario: string | null;
  /** 0: the connection was reset (`failMode: 'reset'`). */
  status: number;
  durationMs: number;
  /** The 422's `errors`, when the request was refused by validation. */
  validationErrors: Record<string, string[]> | null;
}

/** The last `size` requests, in a ring: recording one is two assignments. */
export class Journal {
  private readonly ring: (Exchange | undefined)[];
  private next = 0;

  constructor(readonly size = 500) {
    this.ring = new Array<Exchange | undefined>(size);
  }

  record(exchange: Exchange): void {
    this.ring[this.next] = exchange;
    this.next = (this.next + 1) % this.size;
  }

  clear(): void {
    this.ring.fill(undefined);
    this.next = 0;
  }

  /** Newest first. */
  entries(): JournalEntry[] {
    const out: JournalEntry[] = [];
    for (let i = 1; i <= this.size; i++) {
      const exchange = this.ring[(this.next - i + this.size) % this.size];
      if (exchange) out.push(describe(exchange));
    }
    return out;
  }
}

function describe(exchange: Exchange): JournalEntry {
  const url = new URL(exchange.url, 'http://mock');
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  return {
    at: new Date(exchange.at).toISOString(),
    method: exchange.method,
    path: url.pathname,
    query,
    operation: exchange.entry ? operationName(exchange.entry) : null,
    scenario: exchange.scenario ?? null,
    status: exchange.reply?.status ?? 0,
    durationMs: Math.round((exchange.ms ?? 0) * 100) / 100,
    validationErrors: validationErrors(exchange.reply),
  };
}

function validationErrors(reply: PreparedReply | undefined): Record<string, string[]> | null {
  if (reply?.status !== 422 || !reply.payload) return null;
  try {
    const body = JSON.parse(reply.payload.toString()) as { errors?: Record<string, string[]> };
    return body.errors ?? null;
  } catch {
    return null;
  }
}
