import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Violation } from '../../core/contract/types.js';
import { mediaTypeOf, parseCookies } from '../../core/engine/http.js';
import type { OperationEntry } from '../../core/engine/operations.js';
import { compileBody } from '../../core/engine/validate/body.js';
import { compileParameter, mergeParameters } from '../../core/engine/validate/parameters.js';
import type { Check, ValidationErrors } from '../../core/engine/validate/types.js';
import { deref } from '../../core/refs.js';
import type { OpenApiDocument, RequestBodyObject } from '../../core/types.js';
import { parseBody, type ParsedBody } from '../validate/read-body.js';

/** One operation's request checks, each knowing where it looks (query, header, body, ...). */
export interface RequestChecks {
  parameters: { in: string; check: Check }[];
  body: Check | undefined;
  /** Whether a body is declared, and its media types (lower-cased), as the mock reads it. */
  hasBody: boolean;
  bodyTypes: string[];
}

export function compileRequestChecks(doc: OpenApiDocument, entry: OperationEntry): RequestChecks {
  const params = mergeParameters(doc, entry.pathItem, entry.operation);
  const requestBody = deref<RequestBodyObject>(doc, entry.operation.requestBody);
  return {
    parameters: params.map((p) => ({ in: p.in, check: compileParameter(doc, p, params) })),
    body: compileBody(doc, entry.operation),
    hasBody: requestBody !== undefined,
    bodyTypes: Object.keys(requestBody?.content ?? {}).map((t) => t.toLowerCase()),
  };
}

/** A request body as the checks read it, or why it cannot be read (a violation). */
export type ReadBody = { body: unknown; mediaType: string | undefined } | { violation: Violation };

/**
 * The body the mock would read from this request (JSON parsed, forms into fields), from a
 * replay of it; a body it would refuse (malformed JSON, an undeclared media type) is a violation.
 */
export async function readRequestBody(
  checks: RequestChecks,
  replayed: IncomingMessage,
): Promise<ReadBody> {
  const mediaType = mediaTypeOf(replayed.headers['content-type']);
  const parsed = await new Promise<ParsedBody>((resolve) =>
    parseBody(replayed, mediaType, checks, resolve),
  );
  if ('reply' in parsed) {
    const message = (parsed.reply.body as { message?: string } | undefined)?.message ?? '';
    return { violation: { location: '/request/body', message } };
  }
  return { body: parsed.body, mediaType };
}

/**
 * The request judged as the mock judges it (parameters coerced from text, the body as sent),
 * its failures as violations under `/request/<in>/...` with Laravel's messages.
 */
export function checkRequest(
  checks: RequestChecks,
  headers: IncomingHttpHeaders,
  target: URL,
  params: Record<string, string>,
  read: { body: unknown; mediaType: string | undefined } = {
    body: undefined,
    mediaType: undefined,
  },
): Violation[] {
  const input = {
    path: params,
    query: target.searchParams,
    headers,
    cookies: parseCookies(headers.cookie),
    ...read,
  };
  const out: Violation[] = [];
  for (const { in: where, check } of checks.parameters) {
    out.push(...located(`/request/${where}`, check(input)));
  }
  if (checks.body) out.push(...located('/request/body', checks.body(input)));
  return out;
}

/** `items.0.name` → `/request/body/items/0/name`; a parameter's key is its name. */
function located(prefix: string, errors: ValidationErrors | null): Violation[] {
  if (!errors) return [];
  return Object.entries(errors).flatMap(([field, messages]) => {
    const path = field === '' ? '' : '/' + field.split('.').map(escape).join('/');
    return messages.map((message) => ({ location: prefix + path, message }));
  });
}

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
