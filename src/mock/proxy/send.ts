import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { withOriginHeaders } from '../respond/cors.js';
import type { PreparedReply } from '../respond/reply.js';
import { replay } from './body.js';
import type { Exchange } from './types.js';
import {
  endToEndHeaders,
  exposeToScripts,
  SOURCE_HEADER,
  VIOLATIONS_HEADER,
  violationsHeader,
} from './headers.js';

/**
 * An answer of the proxy's own (the mock's, an error): written as the mock writes its replies,
 * CORS included, with the violations found and who answered.
 */
export function sendPrepared(ex: Exchange, reply: PreparedReply): void {
  const headers = withOriginHeaders(reply.headers, ex.req.headers.origin);
  headers.push(SOURCE_HEADER, 'mock');
  exposeToScripts(headers, SOURCE_HEADER);
  addOwnHeaders(ex, headers);
  later(ex, () => {
    ex.res.writeHead(reply.status, headers);
    ex.res.end(ex.req.method === 'HEAD' ? undefined : reply.payload);
  });
}

/**
 * The backend's answer as it came (status, headers less the hop-by-hop ones, body), with the
 * violations header. `payload` is what was read of the body; the rest, if any, is piped.
 */
export function sendUpstream(
  ex: Exchange,
  upstream: IncomingMessage,
  payload: Buffer[] | undefined,
  rest?: Readable,
): void {
  const headers = endToEndHeaders(upstream.rawHeaders, upstream.headers);
  addOwnHeaders(ex, headers);
  // A backend that breaks off mid-body: the client's connection is cut too, as it would be.
  rest?.on('error', () => ex.res.destroy());
  later(ex, () => {
    ex.res.writeHead(upstream.statusCode ?? 502, upstream.statusMessage, headers);
    if (!rest) {
      // Head and body in one write: on loopback each write costs as much as the rest of a request.
      const whole = payload && payload.length > 1 ? Buffer.concat(payload) : payload?.[0];
      ex.res.end(whole);
      return;
    }
    for (const chunk of payload ?? []) ex.res.write(chunk);
    // `--proxy-timeout` between the bytes of a piped body too: a backend that stalls mid-body
    // has the client's connection cut rather than held open.
    let timer: NodeJS.Timeout | undefined;
    const stall = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        rest.destroy();
        ex.res.destroy();
      }, ex.proxy.upstream.timeout);
    };
    rest.on('data', stall);
    rest.once('end', () => clearTimeout(timer));
    rest.once('close', () => clearTimeout(timer));
    ex.res.once('close', () => clearTimeout(timer));
    ex.res.on('drain', stall);
    stall();
    rest.pipe(ex.res);
  });
}

function addOwnHeaders(ex: Exchange, headers: string[]): void {
  if (ex.violations.length > 0) {
    headers.push(VIOLATIONS_HEADER, violationsHeader(ex.violations));
    exposeToScripts(headers, VIOLATIONS_HEADER);
  }
  // While shutting down, a kept-alive connection is closed once its response is out.
  if (ex.closing()) headers.push('connection', 'close');
}

/** `--delay` holds every answer, the backend's too. */
function later(ex: Exchange, write: () => void): void {
  const guarded = () => {
    try {
      write();
    } catch (error) {
      console.error('apidoc mock --proxy: internal error while sending a response:', error);
      ex.res.destroy();
    }
  };
  const delay = ex.settings.delayFor(ex.matched.checks?.entry);
  if (delay > 0) setTimeout(guarded, delay);
  else guarded();
}

/** The mock answers, from a replay of the request: a fallback, or a request refused (strict). */
export async function answerWithMock(ex: Exchange): Promise<void> {
  const raw = await ex.body;
  ex.source = 'mock';
  const reply = await ex.fallback(replay(ex.req, raw));
  sendPrepared(ex, reply);
}
