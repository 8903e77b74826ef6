import type { IncomingMessage, ServerResponse } from 'node:http';
import { responseContract } from '../../core/contract/check.js';
import type { OperationEntry } from '../../core/engine/operations.js';
import { UserError } from '../../core/errors.js';
import { DEFAULT_PROXY_TIMEOUT, type ProxyOptions, type ResolvedMockOptions } from '../options.js';
import type { OpenApiDocument } from '../../core/types.js';
import { requestTarget } from '../../core/request-target.js';
import { isPreflight } from '../respond/cors.js';
import type { Pipeline } from '../pipeline.js';
import type { Settings } from '../scenario/settings.js';
import type { Router } from '../route/tree.js';
import { requestRouter } from '../route/match.js';
import { compileRequestChecks } from './request-checks.js';
import type { Matched, OperationChecks, ResolvedProxy } from './types.js';

export type { ResolvedProxy };
import { exchange } from './exchange.js';
import { createUpstream } from './upstream.js';

/** The proxy's request handler. */
export interface Proxy {
  handle(req: IncomingMessage, res: ServerResponse, closing: () => boolean): void;
}

/**
 * `apidoc mock --proxy`: each request is matched to its operation and checked as the mock
 * checks it, sent on to the backend, and the backend's response checked against the document;
 * what disagrees is reported, the answer passed on as it is (see exchange.ts). `fallback` is
 * the mock's own pipeline, without its simulated authentication (the backend judges real
 * credentials), for operations the backend does not route yet.
 */
export function createProxy(
  doc: OpenApiDocument,
  router: Router,
  fallback: Pipeline,
  options: ResolvedMockOptions,
  proxy: ResolvedProxy,
  settings: Settings,
): Proxy {
  const routing = requestRouter(doc, router);
  const compiled = new Map<OperationEntry, OperationChecks>();
  const checksFor = (entry: OperationEntry) => {
    let checks = compiled.get(entry);
    if (!checks) {
      checks = {
        doc,
        entry,
        request: compileRequestChecks(doc, entry),
        response: responseContract(doc, entry),
      };
      compiled.set(entry, checks);
    }
    return checks;
  };
  const match = (req: IncomingMessage): Matched => {
    const target = requestTarget(req.url ?? '/');
    const method = (req.method ?? 'GET').toUpperCase();
    const none = { target, checks: undefined, params: {} };
    if (!target || isPreflight(method, req.headers)) return { ...none, unmatched: undefined };
    const pathname = target.pathname;
    const route = routing.route({
      method,
      pathname,
      query: target.searchParams,
      headers: req.headers,
    });
    if (route.kind === 'found') {
      return { target, checks: checksFor(route.entry), params: route.params, unmatched: undefined };
    }
    const message = `${method} ${pathname} matches no operation of the document`;
    return { ...none, unmatched: { location: '/request', message } };
  };
  return {
    handle: (req, res, closing) =>
      exchange({ req, res, closing, matched: match(req), proxy, options, settings, fallback }),
  };
}

/** The options with their defaults, and the backend's connection pool (one per server). */
export function resolveProxy(options: ProxyOptions): ResolvedProxy {
  const target = typeof options.target === 'string' ? parseTarget(options.target) : options.target;
  return {
    upstream: createUpstream(target, options.timeout ?? DEFAULT_PROXY_TIMEOUT),
    strict: options.strict ?? false,
    fallback: options.fallback ?? true,
  };
}

function parseTarget(text: string): URL {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (url && (url.protocol === 'http:' || url.protocol === 'https:')) return url;
  throw new UserError(
    `Invalid proxy target: "${text}". Use the backend's http:// or https:// URL.`,
  );
}
