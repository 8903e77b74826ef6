import { child, lineOf, walk, type Node } from './ast.js';

/** Every `return` of a function body (nested functions excluded); an arrow function's body. */
export function returnExpressions(fn: Node): { line: number; expr: Node | undefined }[] {
  if (fn.kind === 'arrowfunc') {
    const body = child(fn, 'body');
    return [{ line: lineOf(body ?? fn), expr: body }];
  }
  const found: { line: number; expr: Node | undefined }[] = [];
  const body = child(fn, 'body');
  if (!body) return found;
  walk(body, (node) => {
    if (
      node.kind === 'closure' ||
      node.kind === 'arrowfunc' ||
      node.kind === 'class' ||
      node.kind === 'function'
    )
      return false;
    if (node.kind === 'return') found.push({ line: lineOf(node), expr: child(node, 'expr') });
  });
  return found;
}

/** The first `return` of a function body in reading order (nested functions excluded). */
export function firstReturn(fn: Node): { line: number; expr: Node | undefined } | undefined {
  if (fn.kind === 'arrowfunc') return returnExpressions(fn)[0];
  const body = child(fn, 'body');
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
      found = { line: lineOf(node), expr: child(node, 'expr') };
      return false;
    }
  });
  return found;
}
