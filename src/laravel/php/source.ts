import { child, text, type Node } from './ast.js';

/** A short, readable rendering of an expression for messages (`$this->user`, `foo()`). */
export function describeNode(node: Node | undefined, depth = 0): string | undefined {
  if (!node || depth > 4) return undefined;
  switch (node.kind) {
    case 'variable':
      return typeof node.name === 'string' ? `$${node.name}` : undefined;
    case 'propertylookup':
    case 'nullsafepropertylookup': {
      const arrow = node.kind === 'propertylookup' ? '->' : '?->';
      return `${describeNode(child(node, 'what'), depth + 1) ?? '…'}${arrow}${text(node, 'offset') ?? '…'}`;
    }
    case 'staticlookup':
      return `${describeNode(child(node, 'what'), depth + 1) ?? '…'}::${text(node, 'offset') ?? '…'}`;
    case 'name':
      return text(node, 'name');
    case 'selfreference':
    case 'staticreference':
    case 'parentreference':
      return String(node.raw ?? node.kind);
    case 'call':
      return `${describeNode(child(node, 'what'), depth + 1) ?? '…'}()`;
    case 'closure':
    case 'arrowfunc':
      return 'closure';
    default:
      return node.kind;
  }
}
