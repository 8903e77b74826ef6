import type { IncomingMessage } from 'node:http';
import {
  HttpError,
  isJsonMediaType,
  mediaTypeOf,
  parseFormFields,
  readBody,
} from '../../core/engine/http.js';
import type { FieldsResult } from '../../core/engine/input-fields.js';
import { parseJson } from '../../core/engine/json-body.js';
import { parseMultipart } from './multipart.js';
import type { OperationPlan } from '../plan.js';
import { messageReply, type Reply } from '../respond/reply.js';

/** The body as the validator takes it, or the reply a body that cannot be read gets. */
export type ParsedBody = { body: unknown } | { reply: Reply };

/**
 * The request body as the validator takes it: JSON parsed, a form or multipart body read into
 * fields (see http.ts, multipart.ts), any other declared type as text. A body that cannot be
 * read is answered (400, 413, 415) instead. `done` is called once, when the body has arrived.
 */
export function parseBody(
  req: IncomingMessage,
  mediaType: string | undefined,
  plan: Pick<OperationPlan, 'bodyTypes'>,
  done: (parsed: ParsedBody) => void,
): void {
  readBody(req, (raw) => {
    done(
      raw instanceof HttpError
        ? { reply: messageReply(raw.status, raw.message) }
        : readParsed(raw, req, mediaType, plan),
    );
  });
}

function readParsed(
  raw: Buffer,
  req: IncomingMessage,
  mediaType: string | undefined,
  plan: Pick<OperationPlan, 'bodyTypes'>,
): ParsedBody {
  if (raw.length === 0) return { body: undefined };
  if (mediaType === undefined || isJsonMediaType(mediaType)) {
    const json = parseJson(raw);
    if ('error' in json) return { reply: messageReply(400, `Malformed JSON body: ${json.error}`) };
    return { body: json.value };
  }
  if (mediaType === 'application/x-www-form-urlencoded') {
    return fieldsBody(parseFormFields(raw.toString('utf8')));
  }
  if (mediaType === 'multipart/form-data') {
    const fields = parseMultipart(raw, req.headers['content-type']);
    if (fields) return fieldsBody(fields);
    return { reply: messageReply(400, 'Malformed multipart body: no boundary or no closing one.') };
  }
  const text = raw.toString('utf8');
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

/** Fields past PHP's `max_input_vars` or `max_input_nesting_level`: a 400 with PHP's message. */
function fieldsBody(read: FieldsResult): ParsedBody {
  return 'fields' in read ? { body: read.fields } : { reply: messageReply(400, read.error) };
}
