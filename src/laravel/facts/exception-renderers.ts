import type { Node } from '../php/ast.js';
import { argValue } from '../php/chain.js';
import { configuratorCalls } from './middleware.js';
import type { NameScope } from '../php/names.js';
import { bodyOf, fnParams } from '../ir/body.js';
import type { ExceptionRenderer } from './types.js';

/**
 * Laravel 11+ `bootstrap/app.php`: the closures `->withExceptions(function (Exceptions $e) {
 * $e->render(function (NotFoundHttpException $e, Request $request) {...}); })` registers, in
 * order, with their parameters and bodies for the type engine.
 * @see https://laravel.com/docs/11.x/errors#rendering-exceptions
 */
export function exceptionRenderers(program: Node, names: NameScope): ExceptionRenderer[] {
  return configuratorCalls(program, 'withExceptions').flatMap((call) => {
    if (call.name !== 'render') return [];
    const fn = argValue(call.args[0]);
    return fn?.kind === 'closure' || fn?.kind === 'arrowfunc'
      ? [{ params: fnParams(fn, names), body: bodyOf(fn, { names }) }]
      : [];
  });
}
