import { child, children, text, walk, type Node } from '../php/ast.js';
import { argValue, flattenChain } from '../php/chain.js';
import { evaluate, type EvalContext } from '../php/evaluate.js';
import type { PhpValue } from '../php/value.js';
import type { MiddlewareCall } from './types.js';

/**
 * Laravel 11+ `bootstrap/app.php`: what `->withMiddleware(function (Middleware $middleware)
 * {...})` does to the middleware groups and aliases, call by call, as written
 * (`$middleware->group('api', [...])`, `->appendToGroup(...)`, `->api(prepend: [...])`,
 * `->alias([...])`).
 * @see https://laravel.com/docs/11.x/middleware#laravels-default-middleware-groups
 */
export function middlewareCalls(program: Node, ctx: EvalContext): MiddlewareCall[] {
  return configuratorCalls(program, 'withMiddleware').map((l) => callOf(l.name, l.args, ctx));
}

/**
 * The calls made on the parameter of the closure that `->withX(function (X $x) {...})` in
 * `bootstrap/app.php` is given (`withMiddleware`, `withExceptions`), in source order.
 */
export function configuratorCalls(program: Node, method: string): { name: string; args: Node[] }[] {
  const out: { name: string; args: Node[] }[] = [];
  walk(program, (node) => {
    if (node.kind !== 'call') return;
    const link = flattenChain(node).links.find((l) => l.call && l.name === method);
    const closure = argValue(link?.args[0]);
    if (!closure || (closure.kind !== 'closure' && closure.kind !== 'arrowfunc')) return;
    const name = text(children(closure, 'arguments')[0], 'name');
    if (!name) return false;
    walk(closure, (inner) => {
      if (inner.kind !== 'call') return;
      const { root, links } = flattenChain(inner);
      if (root.kind !== 'variable' || root.name !== name) return;
      for (const l of links) if (l.call) out.push({ name: l.name, args: l.args });
      return false;
    });
    return false;
  });
  return out;
}

function callOf(method: string, args: Node[], ctx: EvalContext): MiddlewareCall {
  const call: MiddlewareCall = { method, args: [] };
  for (const arg of args) {
    const value = evaluate(argValue(arg), ctx);
    if (arg.kind === 'namedargument') (call.named ??= {})[String(arg.name)] = value;
    else call.args.push(value);
  }
  return call;
}

/** `Passport::tokensCan([...])`: the OAuth scopes a Passport application defines. */
export function passportScopes(program: Node, ctx: EvalContext): PhpValue | undefined {
  let found: PhpValue | undefined;
  walk(program, (node) => {
    if (found !== undefined || node.kind !== 'call') return;
    const what = child(node, 'what');
    if (what?.kind !== 'staticlookup' || child(what, 'offset')?.name !== 'tokensCan') return;
    found = evaluate(argValue(children(node, 'arguments')[0]), ctx);
  });
  return found;
}
