import type { IncomingMessage } from 'node:http';
import { deref } from '../core/refs.js';
import type { OpenApiDocument, ParameterObject } from '../core/types.js';
import {
  invalidCredential,
  isAuthenticated,
  wwwAuthenticate,
  type AuthRequest,
} from './auth/index.js';
import { declaredForm, type BodyContext } from '../core/engine/body.js';
import { isPreflight, preflightHeaders } from './respond/cors.js';
import { mediaTypeOf, parseCookies, sendsBody } from '../core/engine/http.js';
import { requestOrigin } from '../core/request-target.js';
import { targetReader, type Target } from './route/target.js';
import type { ResolvedMockOptions } from './options.js';
import { readPageParam } from '../core/engine/pagination.js';
import { compilePlan, type OperationPlan } from './plan.js';
import {
  messageReply,
  prepare,
  replyCache,
  RESET_CONNECTION,
  type PreparedReply,
  type Reply,
} from './respond/reply.js';
import { requestSeed } from '../core/engine/seed.js';
import { responseMedia } from '../core/engine/responses.js';
import type { OperationEntry } from '../core/engine/operations.js';
import { parseBody } from './validate/read-body.js';
import type { Router } from './route/tree.js';
import { requestRouter } from './route/match.js';
import { isForcedError, type Scenario } from '../core/engine/scenarios.js';
import { scenarioReply, type ErrorScenario } from './scenario/error-reply.js';
import { acceptCheck, successTypes } from './validate/accept.js';
import type { Exchange } from './control/journal.js';
import { chooseResponse, type Choice } from './scenario/choice.js';
import { missingExample, preferredReply } from './scenario/preferred.js';
import { Settings } from './scenario/settings.js';
import { stateHandler, type StateHandler } from './state/handlers.js';
import type { StateStore } from './state/store.js';
import { successBody } from '../core/engine/success.js';
import { laravelCheck } from './validate/laravel.js';

/** One request on its way through `answerAs` and `respond`. */
interface Answering {
  incoming: Incoming;
  params: Record<string, string>;
  choice: Choice;
  scenario: Scenario;
  planned: Planned;
  /** What the client preferred, as a part of cache keys ('' for nothing). */
  preferred: string;
  /** `|<random>` for fresh data, else ''. */
  fresh: string;
  key: string;
  reuse: (key: string, make: () => Reply) => Reply | PreparedReply;
  context: () => BodyContext;
}

interface Planned {
  plan: OperationPlan;
  name: string;
  accept: (accept: string | undefined) => Reply | undefined;
  state: StateHandler | undefined;
}

/** The parts of a request every step reads, parsed once. */
interface Incoming extends AuthRequest {
  req: IncomingMessage;
  method: string;
  /** The request target's path, never the `Host` header's. */
  pathname: string;
  /** Its query as sent (`?a=1`), or '' when it has none. */
  search: string;
}

/** Answers a request: at once when nothing has to be read, after the body when one is. */
export interface Pipeline {
  (req: IncomingMessage, exchange?: Exchange): PreparedReply | Promise<PreparedReply>;
}

/** What the server shares with its pipeline: runtime settings, and the store with `--stateful`. */
export interface PipelineExtras {
  settings: Settings;
  store: Promise<StateStore> | undefined;
}

/**
 * The request path: cors/preflight → route → scenario → auth → validate → respond. Each step
 * answers or passes; plans are compiled on an operation's first request and reused. Only an
 * operation with a request body waits (for the body): the others are answered in the same
 * tick, without a promise.
 */
export function createPipeline(
  doc: OpenApiDocument,
  router: Router,
  options: ResolvedMockOptions,
  { settings, store }: PipelineExtras = { settings: new Settings(options), store: undefined },
  /** `authenticate: false`: no simulated auth (the proxy's fallback: the backend judges credentials). */
  steps: { authenticate?: boolean } = {},
): Pipeline {
  // Each plan with a short name for the reply cache's keys (a lookup hashes a key each time),
  // its Accept check, and its stateful answer (`--stateful`, a collection's operation).
  const plans = new Map<OperationEntry, Planned>();
  const planFor = (entry: OperationEntry) => {
    let planned = plans.get(entry);
    if (!planned) {
      const plan = compilePlan(doc, entry);
      planned = {
        plan,
        name: `${plans.size}`,
        accept: acceptCheck(successTypes(doc, plan)),
        state: store && stateHandler(store, plan),
      };
      plans.set(entry, planned);
    }
    return planned;
  };
  const routing = requestRouter(doc, router);
  const readTarget = targetReader();
  const cache = replyCache();
  const cached = (key: string, make: () => Reply) =>
    cache.get(key) ?? cache.set(key, prepare(make()));

  const answer = (
    req: IncomingMessage,
    exchange: Exchange | undefined,
  ): Reply | PreparedReply | Promise<PreparedReply> => {
    const incoming = parseIncoming(req, readTarget);
    if (!('req' in incoming)) return incoming;
    if (isPreflight(incoming.method, req.headers)) {
      return {
        status: 204,
        headers: preflightHeaders(req.headers, router.methodsFor(incoming.pathname)),
      };
    }
    const route = routing.route(incoming);
    if (route.kind === 'not-found') {
      return messageReply(404, `The route ${laravelUri(incoming.pathname)} could not be found.`);
    }
    if (route.kind === 'method-not-allowed') return methodNotAllowed(incoming, route.allowed);
    return operation(incoming, route.entry, route.params, exchange);
  };

  /** A routed request: what the client asked for (scenario, preferences), and chaos. */
  const operation = (
    incoming: Incoming,
    entry: OperationEntry,
    params: Record<string, string>,
    exchange: Exchange | undefined,
  ): Reply | PreparedReply | Promise<PreparedReply> => {
    const { req } = incoming;
    if (exchange) exchange.entry = entry;
    const choice = chooseResponse(
      incoming.query,
      req.headers,
      settings.scenarioFor(entry),
      options.dynamic,
    );
    if ('error' in choice) return messageReply(400, choice.error);
    let scenario = choice.scenario;
    if (settings.fails()) {
      req.resume();
      if (settings.failMode === 'reset') return RESET_CONNECTION;
      scenario = 'error';
    }
    if (exchange) exchange.scenario = scenario;
    return answerAs(answering(incoming, entry, params, choice, scenario));
  };

  /** What answering one request needs: its plan, cache key, and body context made on demand. */
  const answering = (
    incoming: Incoming,
    entry: OperationEntry,
    params: Record<string, string>,
    choice: Choice,
    scenario: Scenario,
  ): Answering => {
    // `/api/users/7/` is `/api/users/7`: the same seed, the same cached reply.
    const pathname = withoutTrailingSlash(incoming.pathname);
    // `Prefer: dynamic=true` (or `--dynamic`): fresh data, so a seed of its own and no cache.
    const fresh = choice.dynamic ? `|${Math.random()}` : '';
    // What the seed is made of, besides what is fixed for the server: the operation (those
    // told apart by more than their path, `/#Action=A` and `/#Action=B`, share a pathname),
    // the scenario and the path; and what the client preferred.
    const preferred =
      choice.code === undefined && choice.example === undefined
        ? ''
        : `|${choice.code}|${choice.example}`;
    const planned = planFor(entry);
    return {
      incoming,
      params,
      choice,
      scenario,
      planned,
      preferred,
      fresh,
      key: `${planned.name}|${scenario}|${pathname}${preferred}`,
      reuse: choice.dynamic ? (_key, make) => make() : cached,
      // Built only when a reply is not cached yet.
      context: () => ({
        doc,
        path: entry.path,
        method: entry.method,
        onStaleExample: options.onStaleExample,
        // The operation's method, not the request's: HEAD answers exactly what GET would.
        seed: requestSeed(options.seed, entry.method, pathname, scenario) + fresh,
        serverSeed: String(options.seed) + fresh,
        scenario,
        example: choice.example,
        empty: scenario === 'empty',
      }),
    };
  };

  /** Forced answers first (a preferred status, an error scenario), then auth → validate → respond. */
  const answerAs = (a: Answering): Reply | PreparedReply | Promise<PreparedReply> => {
    const { incoming, choice, planned, reuse, key, context } = a;
    const { req } = incoming;
    const { plan } = planned;
    const forced =
      choice.code !== undefined && choice.code !== plan.successStatus
        ? (ctx: BodyContext) => preferredReply(ctx, plan, choice.code!)
        : isForcedError(a.scenario)
          ? (ctx: BodyContext) => scenarioReply(ctx, plan, a.scenario as ErrorScenario)
          : undefined;
    if (forced) {
      req.resume();
      return reuse(key, () => {
        const ctx = context();
        return inDeclaredForm(ctx, plan, forced(ctx));
      });
    }
    const refused =
      planned.accept(req.headers.accept) ??
      missingExample(doc, plan, choice.example) ??
      (steps.authenticate === false ? undefined : authenticate(doc, incoming, plan));
    if (refused) {
      req.resume();
      return refused;
    }
    const mediaType = plan.hasBody ? mediaTypeOf(incoming.headers['content-type']) : undefined;
    // Stripe's reads declare a body too; a request that sends none is answered at once.
    if (!plan.hasBody || !sendsBody(req)) {
      req.resume();
      return checkInput(doc, incoming, plan, a.params, undefined, mediaType) ?? respond(a);
    }
    // One promise for the whole wait: the body arrives, then everything else runs at once.
    return new Promise<PreparedReply>((resolve, reject) => {
      parseBody(req, mediaType, plan, (parsed) => {
        if ('reply' in parsed) return resolve(ready(parsed.reply));
        try {
          const body = parsed.body;
          const reply =
            checkInput(doc, incoming, plan, a.params, body, mediaType) ?? respond(a, body);
          if (reply instanceof Promise) reply.then(resolve, reject);
          else resolve(ready(reply));
        } catch (error) {
          reject(error);
        }
      });
    });
  };

  /** The success answer: the stored item with `--stateful`, else the (cached) generated one. */
  const respond = (
    a: Answering,
    body?: unknown,
  ): Reply | PreparedReply | Promise<PreparedReply> => {
    const { incoming, planned, context } = a;
    const { req } = incoming;
    // A preferred example or fresh data is what the client asked for, not the stored item.
    if (planned.state && a.scenario === 'success' && a.fresh === '' && !a.choice.example) {
      const url = new URL(incoming.pathname + incoming.search, requestOrigin(req));
      return planned.state({ ctx: context(), url, params: a.params, body }).then(ready);
    }
    // A page's links depend on the whole URL; any other body only on the seed.
    // The raw Host is enough for a key: the same Host gives the same origin (requestOrigin).
    const pageKey = planned.plan.pagination
      ? `${planned.name}|${a.scenario}|${req.headers.host}|${req.url}${a.preferred}`
      : a.key;
    return a.reuse(pageKey, () => success(context(), incoming, planned.plan, a.params));
  };

  return (req, exchange) => {
    const reply = answer(req, exchange);
    return reply instanceof Promise ? reply : ready(reply);
  };
}

function ready(reply: Reply | PreparedReply): PreparedReply {
  return 'prepared' in reply ? reply : prepare(reply);
}

/**
 * The request as the steps read it, or the 400 it gets: a target that is no URL, an HTTP/1.1
 * request without `Host` (RFC 9112 §3.2), a query past PHP's input limits.
 */
function parseIncoming(
  req: IncomingMessage,
  readTarget: (target: string) => Target | string,
): Incoming | Reply {
  const target = readTarget(req.url ?? '/');
  if (typeof target === 'string') return messageReply(400, target);
  if (req.headers.host === undefined && req.httpVersion === '1.1') {
    return messageReply(400, 'Bad request: an HTTP/1.1 request must have a Host header.');
  }
  return {
    req,
    method: (req.method ?? 'GET').toUpperCase(),
    pathname: target.pathname,
    search: target.search,
    query: target.query,
    headers: req.headers,
    cookies: req.headers.cookie === undefined ? NO_COOKIES : parseCookies(req.headers.cookie),
  };
}

/** Shared by the requests that send no cookie: read, never written. */
const NO_COOKIES: Readonly<Record<string, string>> = Object.freeze({});

const SLASH = 0x2f;

function withoutTrailingSlash(pathname: string): string {
  if (pathname.length < 2 || pathname.charCodeAt(pathname.length - 1) !== SLASH) return pathname;
  return pathname.replace(/\/+$/, '') || '/';
}

/** `/api/users/` → `api/users`, as Laravel's `$request->path()` writes it. */
function laravelUri(pathname: string): string {
  const trimmed = decodeURIComponent(pathname).replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : trimmed;
}

function methodNotAllowed(incoming: Incoming, allowed: string[]): Reply {
  if (incoming.method === 'OPTIONS') return { status: 204, headers: { allow: allowed.join(', ') } };
  return messageReply(
    405,
    `The ${incoming.method} method is not supported for route ${laravelUri(incoming.pathname)}. Supported methods: ${allowed.join(', ')}.`,
    { allow: allowed.join(', ') },
  );
}

function authenticate(
  doc: OpenApiDocument,
  incoming: Incoming,
  plan: OperationPlan,
): Reply | undefined {
  let invalid = invalidCredential(incoming);
  if (invalid === 'ApiKey' && declaresKeyParameter(doc, plan)) invalid = undefined;
  const challenge =
    invalid ??
    (plan.security && !isAuthenticated(plan.security, incoming)
      ? plan.security.challenge
      : undefined);
  if (!challenge) return undefined;
  incoming.req.resume();
  return messageReply(401, 'Unauthenticated.', { 'www-authenticate': wwwAuthenticate(challenge) });
}

const keyParameters = new WeakMap<OperationPlan, boolean>();

/**
 * An operation that declares `X-API-Key` (header) or `api_key` (query) as a parameter of its
 * own (Nookipedia's required UUID key) says what the value is: its schema judges it, not the
 * mock's credential pattern. The spec first.
 */
function declaresKeyParameter(doc: OpenApiDocument, plan: OperationPlan): boolean {
  let declared = keyParameters.get(plan);
  if (declared === undefined) {
    const { pathItem, operation } = plan.entry;
    declared = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].some((raw) => {
      const param = deref<ParameterObject>(doc, raw);
      const name = typeof param?.name === 'string' ? param.name.toLowerCase() : '';
      return (
        (param?.in === 'header' && name === 'x-api-key') ||
        (param?.in === 'query' && name === 'api_key')
      );
    });
    keyParameters.set(plan, declared);
  }
  return declared;
}

/** The request's parameters and body against the operation's: a 422 with Laravel's body. */
function checkInput(
  doc: OpenApiDocument,
  incoming: Incoming,
  plan: OperationPlan,
  params: Record<string, string>,
  body: unknown,
  mediaType: string | undefined,
): Reply | undefined {
  const input = {
    path: params,
    query: incoming.query,
    headers: incoming.headers,
    cookies: incoming.cookies,
    body,
    mediaType,
  };
  // The application's own Laravel semantics, when the document carries them (`x-laravel*`).
  const laravel = laravelCheck(doc, plan);
  if (laravel) return laravel(input, incoming.pathname) ?? pageErrors(incoming, plan);
  const errors = plan.validate(input);
  if (errors) return { status: 422, body: { message: 'The given data was invalid.', errors } };
  return pageErrors(incoming, plan);
}

function pageErrors(incoming: Incoming, plan: OperationPlan): Reply | undefined {
  if (!plan.pagination) return undefined;
  const errors: Record<string, string[]> = {};
  if ('invalid' in readPageParam(incoming.query.get('page'), 1, plan.paging.pageIsInteger)) {
    errors.page = ['The page must be at least 1.'];
  }
  if (
    'invalid' in
    readPageParam(
      incoming.query.get('per_page'),
      plan.paging.perPageDefault,
      plan.paging.perPageIsInteger,
    )
  ) {
    errors.per_page = ['The per page must be at least 1.'];
  }
  if (Object.keys(errors).length === 0) return undefined;
  return { status: 422, body: { message: 'The given data was invalid.', errors } };
}

function success(
  ctx: BodyContext,
  incoming: Incoming,
  plan: OperationPlan,
  params: Record<string, string>,
): Reply {
  const status = plan.successStatus;
  const at = responseMedia(ctx.doc, plan.entry.operation, status);
  if (status === 204 || !at) return { status };
  // Links name the origin the client addressed, with the target's path and query.
  const url = new URL(incoming.pathname + incoming.search, requestOrigin(incoming.req));
  return { status, ...declaredForm(ctx.doc, at, successBody(ctx, plan, at, { url, params })) };
}

/** A forced error's declared body, in its declared media type's form (see `declaredForm`). */
function inDeclaredForm(ctx: BodyContext, plan: OperationPlan, reply: Reply): Reply {
  if (reply.contentType === undefined) return reply;
  const at = responseMedia(ctx.doc, plan.entry.operation, reply.status);
  return at ? { ...reply, ...declaredForm(ctx.doc, at, reply.body) } : reply;
}
