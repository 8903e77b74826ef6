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
import type { ControlEvent, SettingsChange } from '../core/engine/options.js';
import { answerControl, CONTROL_PREFIX } from './control/index.js';
import type { ControlDeps } from './control/deps.js';
import { readChange } from './control/change.js';
import { Journal, type Exchange, type JournalEntry } from './journal.js';
import { createPipeline } from './pipeline.js';
import { prepare, RESET_CONNECTION, type PreparedReply } from './reply.js';
import { buildRouter, serverBasePaths } from './router.js';
import { operationName, Settings } from './settings.js';
import { openStore, type StateStore } from './state/index.js';

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

  const settings = new Settings(resolved);
  const journal = new Journal();
  const store: Promise<StateStore> | undefined = resolved.stateful
    ? openStore(resolved.state)
    : undefined;
  // Reported by `listen`, or by the requests that need the store; never an unhandled rejection.
  store?.catch(() => undefined);
  const extras = { settings, store };
  let current = build(document, resolved, extras);

  let closing = false;
  const finish = (req: IncomingMessage, res: ServerResponse, exchange: Exchange) => {
    return (reply: PreparedReply) => {
      const write = () => {
        // While shutting down, a kept-alive connection is closed once its response is out.
        if (closing && reply !== RESET_CONNECTION) {
          reply = {
            ...reply,
            headers: [...reply.headers, 'connection', 'close'],
            anyOrigin: undefined,
          };
        }
        send(req, res, reply);
        exchange.reply = reply;
        exchange.ms = performance.now() - exchange.started;
        journal.record(exchange);
        resolved.onRequest?.({
          method: exchange.method,
          url: exchange.url,
          status: reply.status,
          ms: exchange.ms,
        });
      };
      const delay = settings.delayFor(exchange.entry);
      if (delay > 0) setTimeout(guarded(res, write), delay);
      else guarded(res, write)();
    };
  };
  const control: ControlDeps = {
    settings,
    journal,
    operations: () => new Set(current.operations.map(operationName)),
    state: resolved.stateful ? (resolved.state === 'memory' ? 'memory' : 'redis') : undefined,
    resetStore: async () => {
      if (store) await (await store).reset();
    },
    dispatch: (event) => {
      applyControl(event);
      resolved.shareControl?.(event);
    },
  };
  const applyControl = (event: ControlEvent) => {
    if (event.kind === 'settings') settings.apply(event.change);
    else journal.clear();
    if (event.kind === 'reset') settings.reset();
  };
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const url = req.url ?? '/';
    const exchange: Exchange = {
      at: Date.now(),
      started: performance.now(),
      method: req.method ?? 'GET',
      url,
    };
    const respond = finish(req, res, exchange);
    if (url.startsWith(CONTROL_PREFIX)) {
      // Not journaled, never delayed: the control API is not the API.
      answerControl(req, control)
        .catch(internalError)
        .then((reply) => {
          const ready = 'prepared' in reply ? reply : prepare(reply);
          guarded(res, () => send(req, res, ready))();
        });
      return;
    }
    let reply: PreparedReply | Promise<PreparedReply>;
    try {
      reply = current.pipeline(req, exchange);
    } catch (error) {
      reply = internalError(error);
    }
    if (reply instanceof Promise) reply.catch(internalError).then(respond);
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
      current = build(next, resolved, extras);
    },
    requests: () => journal.entries(),
    reset: async () => {
      await control.resetStore();
      applyControl({ kind: 'reset' });
    },
    setScenario: (change) => {
      const read = readChange(
        change,
        Object.keys(change) as (keyof SettingsChange)[],
        control.operations(),
      );
      if ('errors' in read) throw new Error(Object.values(read.errors).flat().join(' '));
      applyControl({ kind: 'settings', change: read.change });
    },
    applyControl,
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
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

/** What is built from the document: swapped as a whole by `replaceDocument`. */
function build(
  document: OpenApiDocument,
  options: ResolvedMockOptions,
  extras: { settings: Settings; store: Promise<StateStore> | undefined },
) {
  const operations = listOperations(document);
  const warnings: Finding[] = [];
  const router = buildRouter(operations, warnings, serverBasePaths(document.servers));
  return { operations, warnings, pipeline: createPipeline(document, router, options, extras) };
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
