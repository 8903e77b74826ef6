import type { IncomingMessage } from 'node:http';
import { deref } from '../core/refs.js';
import type { OpenApiDocument, ParameterObject } from '../core/types.js';
import {
  invalidCredential,
  isAuthenticated,
  wwwAuthenticate,
  type AuthRequest,
} from '../core/engine/auth/index.js';
import {
  declaredForm,
  echoId,
  mediaBody,
  paginatedBody,
  type BodyContext,
} from '../core/engine/body.js';
import { isPreflight, preflightHeaders } from './cors.js';
import { mediaTypeOf, parseCookies } from '../core/engine/http.js';
import { requestOrigin } from '../core/request-target.js';
import { targetReader, type Target } from './target.js';
import type { ResolvedMockOptions } from '../core/engine/options.js';
import { MAX_PER_PAGE, readPageParam } from '../core/engine/pagination.js';
import { compilePlan, type OperationPlan } from '../core/engine/plan.js';
import { messageReply, prepare, replyCache, type PreparedReply, type Reply } from './reply.js';

import { requestSeed } from '../core/engine/seed.js';
import { responseMedia } from '../core/engine/responses.js';
import type { OperationEntry } from '../core/engine/operations.js';
import { parseBody } from './request-body.js';
import type { Router } from './router.js';
import { requestRouter } from './routing.js';
import { chooseScenario, isForcedError, type Scenario } from '../core/engine/scenarios.js';
import { scenarioReply } from './scenario-reply.js';

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
  /** `authenticate: false`: no simulated auth (the proxy's fallback: the backend judges credentials). */
  steps: { authenticate?: boolean } = {},
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
  const readTarget = targetReader();
  const cache = replyCache();
  const cached = (key: string, make: () => Reply) =>
    cache.get(key) ?? cache.set(key, prepare(make()));

  const answer = (req: IncomingMessage): Reply | PreparedReply | Promise<PreparedReply> => {
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
    const choice = chooseScenario(incoming.query, options.scenario);
    if ('error' in choice) return messageReply(400, choice.error);
    const { plan, name } = planFor(route.entry);
    // Built only when a reply is not cached yet.
    const context = (): BodyContext => ({
      doc,
      path: route.entry.path,
      method: route.entry.method,
      onStaleExample: options.onStaleExample,
      // The operation's method, not the request's: HEAD answers exactly what GET would.
      seed: requestSeed(options.seed, route.entry.method, incoming.pathname, choice.scenario),
      scenario: choice.scenario,
      empty: choice.scenario === 'empty',
    });
    // What the seed is made of, besides what is fixed for the server: the operation (those
    // told apart by more than their path, `/#Action=A` and `/#Action=B`, share a pathname),
    // the scenario and the path.
    const key = `${name}|${choice.scenario}|${incoming.pathname}`;
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
    const refused = steps.authenticate === false ? undefined : authenticate(doc, incoming, plan);
    if (refused) return refused;
    const mediaType = plan.hasBody ? mediaTypeOf(incoming.headers['content-type']) : undefined;
    // Stripe's reads declare a body too; a request that sends none is answered at once.
    if (!plan.hasBody || !sendsBody(req)) {
      req.resume();
      return checkInput(incoming, plan, route.params, undefined, mediaType) ?? respond();
    }
    // One promise for the whole wait: the body arrives, then everything else runs at once.
    return new Promise<PreparedReply>((resolve, reject) => {
      parseBody(req, mediaType, plan, (parsed) => {
        try {
          if ('reply' in parsed) return resolve(ready(parsed.reply));
          const body = parsed.body;
          resolve(ready(checkInput(incoming, plan, route.params, body, mediaType) ?? respond()));
        } catch (error) {
          reject(error);
        }
      });
    });
  };
  return (req) => {
    const reply = answer(req);
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

/** Whether a body follows the headers: only with a length or a transfer coding (RFC 9112 §6.3). */
function sendsBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
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
  if (plan.pagination) {
    const page = readPageParam(incoming.query.get('page'), 1, false);
    const perPage = readPageParam(
      incoming.query.get('per_page'),
      plan.paging.perPageDefault,
      false,
    );
    const request = {
      page: 'value' in page ? page.value : 1,
      perPage: Math.min(
        'value' in perPage ? perPage.value : plan.paging.perPageDefault,
        MAX_PER_PAGE,
      ),
      // Links name the origin the client addressed, with the target's path and query.
      url: new URL(incoming.pathname + incoming.search, requestOrigin(incoming.req)),
    };
    const list = paginatedBody(ctx, at, plan.pagination, request);
    return { status, ...declaredForm(ctx.doc, at, list) };
  }
  const body = mediaBody(ctx, at);
  const id = plan.idParam ? params[plan.idParam] : undefined;
  if (id !== undefined) echoId(ctx.doc, at.media.schema, body, id);
  return { status, ...declaredForm(ctx.doc, at, body) };
}

/** A forced error's declared body, in its declared media type's form (see `declaredForm`). */
function inDeclaredForm(ctx: BodyContext, plan: OperationPlan, reply: Reply): Reply {
  if (reply.contentType === undefined) return reply;
  const at = responseMedia(ctx.doc, plan.entry.operation, reply.status);
  return at ? { ...reply, ...declaredForm(ctx.doc, at, reply.body) } : reply;
}
