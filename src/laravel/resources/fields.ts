import type { Node } from '../php/ast.js';
import type { EvalContext } from '../php/evaluate.js';
import { collectAssignments } from '../php/variables.js';
import { returnExpressions } from '../php/returns.js';
import type { Shape } from '../facts/types.js';
import { describe } from '../shapes/describe.js';
import { resourceThisCall } from './helpers.js';

/**
 * The fields of an API resource's `toArray()` (or of its `with()`): `$this->name` is an
 * attribute of the resource's model, the conditional helpers make keys optional, nested
 * resources stay resources. Several returns: the first one that builds an object.
 * @see https://laravel.com/docs/eloquent-resources#concept-overview
 */
export function resourceFields(method: Node, evalCtx: EvalContext): Shape {
  const variables = collectAssignments(method);
  const ctx = {
    eval: { ...evalCtx, variables },
    variables,
    params: new Map<string, string | undefined>(),
    resource: true,
    thisCall: resourceThisCall,
    seen: new Set<string>(),
  };
  const shapes = returnExpressions(method).map(({ expr }) => describe(expr, ctx).shape);
  return (
    shapes.find((s) => s.kind === 'object' || s.kind === 'model') ?? shapes[0] ?? { kind: 'model' }
  );
}
