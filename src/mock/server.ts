import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Finding } from '../core/errors.js';
import { listen } from '../core/listen.js';
import { answerClientErrors, serverOptions } from '../core/server-guard.js';
import type { OpenApiDocument } from '../core/types.js';
import { withOriginHeaders } from './respond/cors.js';
import { listOperations, type OperationEntry } from '../core/engine/operations.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../core/mock-address.js';
import { resolveMockOptions, type MockServerOptions, type ResolvedMockOptions } from './options.js';
import type { ControlEvent, RequestLogEntry, SettingsChange } from './options.js';
import { answerControl, CONTROL_PREFIX } from './control/index.js';
import type { ControlDeps } from './control/deps.js';
import type { Exchange, Journal, JournalEntry } from './control/journal.js';
import { redactUrl } from './control/redact.js';
import { createPipeline } from './pipeline.js';
import { createProxy, resolveProxy, type ResolvedProxy } from './proxy/index.js';
import { prepare, RESET_CONNECTION, type PreparedReply } from './respond/reply.js';
import { buildRouter, serverBasePaths } from './route/tree.js';
import { createRuntime } from './runtime.js';
import type { Settings } from './scenario/settings.js';
import type { StateStore } from './state/index.js';

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
  /** The journal of recent requests, newest first (`GET /__apidoc/requests`). */
  requests(): JournalEntry[];
  /** State, journal and runtime settings back to how the mock started (`POST /__apidoc/reset`). */
  reset(): Promise<void>;
  /**
   * Changes the default scenario, delay, fail rate or fail mode at run time, or the scenario and
   * delay of one operation (`{ operation: 'GET /api/users/{id}', scenario: 'not_found' }`), as
   * `PUT /__apidoc/scenario` does; throws on a value the control API would refuse.
   */
  setScenario(change: SettingsChange): void;
  /** Applies a change of the control API made in another process (what `shareControl` told). */
  applyControl(event: ControlEvent): void;
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
  let current: ReturnType<typeof build>;
  const runtime = createRuntime(resolved, () => current.operations);
  const { settings, journal, store, control } = runtime;
  current = build(document, resolved, runtime, proxy);

  let closing = false;
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const url = req.url ?? '/';
    // Not journaled, never delayed: the control API is not the API.
    if (url.startsWith(CONTROL_PREFIX)) return sendControl(req, res, control);
    // The proxy journals its requests from their log lines (see `build`).
    if (current.proxy) return current.proxy.handle(req, res, () => closing);
    const exchange: Exchange = {
      at: Date.now(),
      started: performance.now(),
      method: req.method ?? 'GET',
      url,
    };
    const respond = (reply: PreparedReply) => {
      const write = () => {
        // While shutting down, a kept-alive connection is closed once its response is out.
        send(req, res, closing ? closingReply(reply) : reply);
        finished(exchange, reply, runtime.journal, resolved.onRequest);
      };
      const delay = settings.delayFor(exchange.entry);
      if (delay > 0) setTimeout(guarded(res, write), delay);
      else guarded(res, write)();
    };
    let reply: PreparedReply | Promise<PreparedReply>;
    try {
      reply = current.pipeline(req, exchange);
    } catch (error) {
      reply = internalError(error);
    }
    if (reply instanceof Promise) reply.then(respond, (error) => respond(internalError(error)));
    else respond(reply);
  };
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
      current = build(next, resolved, runtime, proxy);
    },
    requests: () => journal.entries(),
    reset: runtime.reset,
    setScenario: runtime.setScenario,
    applyControl: runtime.apply,
    listen: async (port = DEFAULT_PORT, host = DEFAULT_HOST) => {
      // A store that cannot be reached is a startup error, before the port is taken.
      await store;
      return listen(server, port, host);
    },
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        void store?.then((opened) => opened.close()).catch(() => undefined);
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

/** The control API's answer, sent as any other (CORS included). */
function sendControl(req: IncomingMessage, res: ServerResponse, control: ControlDeps): void {
  void answerControl(req, control)
    .catch(internalError)
    .then((reply) => {
      const ready = 'prepared' in reply ? reply : prepare(reply);
      // No CORS headers: the control API is not for other origins' pages.
      guarded(res, () => {
        res.writeHead(ready.status, ready.headers);
        res.end(req.method === 'HEAD' ? undefined : ready.payload);
      })();
    });
}

function closingReply(reply: PreparedReply): PreparedReply {
  if (reply === RESET_CONNECTION) return reply;
  return { ...reply, headers: [...reply.headers, 'connection', 'close'], anyOrigin: undefined };
}

/** A sent request into the journal, and to the request log. */
function finished(
  exchange: Exchange,
  reply: PreparedReply,
  journal: Journal,
  onRequest: ResolvedMockOptions['onRequest'],
): void {
  exchange.reply = reply;
  exchange.ms = performance.now() - exchange.started;
  journal.record(exchange);
  onRequest?.({
    method: exchange.method,
    url: redactUrl(exchange.url),
    status: reply.status,
    ms: exchange.ms,
  });
}

/** What is built from the document: swapped as a whole by `replaceDocument`. */
function build(
  document: OpenApiDocument,
  options: ResolvedMockOptions,
  extras: { settings: Settings; store: Promise<StateStore> | undefined; journal: Journal },
  proxy: ResolvedProxy | undefined,
) {
  const operations = listOperations(document);
  const warnings: Finding[] = [];
  const router = buildRouter(operations, warnings, serverBasePaths(document.servers));
  const pipeline = createPipeline(document, router, options, extras);
  if (!proxy) return { operations, warnings, pipeline, proxy: undefined };
  // The backend judges real credentials: the mock's simulated ones are not asked for.
  const fallback = createPipeline(document, router, options, extras, { authenticate: false });
  // What the proxy logs goes into the journal too, with its violations.
  const onRequest = (logged: RequestLogEntry) => {
    const entry = { ...logged, url: redactUrl(logged.url) };
    extras.journal.recordLogged(entry);
    options.onRequest?.(entry);
  };
  const proxied = createProxy(
    document,
    router,
    fallback,
    { ...options, onRequest },
    proxy,
    extras.settings,
  );
  return { operations, warnings, pipeline, proxy: proxied };
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
  // `--fail-mode reset`: the connection ends with no answer, as when a backend dies mid-request.
  if (reply === RESET_CONNECTION) {
    req.socket.destroy();
    return;
  }
  const origin = req.headers.origin;
  // Without an Origin, the list is the same every time: made once per prepared reply.
  const headers =
    origin === undefined
      ? (reply.anyOrigin ??= withOriginHeaders(reply.headers, undefined))
      : withOriginHeaders(reply.headers, origin);
  res.writeHead(reply.status, headers);
  res.end(req.method === 'HEAD' ? undefined : reply.payload);
}
