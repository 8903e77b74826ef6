import { child, children, isNode, text, type Node } from './ast.js';

/** Past this depth an expression is shown as `…`: a message names it, it need not quote it all. */
const MAX_DEPTH = 6;

/**
 * An expression as the PHP that writes it (`$this->fileRule()`, `$a ? 'x' : 'y'`), for messages
 * and for the parts of a value known only at run time. Never the parser's name for a node
 * (`retif`, `bin`): a kind this does not know, or a part too deep, is `…`.
 */
export function describeNode(node: Node | undefined, depth = 0): string | undefined {
  if (!node) return undefined;
  if (depth > MAX_DEPTH) return '…';
  const render = RENDERERS[node.kind];
  return render ? render(node, (n) => describeNode(n, depth + 1) ?? '…') : '…';
}

type Renderer = (node: Node, sub: (node: Node | undefined) => string) => string;

const lookup =
  (arrow: string): Renderer =>
  (node, sub) =>
    `${sub(child(node, 'what'))}${arrow}${offsetOf(node, sub)}`;

const RENDERERS: Record<string, Renderer> = {
  variable: (node) => (typeof node.name === 'string' ? `$${node.name}` : '$…'),
  propertylookup: lookup('->'),
  nullsafepropertylookup: lookup('?->'),
  staticlookup: lookup('::'),
  name: (node) => text(node, 'name') ?? '…',
  identifier: (node) => text(node, 'name') ?? '…',
  selfreference: (node) => String(node.raw ?? 'self'),
  staticreference: (node) => String(node.raw ?? 'static'),
  parentreference: (node) => String(node.raw ?? 'parent'),
  call: (node, sub) => `${sub(child(node, 'what'))}(${argumentsOf(node, sub)})`,
  new: (node, sub) => `new ${sub(child(node, 'what'))}(${argumentsOf(node, sub)})`,
  namedargument: (node, sub) => `${String(node.name)}: ${sub(child(node, 'value'))}`,
  variadic: (node, sub) => `...${sub(child(node, 'what'))}`,
  bin: (node, sub) =>
    `${sub(child(node, 'left'))} ${String(node.type)} ${sub(child(node, 'right'))}`,
  retif: (node, sub) => {
    const then = child(node, 'trueExpr');
    const test = sub(child(node, 'test'));
    return then
      ? `${test} ? ${sub(then)} : ${sub(child(node, 'falseExpr'))}`
      : `${test} ?: ${sub(child(node, 'falseExpr'))}`;
  },
  unary: (node, sub) => `${String(node.type)}${sub(child(node, 'what'))}`,
  cast: (node, sub) => `(${String(node.type)}) ${sub(child(node, 'expr'))}`,
  number: (node) => String(node.value),
  string: (node) => (typeof node.raw === 'string' ? node.raw : `'${String(node.value)}'`),
  nowdoc: (node) => `'${String(node.value)}'`,
  encapsed: (node, sub) =>
    typeof node.raw === 'string' && node.raw !== ''
      ? node.raw
      : `"${children(node, 'value')
          .map((part) => {
            const inner = child(part, 'expression');
            return inner?.kind === 'string' ? String(inner.value) : `{${sub(inner)}}`;
          })
          .join('')}"`,
  boolean: (node) => (typeof node.raw === 'string' ? node.raw : String(node.value)),
  nullkeyword: () => 'null',
  magic: (node) => String(node.raw ?? node.value),
  parenthesis: (node, sub) => `(${sub(child(node, 'inner'))})`,
  offsetlookup: (node, sub) => {
    const key = child(node, 'offset');
    return `${sub(child(node, 'what'))}[${key ? sub(key) : ''}]`;
  },
  array: (node, sub) => {
    const items = (node.items as unknown[] | undefined) ?? [];
    if (items.length > 3) return '[…]';
    return `[${items.map((item) => (isNode(item) ? sub(item) : '')).join(', ')}]`;
  },
  entry: (node, sub) => {
    const key = child(node, 'key');
    const value = `${node.unpack === true ? '...' : ''}${sub(child(node, 'value'))}`;
    return key ? `${sub(key)} => ${value}` : value;
  },
  isset: (node, sub) => `isset(${children(node, 'variables').map(sub).join(', ')})`,
  empty: (node, sub) => `empty(${sub(child(node, 'expression'))})`,
  clone: (node, sub) => `clone ${sub(child(node, 'what'))}`,
  match: (node, sub) => `match (${sub(child(node, 'cond'))}) {…}`,
  closure: (node) =>
    `${node.isStatic === true ? 'static ' : ''}function (${parametersOf(node)}) {…}`,
  arrowfunc: (node) => `${node.isStatic === true ? 'static ' : ''}fn (${parametersOf(node)}) => …`,
};

function offsetOf(node: Node, sub: (node: Node | undefined) => string): string {
  const offset = child(node, 'offset');
  if (offset?.kind === 'identifier') return text(offset, 'name') ?? '…';
  return offset ? sub(offset) : '…';
}

function argumentsOf(node: Node, sub: (node: Node | undefined) => string): string {
  const args = children(node, 'arguments');
  return args.length > 4 ? `${args.slice(0, 3).map(sub).join(', ')}, …` : args.map(sub).join(', ');
}

function parametersOf(node: Node): string {
  return children(node, 'arguments')
    .map((parameter) => `$${text(parameter, 'name') ?? '…'}`)
    .join(', ');
}

/** A closure or arrow function, as `describeNode` renders one: a rule Laravel calls. */
export function isClosureSource(source: string | undefined): boolean {
  return source !== undefined && /^(?:static )?(?:function|fn) \(/.test(source);
}
