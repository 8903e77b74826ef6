import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { OpenApiDocument } from '../core/types.js';
import { ASSET_PREFIX, createAssets } from './assets.js';
import { clientScript } from './client.js';
import { listen, type Bound } from '../core/listen.js';
import { requestTarget } from '../core/request-target.js';
import {
  answerClientErrors,
  guardRequest,
  guardUpgrade,
  serverOptions,
} from '../core/server-guard.js';
import { CLIENT_PATH, pageHtml } from './page.js';
import {
  DOCUMENT_PATH,
  encodeMessage,
  LIVE_PATH,
  VERSION_HEADER,
  type LiveMessage,
  type WatchProblem,
} from './protocol.js';

/** Pages get this long to answer the closing handshake before their sockets are cut. */
const CLOSE_GRACE_MS = 500;

export interface DocsServer {
  /** The underlying `node:http` server; the WebSocket shares it. */
  readonly server: Server;
  /** Pages connected now. */
  readonly clients: number;
  /** The version of the document served now; changes when the document does. */
  readonly version: string;
  listen(port: number, host: string): Promise<Bound>;
  /**
   * Serves this document from now on and tells every page to show it (and to hide the banner).
   * Returns false when it is the same as the one served, which pages then keep.
   */
  publish(document: OpenApiDocument): boolean;
  /** Shows the problem on every page, over the document they show. */
  showProblem(problem: WatchProblem): void;
  /** Says goodbye to the pages, then stops serving and releases the port. */
  close(): Promise<void>;
}

/**
 * The API reference page and its live-reload WebSocket, on one port: `/` is the page,
 * `DOCUMENT_PATH` the document, `/swagger-ui/*` Swagger UI's files, `LIVE_PATH` the WebSocket.
 */
export function createDocsServer(document: OpenApiDocument): DocsServer {
  const assets = createAssets();
  const script = clientScript();
  // Versions differ across runs, so a page that outlived a restart fetches the document again.
  const run = Date.now().toString(36);
  let published = 1;
  let json = JSON.stringify(document);
  let title = document.info.title;
  let version = `${run}-${published}`;
  let problem: WatchProblem | null = null;

  const wss = new WebSocketServer({ noServer: true });
  const broadcast = (message: LiveMessage) => {
    const text = encodeMessage(message);
    for (const client of wss.clients) if (client.readyState === WebSocket.OPEN) client.send(text);
  };
  const server = createServer(
    serverOptions(),
    guardRequest('apidoc watch', (req, res) => {
      const target = requestTarget(req.url ?? '/');
      if (!target) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Malformed request URL.' }));
        return;
      }
      const answer = route(target.pathname);
      const headers: Record<string, string> = {
        'content-type': answer.type,
        'x-content-type-options': 'nosniff',
        'cache-control': answer.cache ?? 'no-store',
        ...answer.headers,
      };
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { ...headers, allow: 'GET, HEAD' }).end();
        return;
      }
      res.writeHead(answer.status, headers);
      res.end(req.method === 'HEAD' ? undefined : answer.body);
    }),
  );
  const route = (pathname: string): Answer => {
    if (pathname === '/' || pathname === '/index.html')
      return { status: 200, type: 'text/html; charset=utf-8', body: pageHtml(title ?? 'API') };
    if (pathname === DOCUMENT_PATH)
      return {
        status: 200,
        type: 'application/json',
        body: json,
        headers: { [VERSION_HEADER]: version },
      };
    if (pathname === CLIENT_PATH)
      return { status: 200, type: 'text/javascript; charset=utf-8', body: script };
    const asset = pathname.startsWith(ASSET_PREFIX)
      ? assets(pathname.slice(ASSET_PREFIX.length))
      : undefined;
    if (asset) return { status: 200, type: asset.type, body: asset.body, cache: 'max-age=3600' };
    return { status: 404, type: 'text/plain; charset=utf-8', body: `Not found: ${pathname}\n` };
  };
  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = requestTarget(req.url ?? '/')?.pathname;
    if (pathname !== LIVE_PATH || !sameOrigin(req)) {
      const status =
        pathname === undefined
          ? '400 Bad Request'
          : pathname === LIVE_PATH
            ? '403 Forbidden'
            : '404 Not Found';
      socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (client) => {
      client.on('error', () => client.terminate());
      client.send(encodeMessage({ type: 'hello', version, error: problem }));
    });
  };
  server.on('upgrade', guardUpgrade('apidoc watch', upgrade));

  answerClientErrors(server);

  return {
    server,
    get clients() {
      return wss.clients.size;
    },
    get version() {
      return version;
    },
    listen: (port, host) => listen(server, port, host, { wildcardAsLocalhost: true }),
    publish(next) {
      const text = JSON.stringify(next);
      const changed = text !== json;
      if (changed) {
        json = text;
        title = next.info.title;
        version = `${run}-${++published}`;
      }
      problem = null;
      broadcast({ type: 'reload', version });
      return changed;
    },
    showProblem(next) {
      problem = next;
      broadcast({ type: 'error', error: next });
    },
    close: () => closeAll(server, wss),
  };
}

interface Answer {
  status: number;
  type: string;
  body: string | Buffer;
  cache?: string;
  headers?: Record<string, string>;
}

/**
 * A page of another site must not read the document through a visitor's browser: browsers send
 * `Origin` with a WebSocket handshake, and it must be this server. Tools that send none may connect.
 */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

async function closeAll(server: Server, wss: WebSocketServer): Promise<void> {
  const clients = [...wss.clients];
  await new Promise<void>((resolve) => {
    let open = clients.length;
    if (open === 0) return resolve();
    const timer = setTimeout(() => {
      clients.forEach((client) => client.terminate());
      resolve();
    }, CLOSE_GRACE_MS);
    for (const client of clients) {
      client.once('close', () => {
        if (--open > 0) return;
        clearTimeout(timer);
        resolve();
      });
      client.close(1001, 'apidoc watch stopped');
    }
  });
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  await new Promise<void>((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
