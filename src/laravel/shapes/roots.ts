import { child, children, type Node } from '../php/ast.js';
import { argValue, functionCall, staticCall, type Link } from '../php/chain.js';
import { evaluate, lookupClass } from '../php/evaluate.js';
import type { Field, Shape } from '../facts/types.js';
import { isRequestRoot } from '../controllers/request-root.js';
import type { DescribeContext, Described } from './context.js';
import { requestInput } from './request-input.js';
import { describeSource } from './sources.js';
import { FUNCTION_SHAPES, VALUE_METHODS, staticShape } from './tables.js';
import { isThis, optional, type Describe } from './util.js';

/** Roots that decide the whole chain: resources, helper functions, `$this->helper(...)`. */
export function describeRoot(
  root: Node,
  links: Link[] | undefined,
  ctx: DescribeContext,
  describe: Describe,
): Described | undefined {
  const resource = describeResource(root, ctx, describe);
  if (resource) return withAdditional(resource, links ?? [], ctx, describe);
  if (!links) return describeCall(root, ctx, describe);
  if (isThis(root)) return describeThis(links, ctx);
  const input =
    links.length === 1 && isRequestRoot(root, ctx) ? requestInput(links[0]!, ctx) : undefined;
  return input ? { shape: input } : undefined;
}

/** A function or static call on its own: helpers, enums, facades with known results. */
function describeCall(root: Node, ctx: DescribeContext, describe: Describe): Described | undefined {
  const fn = functionCall(root);
  const shape = fn ? FUNCTION_SHAPES[fn.name] : undefined;
  if (shape) return { shape };
  if (fn?.name === 'array_merge')
    return mergeObjects(fn.args.map((a) => describe(argValue(a), ctx)));
  const special = fn ? functionShape(fn.name, fn.args, ctx, describe) : undefined;
  if (special) return { shape: special };
  const call = staticCall(root);
  const className = call ? lookupClass(call.what, ctx.eval) : undefined;
  if (!call || !className) return undefined;
  if (call.method === 'cases')
    return { shape: { kind: 'list', items: [{ kind: 'enum', className }] } };
  if (call.method === 'from' || call.method === 'tryFrom')
    return { shape: { kind: 'enum', className } };
  const known = staticShape(className, call.method);
  return known ? { shape: known } : undefined;
}

/**
 * `$this->helper(...)` in a resource (`when`, `whenLoaded`, ...), `$this->method()` in a
 * controller (its declared return type), `$this->service->method()` (a typed property's method).
 */
function describeThis(links: Link[], ctx: DescribeContext): Described | undefined {
  const [first, second] = links;
  if (ctx.thisCall && first?.call && links.length === 1) return ctx.thisCall(first, ctx);
  if (ctx.resource || !first || !ctx.eval.self) return undefined;
  if (links.length === 1 && first.call)
    return { shape: { kind: 'method', name: first.name, className: ctx.eval.self } };
  if (links.length === 2 && !first.call && second?.call && !VALUE_METHODS[second.name]) {
    return {
      shape: { kind: 'method', name: second.name, className: ctx.eval.self, via: first.name },
    };
  }
  return undefined;
}

/**
 * `new UserResource($user)`, `UserResource::make($user)`, `UserResource::collection($users)`:
 * whether the class really is a resource is known only in the assembly, from its ancestry.
 */
function describeResource(
  root: Node,
  ctx: DescribeContext,
  describe: Describe,
): Described | undefined {
  const call = staticCall(root);
  const className =
    root.kind === 'new'
      ? lookupClass(child(root, 'what'), ctx.eval)
      : call
        ? lookupClass(call.what, ctx.eval)
        : undefined;
  if (!className) return undefined;
  const method = call?.method;
  if (call && method !== 'make' && method !== 'collection') return undefined;
  if (root.kind === 'new' && !/(Resource|Collection)$/.test(className)) return undefined;
  const argNode = argValue((call ? call.args : children(root, 'arguments'))[0]);
  const arg = argNode ? describe(argNode, ctx) : undefined;
  const source =
    describeSource(argNode, ctx) ?? (arg?.shape.kind === 'data' ? arg.shape.source : undefined);
  const shape: Shape = { kind: 'resource', className, collection: method === 'collection' };
  if (source) shape.source = source;
  if (ctx.resource && shape.collection === false) shape.nullable = true;
  return arg?.optional ? { shape, optional: true } : { shape };
}

function withAdditional(
  described: Described,
  links: Link[],
  ctx: DescribeContext,
  describe: Describe,
): Described {
  const additional = links.find((l) => l.call && l.name === 'additional');
  if (!additional || described.shape.kind !== 'resource') return described;
  const extra = describe(argValue(additional.args[0]), ctx).shape;
  return { ...described, shape: { ...described.shape, additional: extra } };
}

function mergeObjects(parts: Described[]): Described {
  const fields: Field[] = parts.map((p) => optional({ value: p.shape }, p.optional));
  return { shape: { kind: 'object', fields } };
}

/** `config('app.name')`, `array_column(Status::cases(), 'value')`. */
function functionShape(
  name: string,
  args: Node[],
  ctx: DescribeContext,
  describe: Describe,
): Shape | undefined {
  if (name === 'config') {
    const key = evaluate(argValue(args[0]), ctx.eval);
    return typeof key === 'string' ? { kind: 'config', key } : undefined;
  }
  if (name === 'array_column') {
    const source = describe(argValue(args[0]), ctx).shape;
    const column = evaluate(argValue(args[1]), ctx.eval);
    if (source.kind === 'list' && source.items[0]?.kind === 'enum' && column === 'value')
      return source;
  }
  return undefined;
}
