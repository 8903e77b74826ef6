import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { endToEndHeaders } from './headers.js';

/** The backend, and the connections kept open to it. */
export interface Upstream {
  url: URL;
  /** The target's path without its trailing slash, prefixed to every request's. */
  basePath: string;
  /** `Host` as the backend expects it. */
  host: string;
  timeout: number;
  agent: http.Agent;
  request: typeof http.request;
}

/** Why the backend gave no answer: the status and message the client gets instead. */
export class UpstreamError extends Error {
  constructor(
    readonly status: 502 | 504,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Connections to the backend are kept alive and reused (a new TCP connection per request
 * would cost more than the checks); `lifo` hands out the warmest one.
 */
export function createUpstream(target: URL, timeout: number): Upstream {
  const secure = target.protocol === 'https:';
  const options = { keepAlive: true, maxFreeSockets: 256, scheduling: 'lifo' as const };
  return {
    url: target,
    basePath: target.pathname.replace(/\/+$/, ''),
    host: target.host,
    timeout,
    agent: secure ? new https.Agent(options) : new http.Agent(options),
    request: secure ? https.request : http.request,
  };
}

/**
 * Sends a request on to the backend: the same method, target and headers (less the hop-by-hop
 * ones, with `Host` the backend's). The caller writes the body. Resolves with the response
 * head, or rejects with an UpstreamError (a 504 when it has not come `timeout` ms after the
 * request was sent whole).
 */
export function forward(
  upstream: Upstream,
  req: IncomingMessage,
  path: string,
): { outgoing: ClientRequest; response: Promise<IncomingMessage> } {
  const headers = endToEndHeaders(req.rawHeaders, req.headers);
  headers.push('Host', upstream.host);
  const outgoing = upstream.request({
    protocol: upstream.url.protocol,
    hostname: upstream.url.hostname.replace(/^\[|\]$/g, ''),
    port: upstream.url.port,
    method: req.method,
    path: upstream.basePath + path,
    headers,
    agent: upstream.agent,
    setHost: false,
  });
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    // The backend's time starts once it has the whole request: an upload takes what it takes.
    let timer: NodeJS.Timeout | undefined;
    let answered = false;
    outgoing.once('finish', () => {
      timer = setTimeout(() => {
        // After the I/O already waiting: a loop held up by other work (checking a large body)
        // must not time out an answer that has arrived meanwhile.
        setImmediate(() => {
          if (!answered) outgoing.destroy(new UpstreamError(504, timedOut(upstream)));
        });
      }, upstream.timeout);
    });
    outgoing.once('response', (res) => {
      answered = true;
      clearTimeout(timer);
      resolve(res);
    });
    // Later errors (the connection breaking after the head) settle nothing, but must be heard.
    outgoing.on('error', (error) => {
      clearTimeout(timer);
      reject(asUpstreamError(upstream, error));
    });
  });
  return { outgoing, response };
}

export function timedOut(upstream: Upstream): string {
  return `The backend at ${upstream.url.origin} did not answer within ${upstream.timeout} ms.`;
}

/** A network error in words a developer acts on. */
export function asUpstreamError(upstream: Upstream, error: unknown): UpstreamError {
  if (error instanceof UpstreamError) return error;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const at = `The backend at ${upstream.url.origin}`;
  switch (code) {
    case 'ECONNREFUSED':
      return new UpstreamError(502, `${at} refused the connection (ECONNREFUSED): is it running?`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new UpstreamError(502, `${at} could not be found (${code}).`);
    case 'ETIMEDOUT':
      return new UpstreamError(504, timedOut(upstream));
    default:
      if (code.startsWith('HPE_')) {
        return new UpstreamError(502, `${at} sent a response that is not valid HTTP (${code}).`);
      }
      return new UpstreamError(
        502,
        `${at} closed the connection without a complete answer (${code || (error as Error).message}).`,
      );
  }
}
