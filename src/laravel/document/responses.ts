import type { MediaTypeObject, Reference, ResponseObject, SchemaObject } from '../../core/types.js';
import type { TypedReturn } from '../infer/engine.js';
import { members, typeKey, type Type } from '../infer/type.js';
import type { Validation } from '../requests/rules.js';
import { resourceBody } from '../resources/response.js';
import type { Assembly } from './context.js';
import { unionSchema } from './literal.js';

export interface ResponseInput {
  /** What the handler's returns are, typed; undefined without a handler to read. */
  returns?: TypedReturn[];
  /** Error statuses the handler raises (`abort(403)`, `findOrFail`, ...). */
  statuses: readonly number[];
  validation?: Validation;
  secured: boolean;
  forbids: boolean;
  bound: boolean;
  /** Rate-limited by `throttle` middleware: 429 with Laravel's headers. */
  throttled: boolean;
  /** The HTTP method: a `GET` never answers 201. */
  method: string;
}

/** Why the success response could not be inferred, and where (for a warning). */
export interface NotInferred {
  line?: number;
  reason: string;
}

/** Laravel's messages for the errors the generator documents. */
const ERROR_MESSAGES: Record<number, { name: string; description: string; message: string }> = {
  400: { name: 'BadRequest', description: 'Bad request', message: 'Bad request.' },
  401: { name: 'Unauthenticated', description: 'Unauthenticated', message: 'Unauthenticated.' },
  403: {
    name: 'Forbidden',
    description: 'This action is unauthorized',
    message: 'This action is unauthorized.',
  },
  404: { name: 'NotFound', description: 'Not found', message: 'No query results for model.' },
  409: { name: 'Conflict', description: 'Conflict', message: 'Conflict.' },
  429: { name: 'TooManyRequests', description: 'Too many requests', message: 'Too Many Attempts.' },
};

/** One answer a return gives: a status, and its body (none: no content). */
interface Answer {
  status: number;
  body?: Type;
  /** The body is a resource sent as its own response: Laravel wraps it. */
  wrap?: boolean;
  media?: string;
  line: number;
  /** From a returned `null`. */
  null?: true;
}

/**
 * Every response of an operation: each return's status and body (201 for a model created in
 * the request, 204 for `noContent()`), then 401/403 from auth, 404 from model binding and
 * `*OrFail`, 422 from validation (with an example of Laravel's messages), `abort()` statuses.
 * A return that cannot be inferred does not hide the ones that can; when none can, the
 * response says why.
 */
export function responses(
  input: ResponseInput,
  asm: Assembly,
): { responses: Record<string, ResponseObject | Reference>; notInferred?: NotInferred } {
  const out: Record<string, ResponseObject | Reference> = {};
  const answers = withoutFallThrough(
    (input.returns ?? []).flatMap((r) => answersOf(r.type, r.line, input.method)),
  );
  if (!input.returns)
    answers.push({ status: 200, body: { kind: 'unknown', reason: 'no handler' }, line: 0 });
  const byStatus = new Map<number, Answer[]>();
  for (const a of answers) byStatus.set(a.status, [...(byStatus.get(a.status) ?? []), a]);
  let notInferred: NotInferred | undefined;
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const withBody = list.filter((a) => a.body);
    const known = withBody.filter((a) => !isUnknownBody(a.body!));
    if (withBody.length === 0) {
      out[status] = { description: describe(status) };
      continue;
    }
    if (known.length === 0 && isJson(list.find((a) => a.media)?.media ?? 'application/json')) {
      const first = withBody[0]!;
      const reason = unknownReason(first.body!);
      if (status < 300 && !notInferred && input.returns) notInferred = { line: first.line, reason };
      out[status] = {
        description: `${describe(status)} (not inferred: ${reason})`,
        content: { 'application/json': { schema: {} } },
      };
      continue;
    }
    const media = list.find((a) => a.media)?.media ?? 'application/json';
    if (!isJson(media)) {
      // A file, a CSV, a page: its bytes, whatever the code builds them from.
      out[status] = jsonResponse(describe(status), textSchema(media), undefined, media);
      continue;
    }
    const schemas = dedupe(known).map((a) => bodySchema(a, asm));
    out[status] = jsonResponse(describe(status), unionSchema(schemas), undefined, media);
  }
  if (Object.keys(out).length === 0) out[200] = { description: describe(200) };
  const errors = new Set(input.statuses);
  if (input.secured) errors.add(401);
  if (input.secured || input.forbids || input.validation?.mayForbid) errors.add(403);
  if (input.bound) errors.add(404);
  if (input.throttled) errors.add(429);
  if (input.validation && Object.keys(input.validation.rules).length > 0) errors.add(422);
  for (const status of [...errors].sort((a, b) => a - b)) {
    if (out[status]) continue;
    out[status] =
      status === 422
        ? validationResponse(input.validation, asm)
        : status === 429 && input.throttled
          ? throttledResponse(asm)
          : errorResponse(status, asm);
  }
  const sorted = Object.fromEntries(Object.entries(out).sort(([a], [b]) => Number(a) - Number(b)));
  return notInferred ? { responses: sorted, notInferred } : { responses: sorted };
}

/**
 * What a returned value answers. Laravel sends 201 for a model created in this request
 * (`wasRecentlyCreated`), returned as is or in a resource; never for a `GET`.
 * @see https://github.com/laravel/framework/blob/8.x/src/Illuminate/Routing/Router.php (toResponse)
 */
function answersOf(type: Type, line: number, method: string): Answer[] {
  const readOnly = method === 'get' || method === 'head';
  const created = (t: Type): ('yes' | 'maybe' | undefined)[] =>
    members(t).map((m) =>
      m.kind === 'model' && (m.created === 'yes' || m.created === 'maybe') ? m.created : undefined,
    );
  const statuses = (t: Type): number[] => {
    if (readOnly) return [200];
    const flags = created(t);
    if (flags.includes('yes') && flags.every((f) => f !== undefined)) return [201];
    if (flags.some((f) => f !== undefined)) return [200, 201];
    return [200];
  };
  return members(type).flatMap((t): Answer[] => {
    switch (t.kind) {
      case 'never':
        return [];
      case 'response': {
        const status = readOnly && t.status === 201 ? 200 : (t.status ?? 200);
        const answer: Answer = { status, line };
        if (t.body) answer.body = t.body;
        if (t.wrap) answer.wrap = true;
        if (t.media) answer.media = t.media;
        return [answer];
      }
      case 'resource':
        return statuses(t.collection ? { kind: 'null' } : t.data).map((status) => ({
          status,
          body: t,
          wrap: true,
          line,
        }));
      case 'model':
        return statuses(t).map((status) => ({ status, body: t, line }));
      case 'file':
        return [{ status: 200, body: t, media: t.media ?? 'application/octet-stream', line }];
      case 'null':
        return [{ status: 200, line, null: true }];
      default:
        return [{ status: 200, body: t, line }];
    }
  });
}

/**
 * A bare `null` (a path that returns nothing, the end of a `switch` over every case) beside
 * successful answers with a body is not an answer a client meets: it is left out.
 */
function withoutFallThrough(answers: Answer[]): Answer[] {
  const isNull = (a: Answer) => a.status === 200 && !a.body && a.null === true;
  const others = answers.some((a) => !isNull(a) && a.status < 300 && a.body);
  return others ? answers.filter((a) => !isNull(a)) : answers;
}

function isJson(media: string): boolean {
  return /[/+]json$/i.test(media);
}

/** A body that is not JSON: text for `text/*`, bytes otherwise. */
function textSchema(media: string): SchemaObject {
  return /^text\//i.test(media) ? { type: 'string' } : { type: 'string', format: 'binary' };
}

function isUnknownBody(type: Type): boolean {
  return members(type).every((t) => t.kind === 'unknown');
}

/** Why a body is unknown, in words: what could not be typed. */
function unknownReason(type: Type): string {
  const found = members(type).find((t) => t.kind === 'unknown' && t.reason);
  const reason = found?.kind === 'unknown' ? found.reason : undefined;
  if (!reason) return 'the returned value could not be typed';
  if (reason === 'no handler') return 'no handler to read';
  return /^(->|\$|[\w\\]+::|[\w\\]+\(|\[)/.test(reason)
    ? `what \`${reason}\` gives could not be typed`
    : `${reason} could not be typed`;
}

function dedupe(answers: Answer[]): Answer[] {
  const seen = new Set<string>();
  return answers.filter((a) => {
    const key = `${a.wrap ? 'w' : ''}${typeKey(a.body!)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function bodySchema(answer: Answer, asm: Assembly): SchemaObject {
  const { emitter, resources, components } = asm;
  const body = answer.body!;
  if (answer.wrap) {
    const parts = members(body).map((t) =>
      t.kind === 'resource' && resources.isResource(t.class)
        ? resourceBody(t, resources, emitter, components)
        : emitter.schema(t),
    );
    return unionSchema(parts);
  }
  return emitter.schema(body);
}

function jsonResponse(
  description: string,
  schema: SchemaObject,
  example?: unknown,
  media = 'application/json',
): ResponseObject {
  const content: MediaTypeObject = { schema };
  if (example !== undefined) content.example = example;
  return { description, content: { [media]: content } };
}

function messageSchema(message: string): SchemaObject {
  return {
    type: 'object',
    required: ['message'],
    properties: { message: { type: 'string', example: message } },
  };
}

function errorResponse(status: number, asm: Assembly): ResponseObject | Reference {
  const known = ERROR_MESSAGES[status];
  if (!known) return jsonResponse(describe(status), messageSchema(describe(status)));
  return asm.components.response(known.name, () =>
    jsonResponse(known.description, messageSchema(known.message)),
  );
}

/**
 * 429 from `throttle` middleware: Laravel's message, and the headers `ThrottleRequests` sends
 * with it (seconds until a retry, the limit, what is left of it, when it resets).
 * @see https://github.com/laravel/framework/blob/8.x/src/Illuminate/Routing/Middleware/ThrottleRequests.php
 */
function throttledResponse(asm: Assembly): Reference {
  const integer = (description: string) => ({ description, schema: { type: 'integer' as const } });
  return asm.components.response('TooManyAttempts', () => ({
    ...jsonResponse(
      'Too many requests: the rate limit is used up',
      messageSchema('Too Many Attempts.'),
    ),
    headers: {
      'Retry-After': integer('Seconds until a request is allowed again'),
      'X-RateLimit-Limit': integer('Requests allowed per period'),
      'X-RateLimit-Remaining': integer('Requests left in this period (0)'),
      'X-RateLimit-Reset': integer('When the limit resets, as a Unix timestamp'),
    },
  }));
}

/** 422 with the mock's (and Laravel's) validation body; the example names this operation's fields. */
function validationResponse(validation: Validation | undefined, asm: Assembly): ResponseObject {
  const schema = asm.components.fixed('ValidationError', () => ({
    type: 'object',
    required: ['message', 'errors'],
    properties: {
      message: { type: 'string', example: 'The given data was invalid.' },
      errors: {
        type: 'object',
        additionalProperties: { type: 'array', items: { type: 'string' } },
      },
    },
  }));
  const example = validation ? asm.rules.example(validation) : undefined;
  return jsonResponse('Validation error', schema, example);
}

const DESCRIPTIONS: Record<number, string> = {
  200: 'Successful response',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  400: 'Bad request',
  409: 'Conflict',
  422: 'Validation error',
};

function describe(status: number): string {
  return DESCRIPTIONS[status] ?? (status < 400 ? 'Successful response' : 'Error');
}
