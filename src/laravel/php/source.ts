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
    case 'call': {
      // `config('app.upload_limit')`: a literal first argument says which value.
      const [first] = Array.isArray(node.arguments) ? (node.arguments as Node[]) : [];
      const arg = first?.kind === 'string' ? `'${String(first.value)}'` : '';
      return `${describeNode(child(node, 'what'), depth + 1) ?? '…'}(${arg})`;
    }
    case 'bin':
      return `${describeNode(child(node, 'left'), depth + 1) ?? '…'} ${String(node.type)} ${describeNode(child(node, 'right'), depth + 1) ?? '…'}`;
    case 'number':
      return String(node.value);
    case 'string':
      return `'${String(node.value)}'`;
    case 'parenthesis':
      return describeNode(child(node, 'inner'), depth + 1);
    case 'offsetlookup': {
      const key = child(node, 'offset');
      const written =
        key?.kind === 'string'
          ? `'${String(key.value)}'`
          : key?.kind === 'number'
            ? String(key.value)
            : '…';
      return `${describeNode(child(node, 'what'), depth + 1) ?? '…'}[${key ? written : ''}]`;
    }
    case 'closure':
    case 'arrowfunc':
      return 'closure';
    default:
      return node.kind;
  }
}
