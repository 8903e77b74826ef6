import type { Violation } from '../core/contract/types.js';
import type { ServerTimeouts } from '../core/server-guard.js';
import type { Scenario } from '../core/engine/scenarios.js';

/** One answered request, for logs. */
export interface RequestLogEntry {
  method: string;
  url: string;
  status: number;
  /** Milliseconds from the request's arrival to the end of the response, delay included. */
  ms: number;
  /**
   * With `proxy`: where the request or the backend's response disagrees with the document
   * (empty when they agree). Absent without `proxy`.
   */
  violations?: Violation[];
  /** With `proxy`: who answered, the backend or the mock (a fallback, or a refused request). */
  source?: 'backend' | 'mock';
  /** With `proxy`: the operation the request matched (`GET /api/users/{id}`). */
  operation?: string;
  /** With `proxy`: what could not be checked, and why (a body past the size checked). */
  note?: string;
}

/**
 * `apidoc mock --proxy`: requests are checked against the document, forwarded to a backend,
 * and its responses checked too; violations are reported, the answers left as they are.
 */
export interface ProxyOptions {
  /** The backend's base URL (`http://127.0.0.1:8000`); a path in it prefixes every request. */
  target: string | URL;
  /**
   * A response that violates the document becomes a 502 problem listing the violations, and a
   * request that does is answered by the mock (its 422) instead of being forwarded. @default false
   */
  strict?: boolean;
  /**
   * Operations the backend does not route yet (a 501, or Laravel's "route could not be found"
   * 404 or "method is not supported" 405) are answered by the mock. @default true
   */
  fallback?: boolean;
  /** Milliseconds to wait for the backend's response (and between its bytes) before a 504. @default 30_000 (DEFAULT_PROXY_TIMEOUT) */
  timeout?: number;
}

/** A delay in milliseconds: fixed, or drawn uniformly from `min` to `max` for each response. */
export type Delay = number | { min: number; max: number };

/** What a share of requests (`failRate`) gets: the `error` scenario, or a reset connection. */
export type FailMode = 'error' | 'reset';

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
  /** With `proxy`: where the request or the backend's answer disagrees with the document. */
  violations?: Violation[];
  /** With `proxy`: who answered, the backend or the mock. */
  source?: 'backend' | 'mock';
}

/** What a client may change at run time (`PUT /__apidoc/scenario`, `mock.setScenario`). */
export interface SettingsChange {
  /** `GET /api/users/{id}`: the scenario and delay are for that operation only; else for all. */
  operation?: string;
  scenario?: Scenario;
  delay?: Delay;
  failRate?: number;
  failMode?: FailMode;
}

/** A change to the control API's state, shared by every process of `--workers`. */
export type ControlEvent =
  { kind: 'settings'; change: SettingsChange } | { kind: 'clear-requests' } | { kind: 'reset' };

/** Options of `createMockServer`; each default is resolved in `resolveMockOptions`. */
export interface MockServerOptions {
  /** Scenario for requests that name none with `_scenario`. @default 'success' */
  scenario?: Scenario;
  /** Milliseconds every response waits before it is sent, errors and preflights included. @default 0 */
  delay?: Delay;
  /** Share of routed requests (0 to 1) answered as `failMode` says, at random. @default 0 */
  failRate?: number;
  /** What `failRate`'s requests get. @default 'error' */
  failMode?: FailMode;
  /** Fresh random data on every request instead of seeded (and no reply cache). @default false */
  dynamic?: boolean;
  /**
   * Keep what clients write: a POST to a collection stores the item, reads, lists, updates and
   * deletes see it. @default false
   */
  stateful?: boolean;
  /**
   * Where state lives with `stateful`: `memory` (this process), or a `redis://host:port/db`
   * URL, shared by every process and replica that names it. @default 'memory'
   */
  state?: string;
  /**
   * With `stateful`: created items kept per collection (the oldest goes past it).
   * @default 10000
   */
  stateMaxItems?: number;
  /** Seed of generated data: the same request, spec and seed give the same body. @default 0 */
  seed?: number | string;
  /** Called after each response is sent. @default none */
  onRequest?: (entry: RequestLogEntry) => void;
  /**
   * Told each change made through the control API, once applied here (`--workers`: handed to
   * the other processes, each of which calls `mock.applyControl`). @default none
   */
  shareControl?: (event: ControlEvent) => void;
  /**
   * What `GET /__apidoc/requests` lists instead of this process's journal (`--workers`: every
   * process's, gathered by the primary). @default this process's journal
   */
  collectRequests?: () => Promise<JournalEntry[]>;
  /**
   * Called with the JSON pointer of a declared example that does not match its schema, when a
   * response first meets it (generated data is served instead). May repeat a pointer. @default none
   */
  onStaleExample?: (pointer: string) => void;
  /**
   * How long a client may take to send a request (a 408 past it) and an idle kept-alive
   * connection may stay open. @default { request: 60_000, headers: 10_000, keepAlive: 65_000 }
   */
  timeouts?: ServerTimeouts;
  /** Forward to a backend and check both ways instead of mocking (see ProxyOptions). @default none */
  proxy?: ProxyOptions;
  /**
   * Whether the control API (`/__apidoc/`) answers; when off, every request under it is a 403.
   * It never answers another origin (no CORS). @default true
   */
  control?: boolean;
  /**
   * A token the control API asks for, as `Authorization: Bearer <token>` or
   * `X-Apidoc-Token: <token>` (a 401 without it). @default none: open to who can reach the port
   */
  controlToken?: string;
}

type Hooks =
  'onRequest' | 'onStaleExample' | 'shareControl' | 'collectRequests' | 'proxy' | 'controlToken';

export type ResolvedMockOptions = Required<Omit<MockServerOptions, Hooks>> &
  Pick<MockServerOptions, Hooks>;

export function resolveMockOptions(options: MockServerOptions = {}): ResolvedMockOptions {
  return {
    scenario: options.scenario ?? 'success',
    delay: options.delay ?? 0,
    failRate: options.failRate ?? 0,
    failMode: options.failMode ?? 'error',
    dynamic: options.dynamic ?? false,
    stateful: options.stateful ?? false,
    state: options.state ?? 'memory',
    stateMaxItems: options.stateMaxItems ?? 10_000,
    seed: options.seed ?? 0,
    timeouts: options.timeouts ?? {},
    onRequest: options.onRequest,
    onStaleExample: options.onStaleExample,
    proxy: options.proxy,
    shareControl: options.shareControl,
    collectRequests: options.collectRequests,
    control: options.control ?? true,
    controlToken: options.controlToken,
  };
}

/** Milliseconds `--proxy` waits for the backend. */
export const DEFAULT_PROXY_TIMEOUT = 30_000;
