import type { ServerTimeouts } from '../server-guard.js';
import type { Scenario } from './scenarios.js';

/** One answered request, for logs. */
export interface RequestLogEntry {
  method: string;
  url: string;
  status: number;
  /** Milliseconds from the request's arrival to the end of the response, delay included. */
  ms: number;
}

/** Options of `createMockServer`; each default is resolved in `resolveMockOptions`. */
export interface MockServerOptions {
  /** Scenario for requests that name none with `_scenario`. @default 'success' */
  scenario?: Scenario;
  /** Milliseconds every response waits before it is sent, errors and preflights included. @default 0 */
  delay?: number;
  /** Seed of generated data: the same request, spec and seed give the same body. @default 0 */
  seed?: number | string;
  /** Called after each response is sent. @default none */
  onRequest?: (entry: RequestLogEntry) => void;
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
}

export type ResolvedMockOptions = Required<
  Omit<MockServerOptions, 'onRequest' | 'onStaleExample'>
> &
  Pick<MockServerOptions, 'onRequest' | 'onStaleExample'>;

export function resolveMockOptions(options: MockServerOptions = {}): ResolvedMockOptions {
  return {
    scenario: options.scenario ?? 'success',
    delay: options.delay ?? 0,
    seed: options.seed ?? 0,
    timeouts: options.timeouts ?? {},
    onRequest: options.onRequest,
    onStaleExample: options.onStaleExample,
  };
}

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8081;
