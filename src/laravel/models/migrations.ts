import { child, children, walk, type Node } from '../php/ast.js';
import { argValue, flattenChain, staticCall } from '../php/chain.js';
import { evaluate, lookupClass, type EvalContext } from '../php/evaluate.js';
import { shortName } from '../php/names.js';
import type { ColumnDecl, TableOp } from '../facts/types.js';
import { isPhpArray, type PhpValue } from '../php/value.js';
import { collectAssignments } from '../php/variables.js';

const OPS: Record<string, TableOp['op']> = {
  create: 'create',
  table: 'table',
  drop: 'drop',
  dropIfExists: 'drop',
  rename: 'rename',
};

/**
 * The schema changes a migration's `up()` makes, in order: each `Schema::create/table` block
 * with its `$table->...` statements (kept as written; their meaning is decided when the
 * migrations are replayed), drops and renames.
 * @see https://laravel.com/docs/migrations#tables
 */
export function migrationOps(program: Node, ctx: EvalContext): TableOp[] {
  const ops: TableOp[] = [];
  walk(program, (node) => {
    if (node.kind !== 'method') return;
    if (String((node.name as Node | undefined)?.name ?? '') === 'up') collect(node, ctx, ops);
    return false;
  });
  return ops;
}

function collect(method: Node, ctx: EvalContext, ops: TableOp[]): void {
  const local = { ...ctx, variables: collectAssignments(child(method, 'body')) };
  visit(method, local, ops, new Map());
}

/**
 * The `Schema::` calls under a node; a `foreach` over a literal list of tables (`foreach
 * (['books', 'pages'] as $table) Schema::table($table, ...)`) makes its calls once per table.
 */
function visit(node: Node, ctx: EvalContext, ops: TableOp[], bound: Map<string, PhpValue>): void {
  walk(node, (inner) => {
    if (inner !== node && inner.kind === 'foreach') return eachTable(inner, ctx, ops, bound);
    const call = staticCall(inner);
    if (!call) return;
    const className = lookupClass(call.what, ctx);
    const op = OPS[call.method];
    if (!className || shortName(className) !== 'Schema' || !op) return;
    const first = argValue(call.args[0]);
    const named = first?.kind === 'variable' && typeof first.name === 'string' ? first.name : '';
    const table = bound.get(named) ?? evaluate(first, ctx);
    if (typeof table !== 'string') return false;
    const entry: TableOp = { table, op, columns: [] };
    if (op === 'rename') {
      const to = evaluate(argValue(call.args[1]), ctx);
      if (typeof to === 'string') entry.to = to;
    }
    const closure = argValue(call.args[1]);
    if (closure && (closure.kind === 'closure' || closure.kind === 'arrowfunc')) {
      entry.columns = columnsOf(closure, ctx);
    }
    ops.push(entry);
    return false;
  });
}

/** A `foreach` whose list is known: its body once per item, the value variable bound to it. */
function eachTable(
  loop: Node,
  ctx: EvalContext,
  ops: TableOp[],
  bound: Map<string, PhpValue>,
): boolean | undefined {
  const list = evaluate(child(loop, 'source'), ctx);
  const value = child(loop, 'value');
  const name = value?.kind === 'variable' && typeof value.name === 'string' ? value.name : '';
  const body = child(loop, 'body');
  if (!isPhpArray(list) || !name || !body) return undefined;
  for (const item of list.items) visit(body, ctx, ops, new Map(bound).set(name, item.value));
  return false;
}

function columnsOf(closure: Node, ctx: EvalContext): ColumnDecl[] {
  const tableVar = String(
    (children(closure, 'arguments')[0]?.name as Node | undefined)?.name ?? 'table',
  );
  const statements =
    closure.kind === 'arrowfunc'
      ? [child(closure, 'body')]
      : children(child(closure, 'body'), 'children').map((s) => child(s, 'expression'));
  const columns: ColumnDecl[] = [];
  for (const expr of statements) {
    if (!expr) continue;
    const { root, links } = flattenChain(expr);
    const [first, ...rest] = links;
    if (root.kind !== 'variable' || root.name !== tableVar || !first?.call) continue;
    const args = first.args.map((a) => evaluate(argValue(a), ctx));
    const modifiers = rest
      .filter((l) => l.call)
      .map((l) => ({ method: l.name, args: l.args.map((a) => evaluate(argValue(a), ctx)) }));
    columns.push({ type: first.name, args, modifiers });
  }
  return columns;
}
