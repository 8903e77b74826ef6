import { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';

/** A body collected as it streams by: whole, or `undefined` past the limit. */
export interface Collected {
  /** Settles when the stream ends (or fails): the bytes, or undefined when past the limit. */
  done: Promise<Buffer | undefined>;
}

/**
 * Keeps a copy of what a stream sends, up to `limit` bytes, without taking it from whoever
 * else reads it (a pipe to the backend, or to the client).
 */
export function collect(stream: Readable, limit: number): Collected {
  const done = new Promise<Buffer | undefined>((resolve) => {
    let chunks: Buffer[] | undefined = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      if (!chunks) return;
      size += chunk.length;
      if (size > limit) chunks = undefined;
      else chunks.push(chunk);
    });
    stream.once('end', () => resolve(chunks && Buffer.concat(chunks)));
    stream.once('error', () => resolve(undefined));
    stream.once('close', () => resolve(undefined));
  });
  return { done };
}

/**
 * The request again, its body from memory: for the checks and the mock, which read a request
 * as a stream, once the original has gone to the backend.
 */
export function replay(
  req: IncomingMessage,
  body: Buffer | undefined,
  headers = req.headers,
): IncomingMessage {
  const copy = new IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  copy.headers = headers;
  copy.rawHeaders = req.rawHeaders;
  if (body && body.length > 0) copy.push(body);
  copy.push(null);
  copy.complete = true;
  return copy;
}
