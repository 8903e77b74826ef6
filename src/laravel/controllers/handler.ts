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
  const variables = collectAssignments(fn.kind === 'arrowfunc' ? undefined : body);
  const ctx: DescribeContext = {
    eval: { ...evalCtx, variables },
    variables,
    params: new Map(params.map((p) => [p.name, scalarType(p)])),
    resource: false,
    seen: new Set(),
  };
  return {
    params,
    validations: findValidations(body, ctx),
    inputs: findInputs(body, ctx),
    statuses: findStatuses(body, ctx),
  };
}

/** The errors a method's body raises (see `MethodFacts.raises`); undefined when none. */
export function analyseRaises(fn: Node, evalCtx: EvalContext): MethodFacts['raises'] {
  const body = child(fn, 'body');
  if (!body) return undefined;
  const variables = collectAssignments(body);
  const ctx: DescribeContext = {
    eval: { ...evalCtx, variables },
    variables,
    params: new Map(),
    resource: false,
    seen: new Set(),
  };
  const statuses = findStatuses(body, ctx);
  const thrown = thrownClasses(body, ctx);
  if (statuses.length === 0 && thrown.length === 0) return undefined;
  return {
    ...(statuses.length > 0 ? { statuses } : {}),
    ...(thrown.length > 0 ? { thrown } : {}),
  };
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
