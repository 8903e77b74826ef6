import { parseCookies } from '../../core/engine/http.js';
import type { OpenApiDocument } from '../../core/types.js';
import { messageReply, type Reply } from '../respond/reply.js';
import { isPreflight, preflightHeaders } from '../respond/cors.js';
import type { MockRequest, Step } from '../step.js';
import { requestRouter } from './match.js';
import { targetReader } from './target.js';
import type { Router } from './tree.js';

/**
 * The request target read (path, query, cookies), or the 400 it gets: a target that is no URL,
 * an HTTP/1.1 request without `Host` (RFC 9112 §3.2), a query past PHP's input limits.
 */
export function readTarget(): Step {
  const read = targetReader();
  return (request) => {
    const { req } = request;
    const target = read(req.url ?? '/');
    if (typeof target === 'string') return messageReply(400, target);
    if (req.headers.host === undefined && req.httpVersion === '1.1') {
      return messageReply(400, 'Bad request: an HTTP/1.1 request must have a Host header.');
    }
    request.pathname = target.pathname;
    request.search = target.search;
    request.query = target.query;
    request.cookies =
      req.headers.cookie === undefined ? NO_COOKIES : parseCookies(req.headers.cookie);
    return undefined;
  };
}

/** Shared by the requests that send no cookie: read, never written. */
const NO_COOKIES: Readonly<Record<string, string>> = Object.freeze({});

/** A CORS preflight, answered with the methods the path allows. */
export function preflight(router: Router): Step {
  return (request) =>
    isPreflight(request.method, request.headers)
      ? {
          status: 204,
          headers: preflightHeaders(request.headers, router.methodsFor(request.pathname)),
        }
      : undefined;
}

/** The operation and its path values, or Laravel's 404 and 405. */
export function route(doc: OpenApiDocument, router: Router): Step {
  const routing = requestRouter(doc, router);
  return (request) => {
    const found = routing.route(request);
    if (found.kind === 'not-found') {
      return messageReply(404, `The route ${laravelUri(request.pathname)} could not be found.`);
    }
    if (found.kind === 'method-not-allowed') return methodNotAllowed(request, found.allowed);
    request.entry = found.entry;
    request.params = found.params;
    if (request.exchange) request.exchange.entry = found.entry;
    return undefined;
  };
}

/** `/api/users/` → `api/users`, as Laravel's `$request->path()` writes it. */
function laravelUri(pathname: string): string {
  const trimmed = decodeURIComponent(pathname).replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : trimmed;
}

function methodNotAllowed(request: MockRequest, allowed: string[]): Reply {
  if (request.method === 'OPTIONS') return { status: 204, headers: { allow: allowed.join(', ') } };
  return messageReply(
    405,
    `The ${request.method} method is not supported for route ${laravelUri(request.pathname)}. Supported methods: ${allowed.join(', ')}.`,
    { allow: allowed.join(', ') },
  );
}
