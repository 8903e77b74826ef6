import { children, lineOf, type Node } from '../php/ast.js';
import { argValue, flattenChain, staticCall, type Chain } from '../php/chain.js';
import { evaluate, lookupClass, type EvalContext } from '../php/evaluate.js';
import { lateOf } from '../php/late.js';
import type { PhpValue } from '../php/value.js';
import type { FillFacts } from '../facts/types.js';

/** Methods that mass-assign their argument (the attributes: which argument). */
const FILLING: Record<string, number> = Object.assign(
  Object.create(null) as Record<string, number>,
  {
    fill: 0,
    forceFill: 0,
    update: 0,
    create: 0,
    make: 0,
    forceCreate: 0,
    firstOrCreate: 1,
    firstOrNew: 1,
    updateOrCreate: 1,
  },
);

/**
 * Request data mass-assigned to a model: `Client::create($request->all())`,
 * `$client->fill($data)` (with `$data` a parameter a caller hands the input), `new Post($data)`:
 * the model's `$fillable` attributes are the request's fields.
 * @see https://laravel.com/docs/eloquent#mass-assignment
 */
export function fillOf(node: Node, ctx: EvalContext, chain?: Chain): FillFacts | undefined {
  if (node.kind === 'new') {
    const className = lookupClass(node.what as Node, ctx);
    return className ? fill(node, children(node, 'arguments')[0], { className }, ctx) : undefined;
  }
  if (node.kind !== 'call') return undefined;
  const stat = staticCall(node);
  if (stat) {
    const at = FILLING[stat.method];
    const className = at === undefined ? undefined : lookupClass(stat.what, ctx);
    return className ? fill(node, stat.args[at!], { className }, ctx) : undefined;
  }
  const { root, links } = chain ?? flattenChain(node);
  const last = links.at(-1);
  const at = last?.call ? FILLING[last.name] : undefined;
  if (at === undefined || links.length !== 1 || root.kind !== 'variable') return undefined;
  const name = String(root.name);
  const className = ctx.types?.(name);
  if (className) return fill(node, last!.args[at], { className }, ctx);
  // An untyped parameter (`alternativeSave($data, $model)`): its class is the caller's.
  const param = ctx.params?.indexOf(name) ?? -1;
  if (param >= 0) return fill(node, last!.args[at], { param }, ctx);
  // `$term = TermFactory::create(...); $term->fill(...)`, `$post = new Post; $post->fill(...)`.
  const made = madeBy(ctx.variables?.get(name), ctx);
  return made ? fill(node, last!.args[at], made, ctx) : undefined;
}

function madeBy(
  assigned: Node | undefined,
  ctx: EvalContext,
): { className: string } | { madeBy: string } | undefined {
  if (assigned?.kind === 'new') {
    const className = lookupClass(assigned.what as Node, ctx);
    return className ? { className } : undefined;
  }
  const stat = staticCall(assigned);
  const className = stat ? lookupClass(stat.what, ctx) : undefined;
  return className ? { madeBy: `${className}::${stat!.method}` } : undefined;
}

function fill(
  node: Node,
  arg: Node | undefined,
  model: { className: string } | { param: number } | { madeBy: string },
  ctx: EvalContext,
): FillFacts | undefined {
  const data = evaluate(argValue(arg), ctx);
  return carriesAll(data) ? { line: lineOf(node), ...model, data } : undefined;
}

/** The request's whole input, or a parameter that may be (a caller decides). */
function carriesAll(value: PhpValue): boolean {
  const late = lateOf(value);
  if (late?.kind === 'param') return true;
  if (late?.kind === 'input')
    return late.name === undefined && late.via !== 'request' && late.via !== 'validated';
  if (late?.kind === 'merge') return late.parts.some(carriesAll);
  return false;
}
