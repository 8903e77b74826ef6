import type { Node } from '../php/ast.js';
import { argValue, flattenChain, functionCall, type Link } from '../php/chain.js';
import { evaluate } from '../php/evaluate.js';
import type { Produced } from '../facts/types.js';
import type { DescribeContext } from '../shapes/context.js';
import { describeShape } from '../shapes/describe.js';
import { statusValue } from '../shapes/status.js';

/**
 * What one returned expression answers: `response()->json($data, 201)`, `noContent()`,
 * `response($content, $status)`, a resource (with `->response()->setStatusCode()`), or any
 * other value (arrays, models, paginators), which Laravel serialises as JSON with 200.
 * @see https://laravel.com/docs/responses
 */
export function describeProduced(
  expr: Node | undefined,
  line: number,
  ctx: DescribeContext,
): Produced {
  if (!expr) return { line, empty: true };
  if (expr.kind === 'variable' && typeof expr.name === 'string' && !ctx.params.has(expr.name)) {
    const assigned = ctx.variables.get(expr.name);
    if (assigned && !ctx.seen.has(expr.name) && isResponseChain(assigned)) {
      return describeProduced(assigned, line, { ...ctx, seen: new Set(ctx.seen).add(expr.name) });
    }
  }
  const { root, links } = flattenChain(expr);
  const fn = functionCall(root);
  if (fn?.name === 'response') return responseHelper(fn.args, links, line, ctx);
  const produced: Produced = { line, body: describeShape(expr, ctx) };
  const status = statusFromLinks(links, ctx);
  if (status !== undefined) produced.status = status;
  return produced;
}

function isResponseChain(node: Node): boolean {
  return functionCall(flattenChain(node).root)?.name === 'response';
}

function responseHelper(args: Node[], links: Link[], line: number, ctx: DescribeContext): Produced {
  const [first] = links;
  if (first?.call && first.name === 'noContent') {
    return {
      line,
      empty: true,
      status: statusValue(evaluate(argValue(first.args[0]), ctx.eval)) ?? 204,
    };
  }
  const payload =
    first?.call && first.name === 'json' ? first.args : links.length === 0 ? args : undefined;
  if (!payload) return { line, body: { kind: 'unknown', source: 'response()' } };
  const data = argValue(payload[0]);
  const status =
    statusFromLinks(links, ctx) ?? statusValue(evaluate(argValue(payload[1]), ctx.eval));
  const isEmpty =
    !data || data.kind === 'nullkeyword' || (data.kind === 'string' && data.value === '');
  const produced: Produced = isEmpty
    ? { line, empty: true }
    : { line, body: describeShape(data, ctx) };
  if (status !== undefined) produced.status = status;
  return produced;
}

/** `->setStatusCode(201)` or `->status(201)` anywhere in the chain. */
function statusFromLinks(links: Link[], ctx: DescribeContext): number | undefined {
  const link = [...links]
    .reverse()
    .find((l) => l.call && (l.name === 'setStatusCode' || l.name === 'status'));
  return link ? statusValue(evaluate(argValue(link.args[0]), ctx.eval)) : undefined;
}
