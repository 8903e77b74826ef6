import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Finding } from '../core/errors.js';
import { listen } from '../core/listen.js';
import { answerClientErrors, serverOptions } from '../core/server-guard.js';
import type { OpenApiDocument } from '../core/types.js';
import { withOriginHeaders } from './cors.js';
import { listOperations, type OperationEntry } from '../core/engine/operations.js';
import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  resolveMockOptions,
  type MockServerOptions,
  type ResolvedMockOptions,
} from '../core/engine/options.js';
import { createPipeline } from './pipeline.js';
import { createProxy, resolveProxy, type ResolvedProxy } from './proxy/index.js';
import { prepare, type PreparedReply } from './reply.js';
import { buildRouter, serverBasePaths } from './router.js';

/** In-flight responses get this long to finish once the server is asked to stop. */
const CLOSE_GRACE_MS = 10_000;

export interface MockServer {
  /** The underlying `node:http` server. */
  readonly server: Server;
  /** Every operation served, in document order. */
  readonly operations: readonly OperationEntry[];
  /** Problems found while building the routes (duplicate or unroutable paths). */
  readonly warnings: readonly Finding[];
  /** The request handler, to mount in another server. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** Starts listening; resolves with the bound address (port 0 picks a free one). */
  listen(port?: number, host?: string): Promise<{ host: string; port: number; url: string }>;
  /** Stops accepting connections, lets in-flight responses finish, releases the port. */
  close(): Promise<void>;
  /**
   * Serves another document from now on (`apidoc watch --mock`): routes, plans and caches are
   * rebuilt, then swapped in one assignment. Requests in flight finish on the old document;
   * the server and its open connections stay as they are.
   */
  replaceDocument(document: OpenApiDocument): void;
}

/**
 * A mock of the API a document describes. Usable inside a test suite:
 * `const mock = createMockServer(doc); const { url } = await mock.listen(0);`.
 */
export function createMockServer(
  document: OpenApiDocument,
  options: MockServerOptions = {},
): MockServer {
  const resolved = resolveMockOptions(options);
  const proxy = resolved.proxy && resolveProxy(resolved.proxy);
  let current = build(document, resolved, proxy);

  let closing = false;
  const mock = (req: IncomingMessage, res: ServerResponse): void => {
    const started = resolved.onRequest ? performance.now() : 0;
    const respond = (reply: PreparedReply) => {
      const write = () => {
        // While shutting down, a kept-alive connection is closed once its response is out.
        if (closing) {
          reply = {
            ...reply,
            headers: [...reply.headers, 'connection', 'close'],
            anyOrigin: undefined,
          };
        }
        send(req, res, reply);
        resolved.onRequest?.({
          method: req.method ?? 'GET',
          url: req.url ?? '/',
          status: reply.status,
          ms: performance.now() - started,
        });
      };
      if (resolved.delay > 0) setTimeout(guarded(res, write), resolved.delay);
      else guarded(res, write)();
    };
    let reply: PreparedReply | Promise<PreparedReply>;
    try {
      reply = current.pipeline(req);
    } catch (error) {
      reply = internalError(error);
    }
    if (reply instanceof Promise) reply.then(respond, (error) => respond(internalError(error)));
    else respond(reply);
  };
  // Chosen once: without `proxy` a request never looks at it.
  const handle = resolved.proxy
    ? (req: IncomingMessage, res: ServerResponse) => current.proxy!.handle(req, res, () => closing)
    : mock;
  const server = createServer(serverOptions(resolved.timeouts), handle);
  answerClientErrors(server);

  return {
    server,
    get operations() {
      return current.operations;
    },
    get warnings() {
      return current.warnings;
    },
    handle,
    replaceDocument: (next) => {
      current = build(next, resolved, proxy);
    },
    listen: (port = DEFAULT_PORT, host = DEFAULT_HOST) => listen(server, port, host),
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        if (!server.listening) return resolve();
        const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
        server.close(() => {
          clearTimeout(force);
          proxy?.upstream.agent.destroy();
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

/** What is built from the document: swapped as a whole by `replaceDocument`. */
function build(document: OpenApiDocument, options: ResolvedMockOptions, proxy?: ResolvedProxy) {
  const operations = listOperations(document);
  const warnings: Finding[] = [];
  const router = buildRouter(operations, warnings, serverBasePaths(document.servers));
  const pipeline = createPipeline(document, router, options);
  if (!proxy) return { operations, warnings, pipeline, proxy: undefined };
  const fallback = createPipeline(document, router, options, { authenticate: false });
  return {
    operations,
    warnings,
    pipeline,
    proxy: createProxy(document, router, fallback, options, proxy),
  };
}

function internalError(error: unknown): PreparedReply {
  // A bug in the mock must not take the server down; say so, and keep serving.
  console.error('apidoc mock: internal error while answering a request:', error);
  return prepare({ status: 500, body: { message: 'Server Error' } });
}

/**
 * Writing the answer can throw too (a header value Node refuses, a logger that throws): out of
 * a timer or a promise callback that would end the process, so it ends the connection instead.
 */
function guarded(res: ServerResponse, write: () => void): () => void {
  return () => {
    try {
      write();
    } catch (error) {
      console.error('apidoc mock: internal error while sending a response:', error);
      res.destroy();
    }
  };
}

function send(req: IncomingMessage, res: ServerResponse, reply: PreparedReply): void {
  const origin = req.headers.origin;
  // Without an Origin, the list is the same every time: made once per prepared reply.
  const headers =
    origin === undefined
      ? (reply.anyOrigin ??= withOriginHeaders(reply.headers, undefined))
      : withOriginHeaders(reply.headers, origin);
  res.writeHead(reply.status, headers);
  res.end(req.method === 'HEAD' ? undefined : reply.payload);
}
