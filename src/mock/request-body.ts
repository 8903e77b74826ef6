import type { IncomingMessage } from 'node:http';
import {
  HttpError,
  isJsonMediaType,
  mediaTypeOf,
  parseFormFields,
  readBody,
} from '../core/engine/http.js';
import { parseMultipart } from './multipart.js';
import type { OperationPlan } from '../core/engine/plan.js';
import { messageReply, type Reply } from './reply.js';

/**
 * The request body as the validator takes it: JSON parsed, a form or multipart body read into
 * fields (see http.ts, multipart.ts), any other declared type as text. A body that cannot be
 * read is answered (400, 413, 415) instead.
 */
export async function parseBody(
  req: IncomingMessage,
  mediaType: string | undefined,
  plan: OperationPlan,
): Promise<{ body: unknown } | { reply: Reply }> {
  let raw: Buffer;
  try {
    raw = await readBody(req);
  } catch (error) {
    if (error instanceof HttpError) return { reply: messageReply(error.status, error.message) };
    throw error;
  }
  if (raw.length === 0) return { body: undefined };
  const text = raw.toString('utf8');
  if (mediaType === undefined || isJsonMediaType(mediaType)) {
    try {
      return { body: JSON.parse(text) };
    } catch (error) {
      return { reply: messageReply(400, `Malformed JSON body: ${(error as Error).message}`) };
    }
  }
  if (mediaType === 'application/x-www-form-urlencoded') return { body: parseFormFields(text) };
  if (mediaType === 'multipart/form-data') {
    const fields = parseMultipart(raw, req.headers['content-type']);
    if (fields) return { body: fields };
    return { reply: messageReply(400, 'Malformed multipart body: no boundary or no closing one.') };
  }
  // Declared keys may carry parameters (`text/plain; charset=utf-8`); a range covers its types.
  const declared = plan.bodyTypes.map((t) => mediaTypeOf(t) ?? t);
  if (declared.some((t) => t === mediaType || t === '*/*' || t.endsWith('/*'))) {
    return { body: text };
  }
  const accepted = plan.bodyTypes.join(', ') || 'application/json';
  return {
    reply: messageReply(
      415,
      `Unsupported content type '${mediaType}'. This endpoint accepts: ${accepted}.`,
    ),
  };
}
