import type { IncomingMessage } from 'node:http';
import type { HeadVerdict } from '../../core/contract/check.js';
import type { Exchange } from './types.js';
import { upstreamErrorReply, violationProblem } from './problems.js';
import { answerWithMock, sendPrepared, sendUpstream } from './send.js';
import { isUnrouted, MAYBE_UNROUTED } from './unrouted.js';
import { asUpstreamError, timedOut, UpstreamError } from './upstream.js';

/** Response bodies up to this size are read whole and checked; larger ones pass unchecked. */
export const MAX_CHECKED_RESPONSE_BYTES = 16 * 1024 * 1024;

/**
 * The backend's answer, judged: its head at once, its body when the document gives it a schema
 * (or when it may say "not routed", for the fallback). What needs no reading (a stream, a
 * download) is piped through as it comes.
 */
export async function answer(ex: Exchange, upstream: IncomingMessage): Promise<void> {
  const { matched, proxy } = ex;
  const status = upstream.statusCode ?? 502;
  const head: HeadVerdict = matched.checks
    ? matched.checks.response.head(ex.req.method ?? 'GET', status, upstream.headers)
    : { violations: [] };
  const unrouted = proxy.fallback && matched.checks !== undefined && MAYBE_UNROUTED.has(status);
  if (!unrouted && proxy.strict && head.violations.length > 0) {
    upstream.resume();
    return refuse(ex, status, head.violations);
  }
  if (!unrouted && !head.body) {
    ex.violations.push(...head.violations);
    return sendUpstream(ex, upstream, undefined, upstream);
  }
  const read = await readUpTo(ex, upstream, MAX_CHECKED_RESPONSE_BYTES);
  if (!read) return;
  if (!read.whole) {
    ex.violations.push(...head.violations);
    ex.note = `response body not checked: larger than ${MAX_CHECKED_RESPONSE_BYTES / 1024 / 1024} MiB`;
    return sendUpstream(ex, upstream, read.chunks, upstream);
  }
  const payload = Buffer.concat(read.chunks);
  if (unrouted && isUnrouted(status, payload, matched.checks!.entry.operation)) {
    return answerWithMock(ex);
  }
  const found = [...head.violations, ...(head.body?.(payload) ?? [])];
  if (proxy.strict && found.length > 0) return refuse(ex, status, found);
  ex.violations.push(...found);
  sendUpstream(ex, upstream, read.chunks);
}

/** `--proxy-strict`: a 502 problem instead of an answer that breaks the document. */
function refuse(ex: Exchange, status: number, found: HeadVerdict['violations']): void {
  ex.violations.push(...found);
  const { method = 'GET', url = '/' } = ex.req;
  const path = ex.matched.target?.pathname ?? url;
  sendPrepared(ex, violationProblem(method, path, status, found));
}

/**
 * Reads a response body up to `limit` bytes: `whole` when it ended within it, else the chunks so
 * far, the stream paused for the caller to pipe on. A backend that stalls longer than the
 * timeout between bytes, or breaks off, gets the client a 504 or 502; undefined then.
 */
function readUpTo(
  ex: Exchange,
  stream: IncomingMessage,
  limit: number,
): Promise<{ whole: boolean; chunks: Buffer[] } | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let timer: NodeJS.Timeout | undefined;
    const stall = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        stream.destroy(new UpstreamError(504, timedOut(ex.proxy.upstream)));
      }, ex.proxy.upstream.timeout);
    };
    const done = (value: { whole: boolean; chunks: Buffer[] } | undefined) => {
      clearTimeout(timer);
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      resolve(value);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size <= limit) return stall();
      stream.pause();
      done({ whole: false, chunks });
    };
    const onEnd = () => done({ whole: true, chunks });
    const onError = (error: Error) => {
      done(undefined);
      sendPrepared(ex, upstreamErrorReply(asUpstreamError(ex.proxy.upstream, error)));
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stall();
  });
}
