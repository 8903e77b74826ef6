import { child, children, docComment, lineOf, walk, type Node } from '../php/ast.js';
import { parseDocBlock } from '../php/docblock.js';
import { evaluate, type EvalContext } from '../php/evaluate.js';
import { collectAssignments, LazyAssignments } from '../php/variables.js';
import type { PhpValue } from '../php/value.js';
import { classOfNameNode, shortName } from '../php/names.js';
import { analyseHandler, analyseRaises } from '../controllers/handler.js';
import { analyseUses } from '../controllers/uses.js';
import { authenticationUses } from './authentication.js';
import { constructorMiddleware } from './controller-middleware.js';
import { paramFacts, returnType } from '../controllers/params.js';
import { firstReturn } from '../php/returns.js';
import { relationOf } from '../models/relations.js';
import { routeDeclarations } from '../routes/declarations.js';
import { bodyOf } from '../ir/body.js';
import { typeHints } from '../ir/hints.js';
import type { MethodFacts, UseFacts } from './types.js';

export interface ClassRole {
  controller: boolean;
  provider: boolean;
  /** A request class: `$this->input('x')` in its methods reads the request. */
  request?: boolean;
  /** A trait: its methods end up in classes of any role. */
  trait?: boolean;
  /** A middleware (it declares `handle()`): how its methods authenticate is worth reading. */
  middleware?: boolean;
  /** The file calls `request()` or validates (`Validator`, `validate(`). */
  readsRequest?: boolean;
  /**
   * A class request data does not reach in practice: a model, a resource or transformer, a
   * mail, notification, event, listener, policy, observer, console command, queued job,
   * migration, or a web UI component (Livewire, Blade views, admin panels).
   */
  passive?: boolean;
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
  'number',
  'boolean',
  'nowdoc',
  'encapsed',
  'bin',
  'call',
  'staticlookup',
  'variable',
  'propertylookup',
  'parenthesis',
  'match',
]);

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
  const hints = typeHints(method, doc, ctx.scope, ctx.self);
  if (hints) facts.hints = hints;
  const body = child(method, 'body');
  if (!body) return facts;
  facts.body = bodyOf(method, { names: ctx.scope, self: ctx.self, parent: ctx.parent });
  const inner = innerContext(ctx, facts, role);
  // Built on first use, once: composed assignments are read by the returned value and the uses.
  let composed: Map<string, Node> | undefined;
  const variables = () =>
    (composed ??= collectAssignments(body, { compose: true, params: inner.params }));
  if (VALUE_METHODS.has(name)) facts.returns = returnedValue(method, inner, variables());
  // A trait's public methods may be a controller's actions (`use AuthenticatesUsers;`) as
  // well as a model's relations or values: both are read.
  const action = role.controller || role.trait === true || name === '__invoke';
  if (action && visibility === 'public' && !facts.static && !MAGIC.test(name))
    facts.handler = analyseHandler(method, ctx);
  if (
    !role.controller &&
    (!facts.handler || role.trait === true) &&
    visibility === 'public' &&
    facts.params.length === 0
  ) {
    const relation = relationOf(method, ctx);
    if (relation) facts.relation = relation;
  }
  const scalar = returnsScalar(method);
  if (
    facts.returns === undefined &&
    (!facts.handler || role.trait === true || scalar) &&
    !facts.relation &&
    (mayBeFolded(name, facts, role) || scalar)
  ) {
    const value = valueReturned(method, inner, variables);
    if (value !== undefined) facts.returns = value;
  }
  if (mayUseRequest(facts, role)) {
    const uses = analyseUses(
      body,
      { ...inner, variables: new LazyAssignments(variables), values: new Map() },
      {
        allThisCalls: role.controller || role.request === true || role.trait === true,
        // A constructor's `$this->middleware(function ...)` runs on every action.
        closures: name === '__construct',
      },
    );
    const raises = analyseRaises(method, inner, facts.handler);
    if (raises) facts.raises = raises;
    // A handler's own validation and inputs are in `handler`; its calls are followed.
    // A trait keeps them in `uses` too: its methods are also helpers that others read.
    const kept = facts.handler && role.trait !== true ? handlerUses(uses) : uses;
    if (kept) facts.uses = kept;
  }
  if (role.controller && name === '__construct') {
    const middleware = constructorMiddleware(body, inner);
    if (middleware) facts.middleware = middleware;
  }
  if (role.middleware === true) {
    const authenticates = authenticationUses(body, inner);
    if (authenticates) facts.authenticates = authenticates;
  }
  if ((role.provider || role.routes) && mentionsRoutes(method, ctx)) {
    const routes = routeDeclarations(children(body, 'children'), {
      ...inner,
      variables: variables(),
    });
    if (routes.length > 0) facts.routes = routes;
  }
  return facts;
}

/** What a handler's `uses` keeps: its calls, mass assignments and closed keys (`handler` has the rest). */
function handlerUses(uses: UseFacts | undefined): UseFacts | undefined {
  if (!uses?.calls && !uses?.fills && !uses?.casts && !uses?.closed) return undefined;
  return {
    ...(uses.calls ? { calls: uses.calls } : {}),
    ...(uses.fills ? { fills: uses.fills } : {}),
    ...(uses.casts ? { casts: uses.casts } : {}),
    ...(uses.closed ? { closed: uses.closed } : {}),
  };
}

/**
 * Methods that may validate or read request data: a controller's or a request's, one that is
 * handed arguments (a service's `execute($data)`, a global helper), one in a file that reads
 * `request()` or validates.
 */
function mayUseRequest(facts: MethodFacts, role: ClassRole): boolean {
  if (role.controller || role.request === true) return true;
  if (role.passive === true) return false;
  return role.readsRequest === true || facts.params.length > 0;
}

/**
 * A method without parameters whose first `return` is a literal string, number or boolean:
 * a setting a class overrides (`username()` giving `'login'`), read where the value is used.
 */
function returnsScalar(method: Node): boolean {
  if (children(method, 'arguments').length > 0) return false;
  const kind = firstReturn(method)?.expr?.kind;
  return kind === 'string' || kind === 'number' || kind === 'boolean';
}

/**
 * Methods whose returned value other code folds: a request's helpers, traits (mixed into
 * requests), static helpers (`ValidationPatterns::nameRules()`), global functions, and any
 * method named for rules or validation.
 */
function mayBeFolded(name: string, facts: MethodFacts, role: ClassRole): boolean {
  return (
    role.request === true ||
    role.trait === true ||
    role.provider ||
    role.routes === true ||
    facts.static === true ||
    name === 'function' ||
    /rule|valid/i.test(name) ||
    // A controller's helper giving settings by argument (`channelConfig('email')['rules']`).
    (role.controller && facts.visibility !== 'public')
  );
}

/** The context a method's body is evaluated in: its parameters, and what holds the request. */
function innerContext(ctx: EvalContext, facts: MethodFacts, role: ClassRole): EvalContext {
  const request: string[] = [];
  const types: Record<string, string> = {};
  for (const p of facts.params) {
    if (p.name === 'request' || (p.type !== undefined && /Request$/.test(p.type)))
      request.push(p.name);
    if (p.type?.includes('\\')) types[p.name] = p.type;
  }
  return {
    ...ctx,
    params: facts.params.map((p) => p.name),
    request: {
      variables: request.length > 0 ? new Set(request) : NO_VARIABLES,
      // A trait's `$this->get($field)` reads the request when a FormRequest uses it.
      self: role.request === true || role.trait === true,
      global: role.readsRequest === true,
    },
    types: (name) => (Object.hasOwn(types, name) ? types[name] : undefined),
  };
}

const NO_VARIABLES: ReadonlySet<string> = new Set();

function returnedValue(method: Node, ctx: EvalContext, variables: Map<string, Node>) {
  return evaluate(firstReturn(method)?.expr, { ...lateProperties(ctx), variables });
}

/**
 * The context without the class's own property defaults: `$this->rules` stays a read of the
 * property, since a subclass may declare it again; it is resolved for the class the method is
 * called on (see `resolve/value.ts`).
 */
function lateProperties(ctx: EvalContext): EvalContext {
  const rest = { ...ctx };
  delete rest.property;
  return rest;
}

/** The first returned value when it is built from something worth folding later, else undefined. */
function valueReturned(
  method: Node,
  ctx: EvalContext,
  variables: () => Map<string, Node>,
): PhpValue | undefined {
  const first = firstReturn(method);
  if (!first?.expr || !VALUE_KINDS.has(first.expr.kind)) return undefined;
  const value = evaluate(first.expr, { ...lateProperties(ctx), variables: variables() });
  const plainUnknown = typeof value === 'object' && value?.kind === 'unknown' && !value.late;
  return plainUnknown ? undefined : value;
}

/**
 * Whether a method may declare routes: it names the `Route` facade or a `$router`, requires a
 * file, calls `$this->routes()`, `loadRoutesFrom()` or a route class's `map()`.
 */
function mentionsRoutes(method: Node, ctx: EvalContext): boolean {
  let found = false;
  walk(method, (node) => {
    if (found) return false;
    // The facade, whatever it is imported as (`use ...\Facades\Route as Router;`).
    if (node.kind === 'name' && shortName(classOfNameNode(ctx.scope, node) ?? '') === 'Route')
      found = true;
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
