import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { BodyContext } from '../core/engine/body.js';
import type { OperationEntry } from '../core/engine/operations.js';
import type { Scenario } from '../core/engine/scenarios.js';
import type { ReadonlyQuery } from '../core/request-target.js';
import type { AuthRequest } from './auth/index.js';
import type { Exchange } from './control/journal.js';
import type { OperationPlan } from './plan.js';
import type { PreparedReply, Reply } from './respond/reply.js';
import type { Choice } from './scenario/choice.js';
import type { StateHandler } from './state/handlers.js';

/** What a step answers: a reply, one ready for the wire, or one still being made. */
export type Answer = Reply | PreparedReply | Promise<PreparedReply>;

/** One step of the request path: an answer ends the request's way, undefined passes it on. */
export type Step = (request: MockRequest) => Answer | undefined;

/** The first answer of `steps`, in order; undefined when each passes. */
export function firstAnswer(steps: readonly Step[], request: MockRequest): Answer | undefined {
  for (const step of steps) {
    const answer = step(request);
    if (answer !== undefined) return answer;
  }
  return undefined;
}

/** An operation's plan with what the pipeline keeps beside it. */
export interface Planned {
  plan: OperationPlan;
  /** A short name for the reply cache's keys (a lookup hashes a key each time). */
  name: string;
  /** Its check of the `Accept` header. */
  accept: (accept: string | undefined) => Reply | undefined;
  /** Its stateful answer (`--stateful`, a collection's operation). */
  state: StateHandler | undefined;
}

/**
 * One request on its way through the steps, each filling in what later ones read: the target
 * (route/), the operation and its path values (route/), what the client asked for (scenario/),
 * the plan and cache key (plan step), the body (read before validate/). Fields are set in that
 * order; a step reads only what the steps before it set.
 */
export class MockRequest implements AuthRequest {
  readonly method: string;
  readonly headers: IncomingHttpHeaders;
  /** The request target's path, never the `Host` header's. */
  pathname!: string;
  /** Its query as sent (`?a=1`), or '' when it has none. */
  search!: string;
  query!: ReadonlyQuery;
  cookies!: Readonly<Record<string, string>>;
  entry!: OperationEntry;
  params!: Record<string, string>;
  choice!: Choice;
  scenario!: Scenario;
  planned!: Planned;
  /** What the client preferred, as a part of cache keys ('' for nothing). */
  preferred!: string;
  /** `|<random>` for fresh data, else ''. */
  fresh!: string;
  /** The reply cache's key of this request's answer (a page's adds its URL: see respond/). */
  key!: string;
  /** The cached reply under `key`, made by `make` when there is none (never cached for fresh data). */
  reuse!: (key: string, make: () => Reply) => Reply | PreparedReply;
  /** The context bodies are generated in: built only when a reply is not cached yet. */
  context!: () => BodyContext;
  /** The body's media type, when the operation declares a body. */
  mediaType: string | undefined;
  body: unknown;

  constructor(
    readonly req: IncomingMessage,
    readonly exchange: Exchange | undefined,
  ) {
    this.method = (req.method ?? 'GET').toUpperCase();
    this.headers = req.headers;
  }
}
