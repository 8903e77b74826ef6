import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import type { IncomingMessage } from 'node:http';
import type { HeadVerdict } from '../../core/contract/check.js';
import type { Exchange } from './types.js';
import { upstreamErrorReply, violationProblem } from './problems.js';
import { checkBody } from './large-body.js';
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
  const decoded = await decode(Buffer.concat(read.chunks), upstream.headers['content-encoding']);
  if (typeof decoded === 'string') {
    // Passed on as it came: what could not be decoded could not be checked either.
    ex.violations.push(...head.violations);
    ex.note = `response body not checked: ${decoded}`;
    return sendUpstream(ex, upstream, read.chunks);
  }
  const payload = decoded;
  if (unrouted && isUnrouted(status, payload, matched.checks!.entry.operation)) {
    return answerWithMock(ex);
  }
  // A large body is checked in a worker thread, while this one serves other requests.
  const body = await checkBody(matched.checks!.doc, head, payload);
  if (body.note) ex.note = body.note;
  const found = [...head.violations, ...body.violations];
  if (proxy.strict && found.length > 0) return refuse(ex, status, found);
  ex.violations.push(...found);
  sendUpstream(ex, upstream, read.chunks);
}

const DECODERS: Record<string, (buffer: Buffer, options: ZlibOptions) => Promise<Buffer>> = {
  gzip: promisify<Buffer, ZlibOptions, Buffer>(gunzip),
  'x-gzip': promisify<Buffer, ZlibOptions, Buffer>(gunzip),
  deflate: promisify<Buffer, ZlibOptions, Buffer>(inflate),
  br: promisify<Buffer, BrotliOptions, Buffer>(brotliDecompress),
};

/**
 * The body as the document describes it: `Content-Encoding` (gzip, deflate, br, or several)
 * undone, in zlib's thread pool, to at most the size checked. A string says why it cannot be.
 */
async function decode(body: Buffer, encoding: string | undefined): Promise<Buffer | string> {
  if (encoding === undefined || body.length === 0) return body;
  const codings = encoding
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity')
    .reverse();
  let out = body;
  for (const coding of codings) {
    const decoder = DECODERS[coding];
    if (!decoder) return `Content-Encoding ${coding} is not one the proxy decodes`;
    try {
      out = await decoder(out, { maxOutputLength: MAX_CHECKED_RESPONSE_BYTES });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return code === 'ERR_BUFFER_TOO_LARGE'
        ? `larger than ${MAX_CHECKED_RESPONSE_BYTES / 1024 / 1024} MiB once decoded`
        : `its ${coding} encoding is broken`;
    }
  }
  return out;
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
    let settled = false;
    let lastData = performance.now();
    const arm = (ms: number) => {
      timer = setTimeout(() => {
        // After the I/O already waiting (see `forward`): data that came meanwhile re-arms it.
        setImmediate(() => {
          if (settled) return;
          const left = ex.proxy.upstream.timeout - (performance.now() - lastData);
          if (left > 1) return arm(left);
          stream.destroy(new UpstreamError(504, timedOut(ex.proxy.upstream)));
        });
      }, ms);
    };
    const stall = () => {
      lastData = performance.now();
      if (timer === undefined) arm(ex.proxy.upstream.timeout);
    };
    const done = (value: { whole: boolean; chunks: Buffer[] } | undefined) => {
      settled = true;
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
