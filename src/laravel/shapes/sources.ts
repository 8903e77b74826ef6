import { child, type Node } from '../php/ast.js';
import { collectAssignments } from '../php/variables.js';
import { returnExpressions } from '../php/returns.js';
import { argValue, flattenChain, functionCall, staticCall, type Link } from '../php/chain.js';
import { lookupClass } from '../php/evaluate.js';
import type { DataSource } from '../facts/types.js';
import type { DescribeContext } from './context.js';

/** The authenticated user's model, resolved in the assembly (`config/auth.php` or App\Models\User). */
export const AUTH_MODEL = '{{auth}}';

type Terminal = (source: DataSource) => DataSource;

/**
 * Eloquent and query-builder methods that turn a query into data: lists, paginators, single
 * models (`create` marks a new model: Laravel answers 201 for its resource).
 * @see https://laravel.com/docs/eloquent#retrieving-models
 */
const TERMINALS: Record<string, Terminal> = {
  get: (s) => ({ ...s, many: true }),
  all: (s) => ({ ...s, many: true }),
  cursor: (s) => ({ ...s, many: true }),
  lazy: (s) => ({ ...s, many: true }),
  paginate: (s) => ({ ...s, many: true, paginated: 'length' }),
  simplePaginate: (s) => ({ ...s, many: true, paginated: 'simple' }),
  cursorPaginate: (s) => ({ ...s, many: true, paginated: 'cursor' }),
  find: single,
  findOrFail: single,
  findOrNew: single,
  first: single,
  firstOrFail: single,
  firstWhere: single,
  sole: single,
  firstOrCreate: single,
  updateOrCreate: single,
  create: (s) => ({ ...single(s), created: true }),
  forceCreate: (s) => ({ ...single(s), created: true }),
};

/** Methods that return the same model(s) they were called on. */
const KEEPERS = new Set([
  'load',
  'loadMissing',
  'loadCount',
  'fresh',
  'refresh',
  'makeHidden',
  'makeVisible',
  'append',
  'setRelation',
  'withoutRelations',
]);

function single(s: DataSource): DataSource {
  const rest = { ...s };
  delete rest.many;
  delete rest.paginated;
  return rest;
}

/** The data an expression yields (a model, models, a paginator), when it can be seen. */
export function describeSource(
  node: Node | undefined,
  ctx: DescribeContext,
): DataSource | undefined {
  if (!node) return undefined;
  const { root, links } = flattenChain(node);
  const start =
    isAuthRoot(root, ctx) && links[0]?.name === 'user' && links[0].call
      ? { source: { model: AUTH_MODEL }, settled: true, skip: 1 }
      : { ...rootSource(root, ctx), skip: 0 };
  if (!start.source || start.settled === undefined) return undefined;
  let source = start.source;
  let settled = start.settled;
  for (const link of links.slice(start.skip)) {
    const next = step(source, settled, link);
    if (!next) return undefined;
    source = next.source;
    settled = next.settled;
  }
  return settled ? source : undefined;
}

interface Step {
  source: DataSource;
  /** True once the expression is data rather than a query builder. */
  settled: boolean;
}

function step(source: DataSource, settled: boolean, link: Link): Step | undefined {
  const terminal = link.call ? TERMINALS[link.name] : undefined;
  if (!settled) return terminal ? { source: terminal(source), settled: true } : { source, settled };
  if (link.call && KEEPERS.has(link.name)) return { source, settled };
  if (source.many || source.relation)
    return terminal ? { source: terminal(source), settled: true } : undefined;
  // A relation of a single model: `$user->posts()->paginate()`, `$user->posts`.
  if (!link.call) return { source: { model: source.model, relation: link.name }, settled: true };
  return { source: { model: source.model, relation: link.name }, settled: false };
}

function rootSource(root: Node, ctx: DescribeContext): Step | undefined {
  const call = staticCall(root);
  const callback = call?.method === 'transaction' ? argValue(call.args[0]) : undefined;
  if (callback && (callback.kind === 'closure' || callback.kind === 'arrowfunc'))
    return callbackSource(callback, ctx);
  if (call) {
    const model = lookupClass(call.what, ctx.eval);
    if (!model || model.endsWith('\\DB') || model === 'DB') return { source: {}, settled: false };
    const base: DataSource = { model };
    if (call.method === 'user' && /(^|\\)Auth$/.test(model))
      return { source: { model: AUTH_MODEL }, settled: true };
    const terminal = TERMINALS[call.method];
    return terminal ? { source: terminal(base), settled: true } : { source: base, settled: false };
  }
  if (root.kind === 'new') {
    const model = lookupClass(root.what as Node, ctx.eval);
    return model ? { source: { model, created: true }, settled: true } : undefined;
  }
  if (root.kind === 'variable' && typeof root.name === 'string')
    return variableSource(root.name, ctx);
  return undefined;
}

/** `DB::transaction(function () { ...; return $order; })`: what the callback returns. */
function callbackSource(callback: Node, ctx: DescribeContext): Step | undefined {
  const [first] = returnExpressions(callback);
  const inner = collectAssignments(
    callback.kind === 'closure' ? child(callback, 'body') : undefined,
  );
  const variables = new Map([...ctx.variables, ...inner]);
  const source = describeSource(first?.expr, {
    ...ctx,
    variables,
    eval: { ...ctx.eval, variables },
    seen: new Set(),
  });
  return source ? { source, settled: true } : undefined;
}

/** `$request`, `request()`, `auth()`: their `->user()` is the authenticated user. */
function isAuthRoot(root: Node, ctx: DescribeContext): boolean {
  const fn = functionCall(root);
  if (fn) return fn.name === 'auth' || fn.name === 'request';
  if (root.kind !== 'variable' || typeof root.name !== 'string') return false;
  const type = ctx.params.get(root.name);
  return type ? /request$/i.test(type) : root.name === 'request';
}

function variableSource(name: string, ctx: DescribeContext): Step | undefined {
  const type = ctx.params.get(name);
  if (type && type.includes('\\') && !/request$/i.test(type))
    return { source: { model: type }, settled: true };
  const assigned = ctx.variables.get(name);
  if (!assigned || ctx.seen.has(name)) return undefined;
  const source = describeSource(assigned, { ...ctx, seen: new Set(ctx.seen).add(name) });
  return source ? { source, settled: true } : undefined;
}
