import type { Node } from '../php/ast.js';
import { functionCall } from '../php/chain.js';
import type { DescribeContext } from '../shapes/context.js';

/** `$request` (a parameter typed as a request, or so named) or `request()`. */
export function isRequestRoot(root: Node, ctx: DescribeContext): boolean {
  const fn = functionCall(root);
  if (fn) return fn.name === 'request' && fn.args.length === 0;
  if (root.kind !== 'variable' || typeof root.name !== 'string') return false;
  const type = ctx.params.get(root.name);
  return type ? /Request$/.test(type) : root.name === 'request';
}
