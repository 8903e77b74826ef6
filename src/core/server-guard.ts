import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** How long a client may take, in milliseconds; each default in its JSDoc. */
export interface ServerTimeouts {
  /** The whole request, headers and body: past it, a 408 and the connection closed. @default 60_000 */
  request?: number;
  /** The request's headers (slowloris). At most `request`. @default 10_000 */
  headers?: number;
  /** An idle kept-alive connection, longer than a load balancer's usual 60 s. @default 65_000 */
  keepAlive?: number;
}

export const DEFAULT_REQUEST_TIMEOUT = 60_000;
export const DEFAULT_HEADERS_TIMEOUT = 10_000;
export const DEFAULT_KEEP_ALIVE_TIMEOUT = 65_000;

/**
 * `node:http` options set deliberately rather than left at Node's defaults (5 minutes for a
 * request, 60 s for headers, checked every 30 s): an unfinished request, and the up to 10 MiB
 * of body it may hold, is let go within a second of its deadline. `Host` is checked by the
 * handler, which answers its absence in JSON (Node would answer a bare 400).
 */
export function serverOptions(timeouts: ServerTimeouts = {}): ServerOptions {
  const request = timeouts.request ?? DEFAULT_REQUEST_TIMEOUT;
  return {
    requestTimeout: request,
    headersTimeout: Math.min(timeouts.headers ?? DEFAULT_HEADERS_TIMEOUT, request),
    keepAliveTimeout: timeouts.keepAlive ?? DEFAULT_KEEP_ALIVE_TIMEOUT,
    connectionsCheckingInterval: Math.max(100, Math.min(1_000, request / 4)),
    requireHostHeader: false,
  };
}

/**
 * Answers in JSON what Node would answer with a bare status line: a request it cannot parse
 * (400), headers over 16 KiB (431), a chunk extension too long (413), a request not finished
 * in time (408), an `Expect` it does not know (417). Then the connection is closed.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const response = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    // A response already on its way cannot be followed by another one on the same bytes.
    if (error.code === 'ECONNRESET' || !socket.writable || response?.headersSent) {
      socket.destroy();
      return;
    }
    const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Bad request.'];
    socket.end(rawJsonResponse(status, message), () => socket.destroy());
  });
  server.on('checkExpectation', (req, res) => {
    const body = JSON.stringify({
      message: `Expectation failed: only "100-continue" is understood, not "${req.headers.expect}".`,
    });
    res.writeHead(417, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'access-control-allow-origin': '*',
      connection: 'close',
    });
    res.end(body);
  });
}

const CLIENT_ERRORS: Readonly<Record<string, [number, string]>> = {
  HPE_HEADER_OVERFLOW: [431, 'Request header fields too large.'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Chunk extensions too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request timeout.'],
};

const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  500: 'Internal Server Error',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
};

/** A whole HTTP/1.1 response with a JSON `{"message"}` body, for a socket with no response. */
export function rawJsonResponse(status: number, message: string): string {
  const body = JSON.stringify({ message });
  return [
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}`,
    'content-type: application/json',
    `content-length: ${Buffer.byteLength(body)}`,
    'access-control-allow-origin: *',
    'connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * A request handler that cannot throw out: an exception is logged as the bug it is and
 * answered with a JSON 500 (or the connection ended, when the answer had begun), and the
 * server goes on serving. For synchronous handlers; the mock's async pipeline has its own catch.
 */
export function guardRequest(
  name: string,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    try {
      handler(req, res);
    } catch (error) {
      console.error(`${name}: internal error while answering a request:`, error);
      if (res.headersSent) res.destroy();
      else {
        res.writeHead(500, { 'content-type': 'application/json', connection: 'close' });
        res.end(JSON.stringify({ message: 'Server Error' }));
      }
    }
  };
}

/** The same for an `upgrade` handler, which owns a raw socket. */
export function guardUpgrade(
  name: string,
  handler: (req: IncomingMessage, socket: Duplex, head: Buffer) => void,
): (req: IncomingMessage, socket: Duplex, head: Buffer) => void {
  return (req, socket, head) => {
    try {
      handler(req, socket, head);
    } catch (error) {
      console.error(`${name}: internal error while upgrading a connection:`, error);
      if (socket.writable) socket.end(rawJsonResponse(500, 'Server Error'), () => socket.destroy());
      else socket.destroy();
    }
  };
}
