import { child, lineOf, walk, type Node } from './ast.js';

/**
 * The first `return` of a function body in reading order (nested functions excluded); an arrow
 * function's body. With `valued`, the first that returns a value (a guard's bare `return;` is
 * passed over).
 */
export function firstReturn(
  fn: Node,
  valued = false,
): { line: number; expr: Node | undefined } | undefined {
  const body = child(fn, 'body');
  if (fn.kind === 'arrowfunc') return { line: lineOf(body ?? fn), expr: body };
  if (!body) return undefined;
  let found: { line: number; expr: Node | undefined } | undefined;
  walk(body, (node) => {
    if (found) return false;
    if (
      node.kind === 'closure' ||
      node.kind === 'arrowfunc' ||
      node.kind === 'class' ||
      node.kind === 'function'
    )
      return false;
    if (node.kind === 'return') {
      const expr = child(node, 'expr');
      if (!valued || expr) found = { line: lineOf(node), expr };
      return false;
    }
  });
  return found;
}
