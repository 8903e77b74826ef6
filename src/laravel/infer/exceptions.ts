import type { TypeEngine } from './engine.js';
import { frameOf } from './frame.js';
import { members, union, unknown, type Type } from './type.js';

/** Laravel's exception handler, which the application's extends. */
const BASE_HANDLER = 'Illuminate\\Foundation\\Exceptions\\Handler';
const REQUEST = 'Illuminate\\Http\\Request';

/**
 * Methods Laravel's `render()` calls for some exceptions on a JSON request, which an application
 * may override (`unauthenticated()` answering `{error: 'Unauthenticated.'}`).
 * @see https://github.com/laravel/framework/blob/10.x/src/Illuminate/Foundation/Exceptions/Handler.php
 */
const OVERRIDABLE: readonly { exception: string; method: string }[] = [
  { exception: 'Illuminate\\Auth\\AuthenticationException', method: 'unauthenticated' },
  { exception: 'Illuminate\\Validation\\ValidationException', method: 'invalidJson' },
];

/**
 * What the application's exception handler answers an API client's request (it expects JSON, its
 * path is under `api/`) for this exception: the responses its `render()` returns, or, where
 * `render()` leaves the exception to Laravel, what its override of the method Laravel calls for
 * it returns. Undefined when the handler returns no response of its own for it, so that
 * Laravel's default stays.
 */
export function handlerAnswer(engine: TypeEngine, exception: Type): Type | undefined {
  const request: Type = {
    kind: 'object',
    class: REQUEST,
    state: { api: { kind: 'literal', value: true }, input: unknown('request input') },
  };
  return (
    fromHandler(engine, exception, request) ?? viaBootstrap(engine, prepared(exception), request)
  );
}

/** The answer of the `App\\Exceptions\\Handler` class (Laravel 10 and earlier). */
function fromHandler(engine: TypeEngine, exception: Type, request: Type): Type | undefined {
  // `App\\Exceptions\\Handler`, as Laravel's skeleton names it; looked up by name, not by a walk
  // over every class, so that a route's answer depends on that class only.
  const handler = engine.world.classes
    .withShortName('Handler')
    .find((name) => engine.isA(name, [BASE_HANDLER]));
  if (!handler) return undefined;
  const rendered = responses(engine.instanceCall(handler, 'render', [request, exception]));
  if (rendered) return rendered;
  const callback = viaCallbacks(engine, handler, prepared(exception), request);
  if (callback) return callback;
  for (const { exception: base, method } of OVERRIDABLE) {
    if (!members(exception).some((t) => t.kind === 'object' && engine.isA(t.class, [base])))
      continue;
    return responses(engine.instanceCall(handler, method, [request, exception]));
  }
  return undefined;
}

/**
 * What Laravel hands the handler's callbacks: a missing model as a 404, a refused authorization
 * as a 403, both Symfony's HTTP exceptions (`prepareException()`).
 */
const PREPARED: Readonly<Record<string, string>> = {
  'Illuminate\\Database\\Eloquent\\ModelNotFoundException':
    'Symfony\\Component\\HttpKernel\\Exception\\NotFoundHttpException',
  'Illuminate\\Auth\\Access\\AuthorizationException':
    'Symfony\\Component\\HttpKernel\\Exception\\AccessDeniedHttpException',
};

function prepared(exception: Type): Type {
  const mapped = exception.kind === 'object' ? PREPARED[exception.class] : undefined;
  return mapped ? { kind: 'object', class: mapped } : exception;
}

/**
 * The first `$this->renderable(fn (X $e, $request) => ...)` closure of the handler's
 * `register()` whose `X` the exception is an instance of and that returns a response.
 */
function viaCallbacks(
  engine: TypeEngine,
  handler: string,
  exception: Type,
  request: Type,
): Type | undefined {
  const found = engine.world.classes.method(handler, 'register');
  const body = found?.facts.body;
  if (!found || !body?.renderers || exception.kind !== 'object') return undefined;
  const frame = frameOf(body, {
    this: engine.instance(handler),
    static: handler,
    file: found.owner.file,
  });
  for (const renderer of body.renderers) {
    const fn = engine.evaluate(renderer, frame);
    if (fn.kind !== 'fn') continue;
    const handles = fn.expr.params[0]?.type;
    if (handles?.kind !== 'name' || !engine.isA(exception.class, [handles.name])) continue;
    const answer = responses(engine.invoke(fn, [exception, request], frame));
    if (answer) return answer;
  }
  return undefined;
}

/**
 * The first closure `bootstrap/app.php` registers (`$exceptions->render(fn (X $e, $request) =>
 * ...)`) whose `X` the exception is an instance of and that returns a response.
 */
function viaBootstrap(engine: TypeEngine, exception: Type, request: Type): Type | undefined {
  if (exception.kind !== 'object') return undefined;
  for (const renderer of engine.world.renderers ?? []) {
    const handles = renderer.params[0]?.type;
    if (handles?.kind !== 'name' || !engine.isA(exception.class, [handles.name])) continue;
    const frame = frameOf(renderer.body, {});
    const fn: Type = {
      kind: 'fn',
      expr: { kind: 'fn', params: renderer.params, returns: renderer.body.returns },
      frame,
    };
    const answer = responses(engine.invoke(fn, [exception, request], frame));
    if (answer) return answer;
  }
  return undefined;
}

/** The responses among what a handler method gives (a fall-through to Laravel's is not one). */
function responses(type: Type | undefined): Type | undefined {
  const found = type ? members(type).filter((t) => t.kind === 'response') : [];
  return found.length > 0 ? union(found) : undefined;
}
