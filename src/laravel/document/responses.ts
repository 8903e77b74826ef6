import type { MediaTypeObject, Reference, ResponseObject, SchemaObject } from '../../core/types.js';
import type { HandlerFacts, Produced } from '../facts/types.js';
import type { Validation } from '../requests/rules.js';
import { resourceBody } from '../resources/response.js';
import type { ResourceCatalog } from '../resources/catalog.js';
import type { Assembly } from './context.js';
import { unionSchema } from './literal.js';
import { dataSchema, shapeSchema } from './shape-schema.js';

export interface ResponseInput {
  handler?: HandlerFacts;
  validation?: Validation;
  secured: boolean;
  forbids: boolean;
  bound: boolean;
  /** Rate-limited by `throttle` middleware: 429 with Laravel's headers. */
  throttled: boolean;
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

/**
 * Every response of an operation: what the handler returns (201 for a created model's resource,
 * 204 for `noContent()`), then 401/403 from auth, 404 from model binding and `*OrFail`, 422
 * from validation (with an example of Laravel's messages), and `abort()` statuses.
 */
export function responses(
  input: ResponseInput,
  catalog: ResourceCatalog,
  asm: Assembly,
): Record<string, ResponseObject | Reference> {
  const out: Record<string, ResponseObject | Reference> = {};
  const bodies = new Map<number, SchemaObject[]>();
  const empties = new Set<number>();
  for (const produced of input.handler?.returns ?? []) {
    const status = statusOf(produced);
    if (produced.empty || !produced.body) empties.add(status);
    else
      bodies.set(status, [
        ...(bodies.get(status) ?? []),
        bodySchema(produced, catalog, asm, input.validation?.rules),
      ]);
  }
  if (!input.handler) bodies.set(200, [{}]);
  for (const [status, schemas] of bodies)
    out[status] = jsonResponse(describe(status), unionSchema(schemas));
  for (const status of empties)
    if (!bodies.has(status)) out[status] = { description: describe(status) };
  if (Object.keys(out).length === 0) out[200] = { description: describe(200) };
  const errors = new Set(input.handler?.statuses ?? []);
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
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => Number(a) - Number(b)));
}

/**
 * Laravel answers 201 for a model created in this request (`wasRecentlyCreated`), returned as
 * is or in a resource, whatever the method.
 * @see https://github.com/laravel/framework/blob/8.x/src/Illuminate/Routing/Router.php (toResponse)
 */
function statusOf(produced: Produced): number {
  if (produced.status !== undefined) return produced.status;
  const body = produced.body;
  const single =
    body?.kind === 'resource'
      ? !body.collection
      : body?.kind === 'data'
        ? !body.source.many && !body.source.paginated
        : false;
  const created =
    (body?.kind === 'resource' || body?.kind === 'data') && body.source?.created === true && single;
  return created ? 201 : 200;
}

function bodySchema(
  produced: Produced,
  catalog: ResourceCatalog,
  asm: Assembly,
  rules?: Validation['rules'],
): SchemaObject {
  const body = produced.body!;
  if (body.kind === 'resource' && catalog.isResource(body.className))
    return resourceBody(body, catalog, asm);
  if (body.kind === 'data') return dataSchema(body.source, asm);
  return shapeSchema(body, rules ? { rules } : {}, asm);
}

function jsonResponse(
  description: string,
  schema: SchemaObject,
  example?: unknown,
): ResponseObject {
  const media: MediaTypeObject = { schema };
  if (example !== undefined) media.example = example;
  return { description, content: { 'application/json': media } };
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
