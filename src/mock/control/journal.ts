import type { Violation } from '../../core/contract/types.js';
import type { JournalEntry, RequestLogEntry } from '../options.js';
import type { OperationEntry } from '../../core/engine/operations.js';
import type { PreparedReply } from '../respond/reply.js';
import { keptUrl, redactUrl } from './redact.js';
import { operationName } from '../scenario/settings.js';

/** A 422's body is kept for its `validationErrors` up to this size; other bodies never are. */
const MAX_KEPT_ERRORS = 16 * 1024;

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
  /** The operation's name where no entry is at hand (a proxied request's log line). */
  operation?: string;
  violations?: Violation[];
  source?: 'backend' | 'mock';
}

/**
 * The last `size` requests, in a ring of columns: recording one copies a few fields into
 * arrays made once, so the exchange itself dies young (an object kept for 500 requests would
 * outlive the young generation and be promoted, costing a full collection later).
 */
export class Journal {
  private readonly at: Float64Array;
  private readonly ms: Float64Array;
  private readonly method: string[];
  private readonly url: string[];
  private readonly entry: (OperationEntry | undefined)[];
  private readonly scenario: (string | undefined)[];
  private readonly status: Uint16Array;
  /** A 422's body (for its errors), when small: replies themselves are not kept. */
  private readonly errors: (Buffer | string | undefined)[];
  /** What a proxied request's log line says besides: its operation, violations and source. */
  private readonly proxied: (Pick<Exchange, 'operation' | 'violations' | 'source'> | undefined)[];
  private next = 0;
  private count = 0;

  constructor(readonly size = 500) {
    this.at = new Float64Array(size);
    this.ms = new Float64Array(size);
    this.method = new Array<string>(size).fill('');
    this.url = new Array<string>(size).fill('');
    this.entry = new Array<OperationEntry | undefined>(size).fill(undefined);
    this.scenario = new Array<string | undefined>(size).fill(undefined);
    this.status = new Uint16Array(size);
    this.errors = new Array<Buffer | string | undefined>(size).fill(undefined);
    this.proxied = new Array<Exchange | undefined>(size).fill(undefined);
  }

  record(exchange: Exchange): void {
    const i = this.next;
    this.at[i] = exchange.at;
    this.ms[i] = exchange.ms ?? 0;
    this.method[i] = exchange.method;
    // Redacted when read (`entries`): recording stays cheap on the request path.
    this.url[i] = keptUrl(exchange.url);
    this.entry[i] = exchange.entry;
    this.scenario[i] = exchange.scenario;
    const reply = exchange.reply;
    this.status[i] = reply?.status ?? 0;
    this.errors[i] =
      reply?.status === 422 && reply.payload && reply.payload.length <= MAX_KEPT_ERRORS
        ? reply.payload
        : undefined;
    this.proxied[i] = exchange.source === undefined ? undefined : exchange;
    this.next = i + 1 === this.size ? 0 : i + 1;
    if (this.count < this.size) this.count++;
  }

  /** A request `--proxy` forwarded, from its log line. */
  recordLogged(logged: RequestLogEntry): void {
    this.record({
      at: Date.now() - logged.ms,
      started: 0,
      ms: logged.ms,
      method: logged.method,
      url: logged.url,
      reply: { prepared: true, status: logged.status, headers: [] },
      operation: logged.operation,
      // A proxied request's violations are listed up to a bound, as its log line does.
      violations: (logged.violations ?? []).slice(0, 50),
      source: logged.source ?? 'backend',
    });
  }

  clear(): void {
    this.entry.fill(undefined);
    this.errors.fill(undefined);
    this.proxied.fill(undefined);
    this.next = 0;
    this.count = 0;
  }

  /** Newest first. */
  entries(): JournalEntry[] {
    const out: JournalEntry[] = [];
    for (let k = 1; k <= this.count; k++) {
      const i = (this.next - k + this.size) % this.size;
      out.push(
        describe({
          at: this.at[i]!,
          started: 0,
          ms: this.ms[i]!,
          method: this.method[i]!,
          url: redactUrl(this.url[i]!),
          entry: this.entry[i],
          scenario: this.scenario[i],
          reply: { prepared: true, status: this.status[i]!, headers: [], payload: this.errors[i] },
          ...this.proxied[i],
        }),
      );
    }
    return out;
  }
}

function describe(exchange: Exchange): JournalEntry {
  const { path, query } = target(exchange.url);
  return {
    at: new Date(exchange.at).toISOString(),
    method: exchange.method,
    path,
    query,
    operation: exchange.entry ? operationName(exchange.entry) : (exchange.operation ?? null),
    scenario: exchange.scenario ?? null,
    status: exchange.reply?.status ?? 0,
    durationMs: Math.round((exchange.ms ?? 0) * 100) / 100,
    validationErrors: validationErrors(exchange.reply),
    ...(exchange.source === undefined
      ? {}
      : { violations: exchange.violations ?? [], source: exchange.source }),
  };
}

/** The target's path and query; a target that is no URL (a 400 it got) as it was sent. */
function target(url: string): Pick<JournalEntry, 'path' | 'query'> {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://mock');
  } catch {
    return { path: url, query: {} };
  }
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(parsed.searchParams.keys())) {
    const values = parsed.searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  return { path: parsed.pathname, query };
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

export type { JournalEntry };
