import { child, children, docComment, lineOf, walk, type Node } from '../php/ast.js';
import { parseDocBlock } from '../php/docblock.js';
import { evaluate, type EvalContext } from '../php/evaluate.js';
import { collectAssignments } from '../php/variables.js';
import type { PhpValue } from '../php/value.js';
import { analyseHandler } from '../controllers/handler.js';
import { paramFacts, returnType } from '../controllers/params.js';
import { returnExpressions } from '../php/returns.js';
import { relationOf } from '../models/relations.js';
import { resourceFields } from '../resources/fields.js';
import { routeDeclarations } from '../routes/declarations.js';
import type { MethodFacts } from './types.js';

export interface ClassRole {
  controller: boolean;
  provider: boolean;
  /** A request class: `$this->input('x')` in its methods reads the request. */
  request?: boolean;
  /**
   * The file may declare routes outside a service provider (a Laravel 5 route class's
   * `map(Registrar $router)`, a static helper that requires route files).
   */
  routes?: boolean;
}

/** Methods whose returned value the assembly reads (rules, casts, route keys, ...). */
const VALUE_METHODS = new Set([
  'rules',
  'casts',
  'getRouteKeyName',
  'getKeyName',
  'authorize',
  'uniqueIds',
  'messages',
  'attributes',
]);

/**
 * First-returned expressions worth keeping for any method: a value built from literals, calls
 * and other methods (rule helpers, `Location::requestRules($rules)`, route file helpers), which
 * the global assembly may fold (`resolve/value.ts`).
 */
const VALUE_KINDS = new Set([
  'array',
  'string',
  'nowdoc',
  'encapsed',
  'bin',
  'call',
  'staticlookup',
  'variable',
  'propertylookup',
  'parenthesis',
]);

/** Methods that describe a resource's JSON. */
const FIELD_METHODS = new Set(['toArray', 'with']);

const MAGIC = /^__(?!invoke$)/;

export function methodFacts(
  method: Node,
  name: string,
  role: ClassRole,
  ctx: EvalContext,
): MethodFacts {
  const visibility = (
    method.visibility === 'protected' || method.visibility === 'private'
      ? method.visibility
      : 'public'
  ) as MethodFacts['visibility'];
  const facts: MethodFacts = {
    line: lineOf(method),
    visibility,
    params: paramFacts(method, ctx.scope, ctx.self),
  };
  if (method.isStatic === true) facts.static = true;
  const declared = returnType(method, ctx.scope, ctx.self);
  if (declared) facts.returnType = declared;
  const doc = parseDocBlock(docComment(method));
  if (doc) facts.doc = doc;
  if (!child(method, 'body')) return facts;
  const inner = innerContext(ctx, facts, role);
  if (VALUE_METHODS.has(name)) facts.returns = returnedValue(method, inner);
  if (
    (role.controller || name === '__invoke') &&
    visibility === 'public' &&
    !facts.static &&
    !MAGIC.test(name)
  ) {
    facts.handler = analyseHandler(method, ctx);
  } else if (FIELD_METHODS.has(name)) {
    facts.fields = resourceFields(method, ctx);
  } else if (!role.controller && visibility === 'public' && facts.params.length === 0) {
    const relation = relationOf(method, ctx);
    if (relation) facts.relation = relation;
  }
  if (facts.returns === undefined && !facts.handler && !facts.fields && !facts.relation) {
    const value = valueReturned(method, inner);
    if (value !== undefined) facts.returns = value;
  }
  if ((role.provider || role.routes) && mentionsRoutes(method)) {
    const body = child(method, 'body');
    const variables = collectAssignments(body);
    const routes = routeDeclarations(children(body, 'children'), { ...inner, variables });
    if (routes.length > 0) facts.routes = routes;
  }
  return facts;
}

/** The context a method's body is evaluated in: its parameters, and what holds the request. */
function innerContext(ctx: EvalContext, facts: MethodFacts, role: ClassRole): EvalContext {
  const request = facts.params
    .filter((p) => p.name === 'request' || (p.type !== undefined && /Request$/.test(p.type)))
    .map((p) => p.name);
  return {
    ...ctx,
    params: facts.params.map((p) => p.name),
    request: { variables: new Set(request), self: role.request === true },
  };
}

function returnedValue(method: Node, ctx: EvalContext) {
  const variables = collectAssignments(child(method, 'body'), { compose: true });
  const [first] = returnExpressions(method);
  return evaluate(first?.expr, { ...ctx, variables });
}

/** The first returned value when it is built from something worth folding later, else undefined. */
function valueReturned(method: Node, ctx: EvalContext): PhpValue | undefined {
  const [first] = returnExpressions(method);
  if (!first?.expr || !VALUE_KINDS.has(first.expr.kind)) return undefined;
  const value = returnedValue(method, ctx);
  const plainUnknown = typeof value === 'object' && value?.kind === 'unknown' && !value.late;
  return plainUnknown ? undefined : value;
}

/**
 * Whether a method may declare routes: it names the `Route` facade or a `$router`, requires a
 * file, calls `$this->routes()`, `loadRoutesFrom()` or a route class's `map()`.
 */
function mentionsRoutes(method: Node): boolean {
  let found = false;
  walk(method, (node) => {
    if (found) return false;
    if (node.kind === 'name' && /(^|\\)Route$/.test(String(node.name))) found = true;
    else if (node.kind === 'variable' && node.name === 'router') found = true;
    else if (node.kind === 'include') found = true;
    else if (
      node.kind === 'propertylookup' &&
      ['routes', 'loadRoutesFrom', 'map'].includes(String(child(node, 'offset')?.name))
    )
      found = true;
  });
  return found;
}
