import type { PhpValue } from '../php/value.js';

/** Symfony's `Response::HTTP_*` constants that handlers use for statuses. */
const CONSTANTS: Record<string, number> = {
  HTTP_OK: 200,
  HTTP_CREATED: 201,
  HTTP_ACCEPTED: 202,
  HTTP_NO_CONTENT: 204,
  HTTP_BAD_REQUEST: 400,
  HTTP_UNAUTHORIZED: 401,
  HTTP_PAYMENT_REQUIRED: 402,
  HTTP_FORBIDDEN: 403,
  HTTP_NOT_FOUND: 404,
  HTTP_METHOD_NOT_ALLOWED: 405,
  HTTP_CONFLICT: 409,
  HTTP_GONE: 410,
  HTTP_UNPROCESSABLE_ENTITY: 422,
  HTTP_TOO_MANY_REQUESTS: 429,
  HTTP_INTERNAL_SERVER_ERROR: 500,
  HTTP_SERVICE_UNAVAILABLE: 503,
};

/** A status written as a number or as a `Response::HTTP_*` constant. */
export function statusValue(value: PhpValue | undefined): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 100 && value < 600)
    return value;
  if (typeof value === 'object' && value !== null && value.kind === 'const')
    return CONSTANTS[value.name];
  return undefined;
}
