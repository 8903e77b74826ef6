import type { InputField, InputParameter } from './inputs.js';
import type { DocBlock } from '../php/docblock.js';
import type { HandlerFacts, InputRead, MethodFacts, UseFacts } from '../facts/types.js';
import type { ResourceCatalog } from '../resources/catalog.js';
import { isThrottled } from '../project/throttle.js';
import type { Validation } from '../requests/rules.js';
import { requestInputs } from '../requests/request-inputs.js';
import { missingControllerCause } from '../routes/why-missing.js';
import { isDeadAction } from '../routes/dead-route.js';
import { routeMiddleware } from '../routes/controller-middleware.js';
import type { Route } from '../routes/types.js';
import type { Assembly } from './context.js';
import { operationIdOf, summaryOf, tagOf, type NamingInput } from './naming.js';
import { castParams, pathParameter, pathVariants, uriParams } from './path-params.js';
import { queryParameters } from './query-params.js';
import { exceptionAnswer } from './exception-replies.js';
import { resolveReplies, type NotInferred } from './replies.js';
import type { Endpoint, InputBody, ReadInput } from './endpoint.js';
import type { Finding } from '../../core/errors.js';
import type { TypedReturn } from '../infer/engine.js';
import { members, type Type } from '../infer/type.js';
import { mayForbid, type SecuritySchemes } from '../security/requirements.js';

export interface ResolveContext {
  asm: Assembly;
  resources: ResourceCatalog;
  security: SecuritySchemes;
}

interface Handler {
  facts?: HandlerFacts;
  uses?: UseFacts;
  raises?: MethodFacts['raises'];
  doc?: DocBlock;
  file?: string;
  controller?: string;
  action?: string;
  /** What it returns, typed; undefined without a body to read. */
  returns?: TypedReturn[];
  /** The action can never answer (see `routes/dead-route.ts`): the route is left out. */
  dead?: true;
}

/** Methods whose rules and inputs are query parameters; the others' (`DELETE` too) are the body. */
const READ_ONLY = new Set(['get', 'head', 'options']);

/** The endpoints one route stands for: one per method and per optional-parameter form. */
export function routeEndpoints(route: Route, ctx: ResolveContext): Endpoint[] {
  const handler = resolveHandler(route, ctx.asm);
  if (handler.dead) return [];
  const inputs = requestInputs(handler, ctx.asm.classes, ctx.asm.configValue, ctx.asm.engine);
  const { validation } = inputs;
  const returns = typedReturns(route, handler, validation, ctx.asm);
  if (returns) handler.returns = returns;
  const middleware = routeMiddleware(route, ctx.asm.classes, ctx.asm.configValue);
  const { security, notes } = ctx.security.requirement(middleware, route.withoutMiddleware);
  const throttled = isThrottled(middleware, ctx.asm.throttledGroups, route.withoutMiddleware);
  const params = uriParams(route.uri);
  const handlerParams = castParams(handler.facts?.params ?? [], handler.uses?.casts);
  const methods = route.methods.filter((m) => m !== 'head');
  const out: Endpoint[] = [];
  for (const [mi, method] of methods.entries()) {
    for (const variant of pathVariants(route.uri)) {
      const naming: NamingInput = { method, uri: route.uri, ...pick(route, handler) };
      const readOnly = READ_ONLY.has(method);
      const path = params
        .filter((p) => !variant.dropped.includes(p.name))
        .map((p) => pathParameter(p, route.wheres[p.name], handlerParams, ctx.asm));
      const taken = new Set(path.map((p) => p.parameter.name));
      const parameters: InputParameter[] = [
        ...path.map((p) => p.parameter),
        ...queryParameters(
          readOnly ? validation?.rules : undefined,
          inputs.facts,
          taken,
          readOnly,
          ctx.asm,
          paginatorOf(handler.returns),
        ),
      ];
      const description = [handler.doc?.description, ...notes].filter(Boolean).join('\n\n');
      const body = readOnly
        ? undefined
        : bodyOf(validation, inputs.unvalidated, ctx.asm, inputs.closed === true);
      const { replies, notInferred } = resolveReplies({
        ...(handler.returns ? { returns: handler.returns } : {}),
        statuses: [...new Set([...(handler.facts?.statuses ?? []), ...inputs.statuses])],
        ...(validation ? { validation } : {}),
        secured: security !== undefined && !security.some((r) => Object.keys(r).length === 0),
        forbids: mayForbid(middleware),
        bound: path.some((p) => p.bound),
        throttled,
        method,
        handled: (status) => exceptionAnswer(ctx.asm.engine, status),
      });
      out.push({
        path: variant.path,
        method,
        operationId: operationIdOf(naming) + suffix(mi, method, variant.dropped),
        tags: [tagOf(naming, ctx.asm.config.tags)],
        summary: summaryOf(naming),
        ...(description ? { description } : {}),
        ...(handler.doc?.tags.deprecated ? { deprecated: true as const } : {}),
        parameters,
        ...(body ? { body } : {}),
        replies,
        ...(security ? { security } : {}),
        ...(route.domain ? { domain: route.domain } : {}),
        warnings: notInferred ? [notInferredWarning(route, handler, notInferred, method)] : [],
      });
    }
  }
  return out;
}

/**
 * The warning for a success response the engine could not type: once per route, with the
 * line of the return it could not read.
 */
function notInferredWarning(
  route: Route,
  handler: Handler,
  found: NotInferred,
  method: string,
): Finding {
  const where = handler.controller
    ? `${handler.controller}::${handler.action}()`
    : 'the route closure';
  const warning: Finding = {
    code: 'response-not-inferred',
    message: `${method.toUpperCase()} ${route.uri}: the response of ${where} is not inferred (${found.reason}); documented without a schema`,
  };
  const file = handler.file ?? route.file;
  if (file) warning.file = file;
  const line = found.line || route.line;
  if (line) warning.line = line;
  return warning;
}

/** What the handler returns, typed, its request carrying the input its rules validate. */
function typedReturns(
  route: Route,
  handler: Handler,
  validation: Validation | undefined,
  asm: Assembly,
): TypedReturn[] | undefined {
  const input = validation ? inputType(validation, asm) : undefined;
  const { action } = route;
  if (action.kind === 'closure') {
    const { body, params, hints } = action.handler;
    return body ? asm.engine.closureReturns(body, params, hints, route.file, input) : undefined;
  }
  if (!handler.controller || !handler.action) return undefined;
  return asm.engine.methodReturns(handler.controller, handler.action, input);
}

/**
 * A write operation's body: the validated fields and the inputs its handler reads by name
 * without validating them (`$request->input('note')`); none when there is neither, unless the
 * body is closed to other keys.
 */
function bodyOf(
  validation: Validation | undefined,
  unvalidated: readonly InputRead[],
  asm: Assembly,
  closed: boolean,
): InputBody | undefined {
  const validated =
    validation && Object.keys(validation.rules).length > 0
      ? { validation, tree: asm.rules.tree(validation) }
      : undefined;
  if (!validated && unvalidated.length === 0 && !closed) return undefined;
  const read: ReadInput[] = [];
  const taken: Record<string, true> = {};
  for (const input of unvalidated) {
    const name = input.name.split('.')[0]!;
    if (name === '' || name === '*' || name in taken) continue;
    taken[name] = true;
    read.push({ name, file: input.via === 'file', ...(input.type ? { type: input.type } : {}) });
  }
  return { ...(validated ? { validated } : {}), read, closed };
}

/** The validated input as a type: each top-level field of the rules, as its rules describe it. */
function inputType(validation: Validation, asm: Assembly): Type {
  // By name in a plain object, as the body's schema lists them (a later field of the same name
  // wins; integer-like names first).
  const byName: Record<string, InputField> = {};
  for (const field of asm.rules.tree(validation).fields) byName[field.name] = field;
  return {
    kind: 'shape',
    fields: Object.values(byName).map((field) => ({
      key: field.name,
      type: { kind: 'input', field },
      ...(field.required ? {} : { optional: true as const }),
    })),
  };
}

/** The paginator a handler answers with (for `page`/`cursor`), if any. */
function paginatorOf(
  returns: readonly TypedReturn[] | undefined,
): 'length' | 'simple' | 'cursor' | undefined {
  const visit = (t: Type, depth: number): 'length' | 'simple' | 'cursor' | undefined => {
    if (depth > 3) return undefined;
    for (const m of members(t)) {
      if (m.kind === 'paginator') return m.style;
      const inner = m.kind === 'response' ? m.body : m.kind === 'resource' ? m.data : undefined;
      const found = inner && visit(inner, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  for (const r of returns ?? []) {
    const found = visit(r.type, 0);
    if (found) return found;
  }
  return undefined;
}

/** Later methods of a multi-method route, and shortened optional forms, get distinct ids. */
function suffix(index: number, method: string, dropped: string[]): string {
  return (
    (index > 0 ? `.${method}` : '') + (dropped.length > 0 ? `.without_${dropped.join('_')}` : '')
  );
}

function pick(route: Route, handler: Handler): Omit<NamingInput, 'method' | 'uri'> {
  const out: Omit<NamingInput, 'method' | 'uri'> = {};
  if (route.name) out.name = route.name;
  if (handler.controller) out.controller = handler.controller;
  if (handler.action) out.action = handler.action;
  if (handler.doc) out.doc = handler.doc;
  return out;
}

function resolveHandler(route: Route, asm: Assembly): Handler {
  const { action } = route;
  if (action.kind === 'closure')
    return {
      facts: action.handler,
      file: route.file,
      ...(action.uses ? { uses: action.uses } : {}),
    };
  if (action.kind === 'none') return {};
  const { controller, method } = action;
  const found = asm.classes.method(controller, method);
  if (!found && isDeadAction(controller, method, asm.classes)) {
    asm.warnings.push({
      code: 'dead-route',
      file: route.file,
      line: route.line,
      message: `${route.methods.map((m) => m.toUpperCase()).join('|')} ${route.uri}: ${controller} has no method ${method}() (nor a parent, trait or __call that has), so Laravel answers it with a 500; left out`,
    });
    return { controller, action: method, dead: true };
  }
  if (!found) {
    const cause = asm.classes.has(controller)
      ? undefined
      : missingControllerCause(controller, asm.classes);
    const why = asm.classes.has(controller)
      ? `has no method ${method}()`
      : `was not found or could not be parsed${cause ? ` (${cause})` : ''}`;
    asm.warnings.push({
      file: route.file,
      line: route.line,
      message: `${controller} ${why}; ${route.uri} is documented from its route alone`,
    });
    return { controller, action: method };
  }
  const handler: Handler = { file: found.owner.file, controller, action: method };
  if (found.facts.handler) handler.facts = found.facts.handler;
  if (found.facts.uses) handler.uses = found.facts.uses;
  if (found.facts.raises) handler.raises = found.facts.raises;
  if (found.facts.doc) handler.doc = found.facts.doc;
  return handler;
}
