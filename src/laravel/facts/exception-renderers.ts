import { children, text, walk, type Node } from '../php/ast.js';
import { argValue, flattenChain } from '../php/chain.js';
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
  const out: ExceptionRenderer[] = [];
  walk(program, (node) => {
    if (node.kind !== 'call') return;
    const link = flattenChain(node).links.find((l) => l.call && l.name === 'withExceptions');
    const closure = argValue(link?.args[0]);
    if (!closure || (closure.kind !== 'closure' && closure.kind !== 'arrowfunc')) return;
    const name = text(children(closure, 'arguments')[0], 'name');
    if (!name) return false;
    walk(closure, (inner) => {
      if (inner.kind !== 'call') return;
      const { root, links } = flattenChain(inner);
      if (root.kind !== 'variable' || root.name !== name) return;
      for (const l of links.filter((x) => x.call && x.name === 'render')) {
        const fn = argValue(l.args[0]);
        if (fn?.kind === 'closure' || fn?.kind === 'arrowfunc')
          out.push({ params: fnParams(fn, names), body: bodyOf(fn, { names }) });
      }
      return false;
    });
    return false;
  });
  return out;
}
