import type { Node } from '../php/ast.js';
import type { EvalContext } from '../php/evaluate.js';

/**
 * What the readers of a handler's inputs and validations know about the code around an
 * expression: names, locals, parameter types.
 */
export interface DescribeContext {
  eval: EvalContext;
  variables: ReadonlyMap<string, Node>;
  /** Parameter name → declared class or builtin. */
  params: ReadonlyMap<string, string | undefined>;
  /** Inside a resource's `toArray()`. */
  resource: boolean;
  /** Variables being expanded, against self-reference. */
  seen: ReadonlySet<string>;
}
