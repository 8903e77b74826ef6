import { operationName } from '../scenario/settings.js';
import type { IncomingMessage } from 'node:http';
import type { Violation } from '../../core/contract/types.js';
import { MAX_BODY_BYTES, sendsBody } from '../../core/engine/http.js';
import { messageReply, prepare } from '../respond/reply.js';
import { collect, replay } from './body.js';
import type { Exchange } from './types.js';
import { upstreamErrorReply } from './problems.js';
import { checkRequest, readRequestBody } from './request-checks.js';
import { answer } from './respond.js';
import { asUpstreamError, forward, type UpstreamError } from './upstream.js';
import { answerWithMock, sendPrepared } from './send.js';

/**
 * Checks the request, forwards it (its body streamed, a copy kept for the checks and the
 * mock), checks the answer (respond.ts) and passes it on. `--proxy-strict` reads the body
 * first, so that a request the document refuses never reaches the backend.
 */
export function exchange(init: Omit<Exchange, 'started' | 'violations' | 'source'>): void {
  const ex: Exchange = { ...init, started: performance.now(), violations: [], source: 'backend' };
  if (ex.matched.unmatched) ex.violations.push(ex.matched.unmatched);
  ex.res.once('close', () => finish(ex));
  // A client that goes away mid-upload: the request to the backend goes too.
  ex.req.on('error', () => ex.outgoing?.destroy());
  // Chaos applies to the proxy as to the mock: this share of requests never reaches the backend.
  if (ex.matched.checks && ex.settings.fails()) {
    ex.source = 'mock';
    ex.note = `failed on purpose (--fail-rate, ${ex.settings.failMode})`;
    ex.req.resume();
    if (ex.settings.failMode === 'reset') {
      ex.req.socket.destroy();
      return;
    }
    sendPrepared(ex, prepare({ status: 500, body: { message: 'Server Error' } }));
    return;
  }
  const run = ex.proxy.strict && ex.matched.checks ? strictly(ex) : streaming(ex);
  run.catch((error: unknown) => {
    console.error('apidoc mock --proxy: internal error while answering a request:', error);
    if (ex.res.headersSent) ex.res.destroy();
    else sendPrepared(ex, prepare({ status: 500, body: { message: 'Server Error' } }));
  });
}

async function streaming(ex: Exchange): Promise<void> {
  const { req, matched } = ex;
  const sent = send(ex);
  if (!sent) return;
  const { outgoing, response } = sent;
  let checked: Promise<Violation[]>;
  if (sendsBody(req)) {
    ex.body = collect(req, MAX_BODY_BYTES).done;
    req.pipe(outgoing);
    checked = ex.body.then((raw) => checkCollected(ex, raw));
  } else {
    req.resume();
    outgoing.end();
    ex.body = Promise.resolve(Buffer.alloc(0));
    checked = Promise.resolve(checkCollected(ex, Buffer.alloc(0)));
  }
  const upstream = await received(ex, response);
  if (!upstream) return;
  // A backend may answer before the upload is over (a 413): then the body goes unchecked.
  if (req.complete) ex.violations.push(...(await checked));
  else if (matched.checks?.request.hasBody)
    ex.note = 'request body not checked: answered before it was complete';
  await answer(ex, upstream);
}

async function strictly(ex: Exchange): Promise<void> {
  const raw = sendsBody(ex.req) ? await collect(ex.req, MAX_BODY_BYTES).done : Buffer.alloc(0);
  ex.body = Promise.resolve(raw);
  if (raw === undefined) {
    ex.source = 'mock';
    const tooLarge = `The request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB.`;
    return sendPrepared(ex, prepare(messageReply(413, tooLarge)));
  }
  const found = await checkCollected(ex, raw);
  if (found.length > 0) {
    ex.violations.push(...found);
    return answerWithMock(ex);
  }
  const sent = send(ex);
  if (!sent) return;
  sent.outgoing.end(raw);
  const upstream = await received(ex, sent.response);
  if (upstream) await answer(ex, upstream);
}

/** The request's checks, once its body is in (undefined: past the limit, not checked). */
async function checkCollected(ex: Exchange, raw: Buffer | undefined): Promise<Violation[]> {
  const { checks, target, params } = ex.matched;
  if (!checks || !target) return [];
  if (raw === undefined) {
    ex.note = `request body not checked: larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB`;
    return [];
  }
  if (!checks.request.hasBody) return checkRequest(checks.request, ex.req.headers, target, params);
  const read = await readRequestBody(checks.request, replay(ex.req, raw));
  if ('violation' in read) return [read.violation];
  return checkRequest(checks.request, ex.req.headers, target, params, read);
}

/**
 * Opens the request to the backend. `node:http`'s client refuses some targets and header values
 * its server lets in; such a request is answered with a 400 rather than thrown.
 */
function send(ex: Exchange): ReturnType<typeof forward> | undefined {
  try {
    const sent = forward(ex.proxy.upstream, ex.req, forwardPath(ex));
    ex.outgoing = sent.outgoing;
    return sent;
  } catch (error) {
    ex.req.resume();
    const why = `The request cannot be forwarded: ${(error as Error).message}`;
    sendPrepared(ex, prepare(messageReply(400, why)));
    return undefined;
  }
}

/** The backend's response head, or the 502/504 the client gets instead. */
async function received(
  ex: Exchange,
  response: Promise<IncomingMessage>,
): Promise<IncomingMessage | undefined> {
  try {
    const upstream = await response;
    ex.upstream = upstream;
    // Once the client has its head, a break in the body can only cut its connection too.
    upstream.on('error', () => {
      if (ex.res.headersSent) ex.res.destroy();
    });
    return upstream;
  } catch (error) {
    ex.req.unpipe();
    ex.req.resume();
    sendPrepared(
      ex,
      upstreamErrorReply(asUpstreamError(ex.proxy.upstream, error as UpstreamError)),
    );
    return undefined;
  }
}

/** The target as sent, in origin form: `/api/users?page=2`. */
function forwardPath(ex: Exchange): string {
  const url = ex.req.url ?? '/';
  if (url.startsWith('/')) return url;
  const target = ex.matched.target;
  return target ? target.pathname + target.search : `/${url}`;
}

/** Once the response is out (or the client gone): the log line, and nothing left open. */
function finish(ex: Exchange): void {
  if (!ex.res.writableFinished) {
    ex.outgoing?.destroy();
    ex.upstream?.destroy();
  }
  ex.options.onRequest?.({
    method: ex.req.method ?? 'GET',
    url: ex.req.url ?? '/',
    status: ex.res.statusCode,
    ms: performance.now() - ex.started,
    violations: ex.violations,
    source: ex.source,
    ...(ex.matched.checks ? { operation: operationName(ex.matched.checks.entry) } : {}),
    ...(ex.note ? { note: ex.note } : {}),
  });
}
