import type { Violation } from '../core/contract/types.js';
import type { OperationEntry } from '../core/engine/operations.js';

/** Options of `verifyBackend` and `planVerification`; each default is resolved in options.ts. */
export interface VerifyOptions {
  /** The backend's base URL (`http://127.0.0.1:8000`); a path in it prefixes every request. */
  url: string | URL;
  /** Sent as `Authorization: Bearer <token>` to operations secured by bearer, OAuth2 or OpenID Connect. @default none */
  bearer?: string;
  /** `user:password`, sent as `Authorization: Basic ...` to operations secured by http basic. @default none */
  basic?: string;
  /** Headers sent with every request (`X-API-Key`, a tenant header, a cookie). @default none */
  headers?: Record<string, string>;
  /** Only these operations: an `operationId`, or `METHOD /path` as the document writes it. @default every operation */
  operations?: readonly string[];
  /** Only operations whose path matches one of these Laravel `Str::is` patterns (`api/posts*`). @default every operation */
  patterns?: readonly string[];
  /** Milliseconds each request may take. @default 30_000 (DEFAULT_VERIFY_TIMEOUT) */
  timeout?: number;
  /** Seed of the generated request data. @default 0 */
  seed?: number | string;
  /** Called as each check finishes, with how many are done of how many. @default none */
  onResult?: (result: CheckResult, done: number, total: number) => void;
}

/** What a check sends: a valid request, or one with a body the document refuses. */
export type CheckKind = 'valid' | 'invalid-body';

/** One request of the plan, in the order they are sent. */
export interface PlannedCheck {
  entry: OperationEntry;
  /** `GET /api/posts/{post}`, as the document writes it. */
  operation: string;
  kind: CheckKind;
  /** Where each path parameter's value will come from: `GET /api/posts` (an earlier answer) or `generated`. */
  sources: Record<string, string>;
}

export interface VerifyPlan {
  checks: PlannedCheck[];
}

/**
 * - `pass`: the answer keeps the document, and is the one asked for (a success, or the
 *   documented 422 for an invalid body);
 * - `fail`: the answer breaks the document, or the backend accepted a body the document refuses,
 *   or gave no answer;
 * - `warn`: the answer keeps the document but is not the one asked for (a documented 401, 404,
 *   or a 422 for data the document cannot describe, such as a taken email).
 */
export type Verdict = 'pass' | 'fail' | 'warn';

export interface CheckResult {
  operation: string;
  operationId?: string;
  kind: CheckKind;
  request: { method: string; url: string; body?: string };
  /** The status answered; undefined when there was no answer. */
  status?: number;
  verdict: Verdict;
  violations: Violation[];
  /** Why a check warned. */
  note?: string;
  ms: number;
}

export interface VerifyReport {
  url: string;
  results: CheckResult[];
  summary: { checks: number; passed: number; failed: number; warned: number };
}
