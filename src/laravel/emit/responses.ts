import type { MediaTypeObject, Reference, ResponseObject, SchemaObject } from '../../core/types.js';
import { members } from '../infer/type.js';
import { resourceBody } from './resource-body.js';
import type { Validation } from '../requests/rules.js';
import type { Assembly } from '../model/context.js';
import { unionSchema } from './literal.js';
import type { Reply, ReplyBody } from '../model/endpoint.js';
import { describe } from '../model/replies.js';
import type { RuleTree } from '../model/inputs.js';
import { validationErrorExample, type ValidationErrorBody } from './validation-example.js';

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

/** An endpoint's replies as OpenAPI responses, by status; shared ones as component `$ref`s. */
export function emitResponses(
  replies: readonly Reply[],
  asm: Assembly,
): Record<string, ResponseObject | Reference> {
  const out: Record<string, ResponseObject | Reference> = {};
  for (const reply of replies) out[reply.status] = emitReply(reply, asm);
  return out;
}

function emitReply(reply: Reply, asm: Assembly): ResponseObject | Reference {
  switch (reply.kind) {
    case 'empty':
      return { description: reply.description };
    case 'unknown':
      return { description: reply.description, content: { 'application/json': { schema: {} } } };
    case 'bytes':
      return jsonResponse(reply.description, textSchema(reply.media), undefined, reply.media);
    case 'json':
      return jsonResponse(
        reply.description,
        unionSchema(reply.bodies.map((b) => bodySchema(b, asm))),
        undefined,
        reply.media,
      );
    case 'validation':
      return validationResponse(reply.validation, asm);
    case 'throttled':
      return throttledResponse(asm);
    case 'error':
      return errorResponse(reply.status, asm);
  }
}

/** A body that is not JSON: text for `text/*`, bytes otherwise. */
function textSchema(media: string): SchemaObject {
  return /^text\//i.test(media) ? { type: 'string' } : { type: 'string', format: 'binary' };
}

function bodySchema(body: ReplyBody, asm: Assembly): SchemaObject {
  const { emitter, resources, components } = asm;
  if (body.wrap) {
    const parts = members(body.type).map((t) =>
      t.kind === 'resource' && resources.isResource(t.class)
        ? resourceBody(t, resources, emitter, components)
        : emitter.schema(t),
    );
    return unionSchema(parts);
  }
  return emitter.schema(body.type);
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
  const example = validation ? errorExample(validation, asm) : undefined;
  return jsonResponse('Validation error', schema, example);
}

const examples = new WeakMap<RuleTree, ValidationErrorBody>();

/** The 422 example of a rule set, made once however many operations share it. */
function errorExample(validation: Validation, asm: Assembly): ValidationErrorBody {
  const tree = asm.rules.errorTree(validation);
  let example = examples.get(tree);
  if (!example) {
    const { attributes, messages } = validation;
    example = validationErrorExample(tree, { attributes, messages });
    examples.set(tree, example);
  }
  return example;
}
