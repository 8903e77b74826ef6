import type { Finding } from '../../core/errors.js';
import type { InputRead } from '../facts/types.js';
import type { Type } from '../infer/type.js';
import type { InputParameter, RuleTree } from './inputs.js';
import type { Validation } from '../requests/rules.js';
import type { Requirement } from '../security/combine.js';

/**
 * The resolved API model: what one operation of the application is, worked out from the
 * per-file facts (`resolve.ts`), before any OpenAPI is written (`emit/operation.ts`). The body
 * is Laravel's rules compiled to a field tree (`model/inputs.ts`); what the operation answers is
 * typed (`infer/type.ts`), so that the emitter decides components, `$ref`s and nullability in
 * one place.
 */
export interface Endpoint {
  /** The OpenAPI path of this form of the route (optional parameters dropped or kept). */
  path: string;
  method: string;
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  deprecated?: true;
  /** Path parameters, then query parameters. */
  parameters: InputParameter[];
  /** What a write operation's body is made of. */
  body?: InputBody;
  /** What it answers, one reply per status, in status order. */
  replies: Reply[];
  /** Any one of these requirements authenticates; none when the route is public. */
  security?: Requirement[];
  /** `Route::domain('{account}.example.com')`: the host the route answers on, as written. */
  domain?: string;
  /** Warnings about this endpoint (a response that could not be inferred). */
  warnings: Finding[];
}

/** One body a success reply may carry: the returned value, wrapped by Laravel when `wrap`. */
export interface ReplyBody {
  type: Type;
  /** A resource sent as its own response: Laravel wraps it in `data`. */
  wrap?: boolean;
}

/** What the operation answers with one status. */
export type Reply =
  /** No body (`noContent()`, a bare `return;`). */
  | { kind: 'empty'; status: number; description: string }
  /** JSON: one of these bodies. */
  | { kind: 'json'; status: number; description: string; media: string; bodies: ReplyBody[] }
  /** Bytes that are not JSON (a download, a CSV, a page). */
  | { kind: 'bytes'; status: number; description: string; media: string }
  /** JSON the engine could not type, and why. */
  | { kind: 'unknown'; status: number; description: string; reason: string }
  /** Laravel's error body (`{message}`) for a status it raises itself. */
  | { kind: 'error'; status: number }
  /** 422 with Laravel's validation body, its example naming these rules' fields. */
  | { kind: 'validation'; status: 422; validation?: Validation }
  /** 429 from `throttle`, with the rate-limit headers. */
  | { kind: 'throttled'; status: 429 };

/** What a write operation's body is made of. */
export interface InputBody {
  /** The validation of the body, with its rules compiled, when it has rules. */
  validated?: { validation: Validation; tree: RuleTree };
  /** Top-level inputs the handler reads without validating them, each once, in read order. */
  read: ReadInput[];
  /** Keys other than the validated and read ones are rejected. */
  closed: boolean;
}

/** An input the handler reads by name without validating it (`$request->boolean('notify')`). */
export interface ReadInput {
  name: string;
  /** The type its accessor gives it (`$request->integer(...)`). */
  type?: NonNullable<InputRead['type']>;
  /** Read as an uploaded file (`$request->file(...)`). */
  file: boolean;
}
