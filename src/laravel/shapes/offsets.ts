import { child, type Node } from '../php/ast.js';
import { flattenChain } from '../php/chain.js';
import { evaluate } from '../php/evaluate.js';
import { arrayValues, type PhpValue } from '../php/value.js';
import type { Shape } from '../facts/types.js';
import { UNKNOWN, type DescribeContext, type Described } from './context.js';
import { union, unknown } from './util.js';

/** Methods whose result is the validated input. */
const VALIDATED = new Set(['validate', 'validated', 'validateWithBag', 'safe', 'all', 'only']);

/**
 * `$data['email']` (validated input), `self::PAGES[$slug]['title']` (a constant array: every
 * value it may be), `$x['y']` otherwise unknown.
 */
export function describeOffset(node: Node, ctx: DescribeContext): Described {
  const base = child(node, 'what');
  const key = evaluate(child(node, 'offset'), ctx.eval);
  if (base?.kind === 'variable' && typeof base.name === 'string' && typeof key === 'string') {
    const assigned = ctx.variables.get(base.name);
    const last = assigned ? flattenChain(assigned).links.at(-1) : undefined;
    if (last?.call && VALIDATED.has(last.name)) return { shape: { kind: 'input', name: key } };
  }
  const values = candidates(node, ctx, 0);
  if (!values || values.length === 0) return unknown(node);
  return union(values.map((v) => ({ shape: valueShape(v) })));
}

function candidates(node: Node, ctx: DescribeContext, depth: number): PhpValue[] | undefined {
  if (depth > 4) return undefined;
  if (node.kind !== 'offsetlookup') {
    const value = evaluate(node, ctx.eval);
    return typeof value === 'object' && value?.kind === 'unknown' ? undefined : [value];
  }
  const base = child(node, 'what');
  const within = base ? candidates(base, ctx, depth + 1) : undefined;
  if (!within) return undefined;
  const key = evaluate(child(node, 'offset'), ctx.eval);
  const known = typeof key === 'string' || typeof key === 'number';
  return within.flatMap((value) => {
    if (typeof value !== 'object' || value?.kind !== 'array') return [];
    if (!known) return arrayValues(value);
    const item = value.items.find((i, index) => (i.key ?? index) === key);
    return item ? [item.value] : [];
  });
}

/** A statically known value's shape. */
function valueShape(value: PhpValue): Shape {
  if (value === null || typeof value !== 'object') return { kind: 'literal', value };
  if (value.kind !== 'array') return UNKNOWN;
  if (value.items.every((i) => i.key === undefined))
    return { kind: 'list', items: value.items.map((i) => valueShape(i.value)) };
  return {
    kind: 'object',
    fields: value.items.map((i) => ({ key: String(i.key), value: valueShape(i.value) })),
  };
}
