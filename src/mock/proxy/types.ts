import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import type { ResponseContract } from '../../core/contract/check.js';
import type { Violation } from '../../core/contract/types.js';
import type { OperationEntry } from '../../core/engine/operations.js';
import type { OpenApiDocument } from '../../core/types.js';
import type { ResolvedMockOptions } from '../options.js';
import type { Pipeline } from '../pipeline.js';
import type { Settings } from '../scenario/settings.js';
import type { RequestChecks } from './request-checks.js';
import type { Upstream } from './upstream.js';

/** `ProxyOptions` with its defaults. */
export interface ResolvedProxy {
  upstream: Upstream;
  strict: boolean;
  fallback: boolean;
}

/** An operation's checks both ways, compiled on its first request. */
export interface OperationChecks {
  doc: OpenApiDocument;
  entry: OperationEntry;
  request: RequestChecks;
  response: ResponseContract;
}

/** What one request is matched to: its operation and path parameters, or why none. */
export interface Matched {
  target: URL | undefined;
  checks: OperationChecks | undefined;
  params: Record<string, string>;
  /** The request matches no operation of the document (a preflight is not held to one). */
  unmatched: Violation | undefined;
}

/** One request through the proxy: what it was matched to and what answers it. */
export interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  closing: () => boolean;
  matched: Matched;
  proxy: ResolvedProxy;
  options: ResolvedMockOptions;
  /** The runtime settings: chaos (delay, fail rate and mode) applies to proxied answers too. */
  settings: Settings;
  fallback: Pipeline;
  started: number;
  violations: Violation[];
  source: 'backend' | 'mock';
  note?: string;
  /** The request body as sent, once read: for the mock, should it answer instead. */
  body?: Promise<Buffer | undefined>;
  outgoing?: ClientRequest;
  upstream?: IncomingMessage;
}
