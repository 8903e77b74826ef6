import { child, walk, type Node } from '../php/ast.js';
import { argValue, flattenChain } from '../php/chain.js';
import { evaluate, type EvalContext } from '../php/evaluate.js';
import { arrayRecord, arrayValues, stringList, type PhpValue } from '../php/value.js';
import type { ControllerMiddleware } from './types.js';

/**
 * `$this->middleware('auth')->except(['index'])`, `$this->middleware('auth', ['only' =>
 * ['store']])` in a controller's constructor (Laravel 5–10): the middleware its actions run,
 * and which actions. A closure (`$this->middleware(function ...)`) names none.
 * @see https://laravel.com/docs/10.x/controllers#controller-middleware
 */
export function constructorMiddleware(
  body: Node,
  ctx: EvalContext,
): ControllerMiddleware[] | undefined {
  const out: ControllerMiddleware[] = [];
  walk(body, (node) => {
    if (node.kind === 'closure' || node.kind === 'arrowfunc' || node.kind === 'class') return false;
    if (node.kind !== 'expressionstatement') return;
    const expression = child(node, 'expression');
    if (expression?.kind !== 'call') return false;
    const { root, links } = flattenChain(expression);
    const [first, ...rest] = links;
    if (root.kind !== 'variable' || root.name !== 'this' || first?.name !== 'middleware') return;
    if (!first.call) return false;
    const names = middlewareNames(evaluate(argValue(first.args[0]), ctx));
    if (names.length === 0) return false;
    const entry: ControllerMiddleware = { names };
    const options = arrayRecord(evaluate(argValue(first.args[1]), ctx));
    for (const key of ['only', 'except'] as const) {
      const fromOptions = options[key];
      const fromCall = rest.find((l) => l.call && l.name === key);
      const listed = fromCall
        ? fromCall.args.flatMap((a) => stringList(evaluate(argValue(a), ctx)))
        : fromOptions === undefined
          ? undefined
          : stringList(fromOptions);
      if (listed) entry[key] = listed;
    }
    out.push(entry);
    return false;
  });
  return out.length > 0 ? out : undefined;
}

/** `'auth:api'`, `['auth', 'verified']`, `Authenticate::class`. */
export function middlewareNames(value: PhpValue): string[] {
  const list = typeof value === 'object' && value?.kind === 'array' ? arrayValues(value) : [value];
  return list.flatMap((m) => {
    if (typeof m === 'string') return [m];
    if (typeof m === 'object' && m !== null && m.kind === 'class') return [m.name];
    return [];
  });
}
