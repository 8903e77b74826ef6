import { child, type Node } from '../php/ast.js';
import type { EvalContext } from '../php/evaluate.js';
import { collectAssignments } from '../php/variables.js';
import type { HandlerFacts, MethodFacts, ParamFacts } from '../facts/types.js';
import type { DescribeContext } from '../shapes/context.js';
import { findInputs } from './inputs.js';
import { paramFacts } from './params.js';
import { findStatuses, thrownClasses } from './statuses.js';
import { findValidations } from './validations.js';

/**
 * What a controller method or a route closure does: its parameters, inline validation, the
 * inputs it reads, the responses it returns and the errors it raises.
 */
export function analyseHandler(fn: Node, evalCtx: EvalContext): HandlerFacts {
  const params = paramFacts(fn, evalCtx.scope, evalCtx.self);
  const body = child(fn, 'body') ?? fn;
  const ctx = describeContext(
    fn.kind === 'arrowfunc' ? undefined : body,
    evalCtx,
    new Map(params.map((p) => [p.name, scalarType(p)])),
  );
  return {
    params,
    validations: findValidations(body, ctx),
    inputs: findInputs(body, ctx),
    statuses: findStatuses(body, ctx),
  };
}

/**
 * The errors a method's body raises (see `MethodFacts.raises`); undefined when none. A
 * handler's statuses are already known (`analyseHandler`): they are not looked for again.
 */
export function analyseRaises(
  fn: Node,
  evalCtx: EvalContext,
  handler?: HandlerFacts,
): MethodFacts['raises'] {
  const body = child(fn, 'body');
  if (!body) return undefined;
  const statuses = handler?.statuses ?? findStatuses(body, describeContext(body, evalCtx));
  const thrown = thrownClasses(body, evalCtx);
  if (statuses.length === 0 && thrown.length === 0) return undefined;
  return {
    ...(statuses.length > 0 ? { statuses } : {}),
    ...(thrown.length > 0 ? { thrown } : {}),
  };
}

/** What describing a body's values needs: its locals' assignments, its parameters' types. */
function describeContext(
  body: Node | undefined,
  evalCtx: EvalContext,
  params: DescribeContext['params'] = new Map(),
): DescribeContext {
  const variables = collectAssignments(body);
  return { eval: { ...evalCtx, variables }, variables, params, resource: false, seen: new Set() };
}

/**
 * A parameter's type for describing values: declared, else the literal default's type
 * (`$slug = 'home'`); scalars that may be null are marked `?int`.
 */
function scalarType(p: ParamFacts): string | undefined {
  const type = p.type ?? defaultType(p.default);
  const maybeNull = p.nullable === true || p.default === null;
  return type && maybeNull && !type.includes('\\') ? `?${type}` : type;
}

/** An untyped parameter with a literal default has the default's type (`$slug = 'home'`). */
function defaultType(value: ParamFacts['default']): string | undefined {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'boolean') return 'bool';
  return undefined;
}
