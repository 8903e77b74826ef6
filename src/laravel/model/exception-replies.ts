import { handlerAnswer } from '../infer/exceptions.js';
import type { TypeEngine } from '../infer/engine.js';
import type { Type } from '../infer/type.js';

/**
 * The exception Laravel raises for each error status a route documents: 401 from auth
 * middleware, 403 from `authorize()` and policies, 404 from route-model binding and
 * `findOrFail()`, 422 from validation, 429 from `throttle`; any other (`abort(409)`) an HTTP
 * exception carrying its status.
 */
const RAISED: Readonly<Record<number, string>> = {
  401: 'Illuminate\\Auth\\AuthenticationException',
  403: 'Illuminate\\Auth\\Access\\AuthorizationException',
  404: 'Illuminate\\Database\\Eloquent\\ModelNotFoundException',
  422: 'Illuminate\\Validation\\ValidationException',
  429: 'Illuminate\\Http\\Exceptions\\ThrottleRequestsException',
};
const HTTP_EXCEPTION = 'Symfony\\Component\\HttpKernel\\Exception\\HttpException';

/** The exception behind an error status, as the handler receives it. */
export function raisedFor(status: number): Type {
  const known = RAISED[status];
  return known
    ? { kind: 'object', class: known }
    : {
        kind: 'object',
        class: HTTP_EXCEPTION,
        state: { status: { kind: 'literal', value: status } },
      };
}

/**
 * What the application's exception handler answers an API client for an error status the
 * route raises, typed (`response` types); undefined where Laravel's default answer stays.
 */
export function exceptionAnswer(engine: TypeEngine, status: number): Type | undefined {
  return handlerAnswer(engine, raisedFor(status));
}
