import { child, children, type Node } from '../php/ast.js';
import { describeNode } from '../php/source.js';
import type { Field, Shape } from '../facts/types.js';
import { UNKNOWN, type DescribeContext, type Described } from './context.js';

/** The describer itself, handed to the modules it uses (no import cycle). */
export type Describe = (node: Node | undefined, ctx: DescribeContext) => Described;

export const NULL: Described = { shape: { kind: 'literal', value: null } };

export function optional(field: Field, isOptional: boolean | undefined): Field {
  return isOptional ? { ...field, optional: true } : field;
}

export function union(options: Described[]): Described {
  const shapes = options.map((o) => o.shape);
  const optionalAny = options.some((o) => o.optional);
  const shape: Shape = shapes.length === 1 ? shapes[0]! : { kind: 'union', options: shapes };
  return optionalAny ? { shape, optional: true } : { shape };
}

export function isThis(node: Node): boolean {
  return node.kind === 'variable' && node.name === 'this';
}

export function firstReturn(fn: Node): Node | undefined {
  const body = child(fn, 'body');
  return children(body, 'children').find((s) => s.kind === 'return')?.expr as Node | undefined;
}

export function unknown(node: Node): Described {
  const source = describeNode(node);
  return { shape: source ? { kind: 'unknown', source } : UNKNOWN };
}
