import type { Node } from '../php/ast.js';
import type { Link } from '../php/chain.js';
import type { EvalContext } from '../php/evaluate.js';
import type { Shape } from '../facts/types.js';

/** A shape and whether the value may be missing altogether (`when`, `whenLoaded`, ...). */
export interface Described {
  shape: Shape;
  optional?: boolean;
}

/**
 * What a describer knows about the code around an expression: names, locals, parameter types,
 * and — inside an API resource — how `$this->helper(...)` calls read.
 */
export interface DescribeContext {
  eval: EvalContext;
  variables: ReadonlyMap<string, Node>;
  /** Parameter name → declared class or builtin. */
  params: ReadonlyMap<string, string | undefined>;
  /** Inside a resource's `toArray()`: `$this->name` is an attribute of its model. */
  resource: boolean;
  /** `$this->when(...)` and friends, for resources. */
  thisCall?: (link: Link, ctx: DescribeContext) => Described | undefined;
  /** Variables being expanded, against self-reference. */
  seen: ReadonlySet<string>;
}

export const UNKNOWN: Shape = { kind: 'unknown' };

export function type(t: Extract<Shape, { kind: 'type' }>['type'], format?: string): Shape {
  return format ? { kind: 'type', type: t, format } : { kind: 'type', type: t };
}
