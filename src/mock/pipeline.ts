import type { IncomingMessage } from 'node:http';
import { deref } from '../core/refs.js';
import type { OpenApiDocument, ParameterObject } from '../core/types.js';
import {
  invalidCredential,
  isAuthenticated,
  wwwAuthenticate,
  type AuthRequest,
} from '../core/engine/auth/index.js';
import { declaredForm, type BodyContext } from '../core/engine/body.js';
import { isPreflight, preflightHeaders } from './cors.js';
import { mediaTypeOf, parseCookies } from '../core/engine/http.js';
import { checkInputNames } from '../core/engine/input-fields.js';
import { requestOrigin, requestTarget } from '../core/request-target.js';
import type { ResolvedMockOptions } from '../core/engine/options.js';
import { readPageParam } from '../core/engine/pagination.js';
import { compilePlan, type OperationPlan } from '../core/engine/plan.js';
import { messageReply, prepare, type PreparedReply, type Reply } from './reply.js';
import { ReplyCache } from './reply-cache.js';
import { requestSeed } from '../core/engine/seed.js';
import { responseMedia } from '../core/engine/responses.js';
import type { OperationEntry } from '../core/engine/operations.js';
import { parseBody } from './request-body.js';
import type { Router } from './router.js';
import { requestRouter } from './routing.js';
import { chooseScenario, isForcedError, type Scenario } from '../core/engine/scenarios.js';
import { scenarioReply } from './scenario-reply.js';
import { successBody } from '../core/engine/success.js';

/** The parts of a request every step reads, parsed once. */
interface Incoming extends AuthRequest {
  req: IncomingMessage;
  method: string;
  /** The request target: its path and query, never the `Host` header's. */
  target: URL;
  pathname: string;
}

/** Answers a request: at once when nothing has to be read, after the body when one is. */
export interface Pipeline {
  (req: IncomingMessage): PreparedReply | Promise<PreparedReply>;
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
): Pipeline {
  // Each plan with a short name for the reply cache's keys: a lookup hashes a key each time.
  const plans = new Map<OperationEntry, { plan: OperationPlan; name: string }>();
  const planFor = (entry: OperationEntry) => {
    let planned = plans.get(entry);
    if (!planned)
      plans.set(entry, (planned = { plan: compilePlan(doc, entry), name: `${plans.size}` }));
    return planned;
  };
  const routing = requestRouter(doc, router);
  const cache = new ReplyCache();
  const cached = (key: string, make: () => Reply) =>
    cache.get(key) ?? cache.set(key, prepare(make()));

  const answer = (req: IncomingMessage): Reply | PreparedReply | Promise<Reply | PreparedReply> => {
    const incoming = parseIncoming(req);
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
    const choice = chooseScenario(incoming.query, options.scenario);
    if ('error' in choice) return messageReply(400, choice.error);
    const { plan, name } = planFor(route.entry);
    // `/api/users/7/` is `/api/users/7`: the same seed, the same cached reply.
    const pathname = withoutTrailingSlash(incoming.pathname);
    // Built only when a reply is not cached yet.
    const context = (): BodyContext => ({
      doc,
      path: route.entry.path,
      method: route.entry.method,
      onStaleExample: options.onStaleExample,
      // The operation's method, not the request's: HEAD answers exactly what GET would.
      seed: requestSeed(options.seed, route.entry.method, pathname, choice.scenario),
      serverSeed: String(options.seed),
      scenario: choice.scenario,
      empty: choice.scenario === 'empty',
    });
    // What the seed is made of, besides what is fixed for the server: the operation (those
    // told apart by more than their path, `/#Action=A` and `/#Action=B`, share a pathname),
    // the scenario and the path.
    const key = `${name}|${choice.scenario}|${pathname}`;
    if (isForcedError(choice.scenario)) {
      req.resume();
      const scenario = choice.scenario as Exclude<Scenario, 'success' | 'empty'>;
      return cached(key, () => {
        const ctx = context();
        return inDeclaredForm(ctx, plan, scenarioReply(ctx, plan, scenario));
      });
    }
    const respond = (): Reply | PreparedReply => {
      // A page's links depend on the whole URL; any other body only on the seed.
      // The raw Host is enough for a key: the same Host gives the same origin (requestOrigin).
      const pageKey = plan.pagination
        ? `${name}|${choice.scenario}|${req.headers.host}|${req.url}`
        : key;
      return cached(pageKey, () => success(context(), incoming, plan, route.params));
    };
    const refused = authenticate(doc, incoming, plan);
    if (refused) return refused;
    const mediaType = plan.hasBody ? mediaTypeOf(incoming.headers['content-type']) : undefined;
    // Stripe's reads declare a body too; a request that sends none is answered at once.
    if (!plan.hasBody || !sendsBody(req)) {
      req.resume();
      return checkInput(incoming, plan, route.params, undefined, mediaType) ?? respond();
    }
    return parseBody(req, mediaType, plan).then((parsed) => {
      if ('reply' in parsed) return parsed.reply;
      return checkInput(incoming, plan, route.params, parsed.body, mediaType) ?? respond();
    });
  };
  const ready = (reply: Reply | PreparedReply): PreparedReply =>
    'prepared' in reply ? reply : prepare(reply);
  return (req) => {
    const reply = answer(req);
    return reply instanceof Promise ? reply.then(ready) : ready(reply);
  };
}

/**
 * The request as the steps read it, or the 400 it gets: a target that is no URL, an HTTP/1.1
 * request without `Host` (RFC 9112 §3.2), a query past PHP's input limits.
 */
function parseIncoming(req: IncomingMessage): Incoming | Reply {
  const target = requestTarget(req.url ?? '/');
  if (!target || (target.pathname.includes('%') && !decodes(target.pathname))) {
    return messageReply(400, 'Malformed request URL.');
  }
  if (req.headers.host === undefined && req.httpVersion === '1.1') {
    return messageReply(400, 'Bad request: an HTTP/1.1 request must have a Host header.');
  }
  const limit = target.search === '' ? undefined : checkInputNames(target.searchParams.keys());
  if (limit) return messageReply(400, limit);
  return {
    req,
    method: (req.method ?? 'GET').toUpperCase(),
    target,
    pathname: target.pathname,
    query: target.searchParams,
    headers: req.headers,
    cookies: parseCookies(req.headers.cookie),
  };
}

/** Whether a body follows the headers: only with a length or a transfer coding (RFC 9112 §6.3). */
function sendsBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

const SLASH = 0x2f;

function withoutTrailingSlash(pathname: string): string {
  if (pathname.length < 2 || pathname.charCodeAt(pathname.length - 1) !== SLASH) return pathname;
  return pathname.replace(/\/+$/, '') || '/';
}

function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
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
  incoming: Incoming,
  plan: OperationPlan,
  params: Record<string, string>,
  body: unknown,
  mediaType: string | undefined,
): Reply | undefined {
  const errors = plan.validate({
    path: params,
    query: incoming.query,
    headers: incoming.headers,
    cookies: incoming.cookies,
    body,
    mediaType,
  });
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
  const url = plan.pagination
    ? new URL(incoming.target.pathname + incoming.target.search, requestOrigin(incoming.req))
    : incoming.target;
  return { status, ...declaredForm(ctx.doc, at, successBody(ctx, plan, at, { url, params })) };
}

/** A forced error's declared body, in its declared media type's form (see `declaredForm`). */
function inDeclaredForm(ctx: BodyContext, plan: OperationPlan, reply: Reply): Reply {
  if (reply.contentType === undefined) return reply;
  const at = responseMedia(ctx.doc, plan.entry.operation, reply.status);
  return at ? { ...reply, ...declaredForm(ctx.doc, at, reply.body) } : reply;
}
