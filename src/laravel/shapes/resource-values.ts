import type { Node } from '../php/ast.js';
import { staticCall, type Link } from '../php/chain.js';
import type { Shape } from '../facts/types.js';
import { UNKNOWN, type DescribeContext, type Described } from './context.js';
import { isThis, NULL, union } from './util.js';

/** `$this->name`, `$this->resource->name`, `$this->name->value` inside a resource. */
export function describeResourceValue(links: Link[], ctx: DescribeContext): Described {
  const path = links[0]?.name === 'resource' ? links.slice(1) : links;
  const [first, ...rest] = path;
  if (!first) return { shape: { kind: 'model' } };
  if (first.call)
    return rest.length === 0
      ? {
          shape: {
            kind: 'method',
            name: first.name,
            ...(ctx.eval.self ? { className: ctx.eval.self } : {}),
          },
        }
      : { shape: UNKNOWN };
  if (rest.length === 0 || (rest.length === 1 && !rest[0]!.call && rest[0]!.name === 'value')) {
    return { shape: { kind: 'attribute', name: first.name } };
  }
  const [second] = rest;
  if (rest.length === 1 && second && !second.call) {
    const shape: Shape = { kind: 'attribute', name: second.name, relation: first.name };
    return second.nullsafe ? union([{ shape }, NULL]) : { shape };
  }
  return { shape: UNKNOWN };
}

/** `parent::toArray($request)` or `$this->resource->toArray()` in a resource: every attribute. */
export function isWholeModel(root: Node, links: Link[]): boolean {
  const call = staticCall(root);
  if (call?.what.kind === 'parentreference' && call.method === 'toArray') return links.length === 0;
  const names = links.map((l) => l.name).join('->');
  return isThis(root) && names === 'resource->toArray';
}
