import { text, type Node } from '../php/ast.js';
import { classOfNameNode } from '../php/names.js';
import type { Scope } from './scope.js';

/** `self`, `static`, `parent` or a name → the class, `static` left for late binding. */
export function classRef(node: Node | undefined, scope: Scope): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'staticreference') return 'static';
  if (node.kind === 'selfreference') return scope.self;
  if (node.kind === 'parentreference') return scope.parent;
  if (node.kind === 'name') {
    const lower = text(node, 'name')?.toLowerCase();
    if (lower === 'static') return 'static';
    if (lower === 'self') return scope.self;
    if (lower === 'parent') return scope.parent;
  }
  return classOfNameNode(scope.names, node);
}
