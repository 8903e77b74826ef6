import type { Node } from '../php/ast.js';
import { argValue, type Link } from '../php/chain.js';
import { evaluate } from '../php/evaluate.js';
import type { Shape } from '../facts/types.js';
import { type, type DescribeContext, type Described } from '../shapes/context.js';
import { describe } from '../shapes/describe.js';

type Helper = (args: Node[], ctx: DescribeContext) => Described;

/**
 * The conditional helpers of `JsonResource`: what each one yields and whether the key may be
 * missing from the output.
 * @see https://laravel.com/docs/eloquent-resources#conditional-attributes
 */
export const RESOURCE_HELPERS: Record<string, Helper> = {
  when: (args, ctx) => conditional(args[1], args[2], ctx),
  unless: (args, ctx) => conditional(args[1], args[2], ctx),
  whenNotNull: (args, ctx) => conditional(args[0], args[1], ctx),
  whenNull: (args, ctx) => conditional(args[0], args[1], ctx),
  whenHas: (args, ctx) => {
    const name = evaluate(argValue(args[0]), ctx.eval);
    const value = args[1] ? describe(argValue(args[1]), ctx).shape : attribute(name);
    return args[2] ? either(value, args[2], ctx) : { shape: value, optional: true };
  },
  whenLoaded: (args, ctx) => {
    const name = evaluate(argValue(args[0]), ctx.eval);
    const value: Shape = args[1]
      ? describe(argValue(args[1]), ctx).shape
      : typeof name === 'string'
        ? { kind: 'relation', name }
        : { kind: 'unknown' };
    return args[2] ? either(value, args[2], ctx) : { shape: value, optional: true };
  },
  whenCounted: (args, ctx) => {
    const name = evaluate(argValue(args[0]), ctx.eval);
    const shape: Shape = args[1]
      ? describe(argValue(args[1]), ctx).shape
      : typeof name === 'string'
        ? { kind: 'count', relation: name }
        : type('integer');
    return { shape, optional: !args[2] };
  },
  whenAggregated: () => ({ shape: type('number'), optional: true }),
  whenExistsLoaded: () => ({ shape: type('boolean'), optional: true }),
  whenPivotLoaded: (args, ctx) => conditional(args[1], args[2], ctx),
  whenPivotLoadedAs: (args, ctx) => conditional(args[2], args[3], ctx),
  merge: (args, ctx) => ({ shape: describe(argValue(args[0]), ctx).shape }),
  mergeWhen: (args, ctx) => ({ shape: describe(argValue(args[1]), ctx).shape, optional: true }),
  mergeUnless: (args, ctx) => ({ shape: describe(argValue(args[1]), ctx).shape, optional: true }),
};

export function resourceThisCall(link: Link, ctx: DescribeContext): Described | undefined {
  return RESOURCE_HELPERS[link.name]?.(link.args, ctx);
}

/** `when($cond, $value)` may leave the key out; `when($cond, $value, $default)` never does. */
function conditional(
  value: Node | undefined,
  fallback: Node | undefined,
  ctx: DescribeContext,
): Described {
  const shape = describe(argValue(value), ctx).shape;
  return fallback ? either(shape, fallback, ctx) : { shape, optional: true };
}

function either(shape: Shape, fallback: Node, ctx: DescribeContext): Described {
  const other = describe(argValue(fallback), ctx).shape;
  return { shape: { kind: 'union', options: [shape, other] } };
}

function attribute(name: unknown): Shape {
  return typeof name === 'string' ? { kind: 'attribute', name } : { kind: 'unknown' };
}
