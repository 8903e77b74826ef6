import { child, children, lineOf, type Node } from '../php/ast.js';
import { argValue, flattenChain, staticCall, type Link } from '../php/chain.js';
import { evaluate, lookupClass, type EvalContext } from '../php/evaluate.js';
import { shortName } from '../php/names.js';
import { arrayRecord, isPhpArray, type PhpValue } from '../php/value.js';
import { analyseHandler } from '../controllers/handler.js';
import { analyseUses } from '../controllers/uses.js';
import { collectAssignments } from '../php/variables.js';
import type { ActionDecl, ChainCall, HandlerFacts, RouteDecl } from '../facts/types.js';
import { lookupTable } from '../php/lookup.js';
import { bodyOf } from '../ir/body.js';
import { typeHints } from '../ir/hints.js';

/** `Route::get(...)` and friends: the HTTP methods each registers. */
const VERBS: Record<string, string[] | 'match'> = lookupTable({
  get: ['get'],
  post: ['post'],
  put: ['put'],
  patch: ['patch'],
  delete: ['delete'],
  options: ['options'],
  any: ['get', 'post', 'put', 'patch', 'delete', 'options'],
  match: 'match',
});

const RESOURCES: Record<string, { api: boolean; many: boolean; singleton?: boolean }> = lookupTable(
  {
    resource: { api: false, many: false },
    apiResource: { api: true, many: false },
    resources: { api: false, many: true },
    apiResources: { api: true, many: true },
    singleton: { api: false, many: false, singleton: true },
    apiSingleton: { api: true, many: false, singleton: true },
    singletons: { api: false, many: true, singleton: true },
    apiSingletons: { api: true, many: true, singleton: true },
  },
);

/** Registrations that serve no API operation (views, redirects, the fallback). */
const IGNORED = new Set(['view', 'redirect', 'permanentRedirect', 'fallback', 'bind', 'model']);

/** `Route::group([...])` array keys → the registrar method each stands for. */
const GROUP_KEYS: Record<string, string> = lookupTable({
  prefix: 'prefix',
  middleware: 'middleware',
  as: 'name',
  name: 'name',
  namespace: 'namespace',
  where: 'where',
  controller: 'controller',
  domain: 'domain',
  excluded_middleware: 'withoutMiddleware',
  withoutMiddleware: 'withoutMiddleware',
  scope_bindings: 'scopeBindings',
});

/**
 * The route declarations among some statements, as written: groups keep their children,
 * `require`s their path, and every registrar call is kept in order for the flattening step.
 * @see https://laravel.com/docs/routing
 */
export function routeDeclarations(
  statements: Node[],
  ctx: EvalContext,
  registrars: Registrars = new Map(),
): RouteDecl[] {
  return statements.flatMap((statement) => declarationsOf(statement, ctx, registrars));
}

/**
 * Variables holding a route registrar (`$routes = Route::middleware('api');`), by name: the
 * links called on it so far. A registrar is mutable, so `$routes->prefix('api');` adds to it and
 * `$routes->group(...)` registers with everything it was given.
 */
type Registrars = Map<string, Link[]>;

function declarationsOf(statement: Node, ctx: EvalContext, registrars: Registrars): RouteDecl[] {
  switch (statement.kind) {
    case 'expressionstatement':
      return expression(child(statement, 'expression'), ctx, registrars);
    case 'block':
      return routeDeclarations(children(statement, 'children'), ctx, registrars);
    case 'if':
      return [child(statement, 'body'), child(statement, 'alternate')].flatMap((s) =>
        s ? declarationsOf(s, ctx, registrars) : [],
      );
    case 'foreach':
    case 'for':
    case 'while':
    case 'try':
      return declarationsOf(child(statement, 'body') ?? statement, ctx, registrars);
    default:
      return [];
  }
}

function expression(
  expr: Node | undefined,
  ctx: EvalContext,
  registrars: Registrars = new Map(),
): RouteDecl[] {
  if (!expr) return [];
  if (expr.kind === 'include')
    return [
      {
        kind: 'require',
        line: lineOf(expr),
        path: evaluate(child(expr, 'target'), ctx),
        calls: [],
      },
    ];
  if (expr.kind === 'assign') return assignment(expr, ctx, registrars);
  if (expr.kind !== 'call') return [];
  const links = routerLinks(expr, ctx) ?? registrarLinks(expr, registrars);
  if (links) return fromLinks(links, ctx);
  const called = callDecl(expr, ctx);
  return called ? [called] : [];
}

/**
 * `$routes = Route::middleware('api')`: a registrar kept for the statements after it; an
 * assignment whose chain registers (`$route = Route::get(...)`) is a declaration as well.
 */
function assignment(expr: Node, ctx: EvalContext, registrars: Registrars): RouteDecl[] {
  const left = child(expr, 'left');
  const right = child(expr, 'right');
  if (left?.kind !== 'variable' || typeof left.name !== 'string' || right?.kind !== 'call')
    return [];
  const links = routerLinks(right, ctx) ?? registrarLinks(right, registrars);
  if (!links) return [];
  const decls = fromLinks(links, ctx);
  if (decls.length === 0 && links.every((l) => !IGNORED.has(l.name)))
    registrars.set(left.name, links);
  return decls;
}

/** A chain on a registrar variable: its links after the registrar's; a modifier adds to it. */
function registrarLinks(expr: Node, registrars: Registrars): Link[] | undefined {
  const { root, links } = flattenChain(expr);
  if (root.kind !== 'variable' || typeof root.name !== 'string') return undefined;
  const held = registrars.get(root.name);
  if (!held) return undefined;
  const all = [...held, ...links];
  if (!links.some((l) => VERBS[l.name] || RESOURCES[l.name] || l.name === 'group'))
    registrars.set(root.name, all);
  return all;
}

/**
 * `$this->mapApiRoutes()`, `RouteFile::load('v1')`, `$routes->map($router)`: calls that may
 * register routes in another method (followed by the assembly, which knows every class).
 */
function callDecl(expr: Node, ctx: EvalContext): RouteDecl | undefined {
  const line = lineOf(expr);
  const args = () => children(expr, 'arguments').map((a) => evaluate(argValue(a), ctx));
  const call = staticCall(expr);
  if (call) {
    const className = lookupClass(call.what, ctx);
    if (!className || shortName(className) === 'Route') return undefined;
    return className === ctx.self
      ? { kind: 'call', line, method: call.method, args: args() }
      : { kind: 'call', line, className, method: call.method, args: args() };
  }
  const { root, links } = flattenChain(expr);
  if (links.length !== 1 || root.kind !== 'variable') return undefined;
  const link = links[0]!;
  if (root.name === 'this') return { kind: 'call', line, method: link.name, args: args() };
  const handsRouter = link.args.some((a) => argValue(a)?.kind === 'variable');
  return link.name === 'map' && handsRouter ? { kind: 'classes', line } : undefined;
}

/** The chain's links when it starts at the router: `Route::...`, `$router->...`, `$this->routes(...)`. */
function routerLinks(expr: Node, ctx: EvalContext): Link[] | undefined {
  const { root, links } = flattenChain(expr);
  const call = staticCall(root);
  if (call) {
    const className = lookupClass(call.what, ctx);
    if (!className || shortName(className) !== 'Route') return undefined;
    return [
      { name: call.method, args: call.args, call: true, nullsafe: false, line: lineOf(root) },
      ...links,
    ];
  }
  if (root.kind === 'variable' && (root.name === 'router' || root.name === 'route')) return links;
  if (root.kind === 'variable' && root.name === 'this' && links.length === 1) {
    const link = links[0]!;
    if (link.name === 'routes') return [{ ...link, name: 'group' }];
    if (link.name === 'loadRoutesFrom') return [{ ...link, name: 'group' }];
  }
  return undefined;
}

function fromLinks(links: Link[], ctx: EvalContext): RouteDecl[] {
  const calls: ChainCall[] = [];
  for (const [i, link] of links.entries()) {
    const rest = () => links.slice(i + 1).map((l) => toCall(l, ctx));
    const verb = VERBS[link.name];
    const resource = RESOURCES[link.name];
    if (verb) return [route(link, verb, [...calls, ...rest()], ctx)];
    if (resource) return [resourceDecl(link, resource, [...calls, ...rest()], ctx)];
    if (link.name === 'group') return [group(link, calls, ctx)];
    if (link.name === 'pattern' || link.name === 'patterns') return patterns(link, ctx);
    if (IGNORED.has(link.name)) return [];
    calls.push(toCall(link, ctx));
  }
  return [];
}

function toCall(link: Link, ctx: EvalContext): ChainCall {
  return { method: link.name, args: link.args.map((a) => evaluate(argValue(a), ctx)) };
}

function route(
  link: Link,
  verb: string[] | 'match',
  calls: ChainCall[],
  ctx: EvalContext,
): RouteDecl {
  const args = link.args.map(argValue);
  const [methodsNode, uriNode, actionNode] = verb === 'match' ? args : [undefined, ...args];
  const methods =
    verb === 'match'
      ? (isPhpArray(evaluate(methodsNode, ctx))
          ? arrayStrings(evaluate(methodsNode, ctx))
          : [String(evaluate(methodsNode, ctx))]
        ).map((m) => m.toLowerCase())
      : verb;
  const uri = evaluate(uriNode, ctx);
  const decl: RouteDecl = {
    kind: 'route',
    line: link.line,
    methods,
    uri: typeof uri === 'string' ? uri : '',
    calls,
  };
  if (typeof uri !== 'string' && decl.kind === 'route') decl.uriValue = uri;
  const action = actionOf(actionNode, ctx);
  if (action) decl.action = action;
  return decl;
}

function actionOf(node: Node | undefined, ctx: EvalContext): ActionDecl | undefined {
  if (!node) return undefined;
  if (node.kind === 'closure' || node.kind === 'arrowfunc') return closureAction(node, ctx);
  return { kind: 'value', value: evaluate(node, ctx) };
}

/** A closure action: what it does, and the calls it makes (to follow them). */
function closureAction(node: Node, ctx: EvalContext): ActionDecl {
  const handler = closureHandler(node, ctx);
  const params = handler.params.map((p) => p.name);
  const request = handler.params
    .filter((p) => p.name === 'request' || /Request$/.test(p.type ?? ''))
    .map((p) => p.name);
  const body = child(node, 'body') ?? node;
  const uses = analyseUses(body, {
    ...ctx,
    params,
    request: { variables: new Set(request), global: true },
    variables: collectAssignments(node.kind === 'arrowfunc' ? undefined : body, {
      compose: true,
      params,
    }),
  });
  const kept = {
    ...(uses?.calls ? { calls: uses.calls } : {}),
    ...(uses?.fills ? { fills: uses.fills } : {}),
  };
  return Object.keys(kept).length > 0
    ? { kind: 'closure', handler, uses: kept }
    : { kind: 'closure', handler };
}

function resourceDecl(
  link: Link,
  kind: { api: boolean; many: boolean; singleton?: boolean },
  calls: ChainCall[],
  ctx: EvalContext,
): RouteDecl {
  const [first, second, third] = link.args.map((a) => evaluate(argValue(a), ctx));
  const entries = kind.many ? Object.entries(arrayRecord(first)) : [[first, second] as const];
  const resources = entries.flatMap(([name, controller]) => {
    const className =
      typeof controller === 'object' && controller?.kind === 'class' ? controller.name : controller;
    return typeof name === 'string' && typeof className === 'string'
      ? [{ name, controller: className }]
      : [];
  });
  const decl: RouteDecl = {
    kind: 'resource',
    line: link.line,
    api: kind.api,
    resources,
    options: (kind.many ? second : third) ?? null,
    calls,
  };
  if (kind.singleton) decl.singleton = true;
  return decl;
}

function group(link: Link, calls: ChainCall[], ctx: EvalContext): RouteDecl {
  const args = link.args.map(argValue);
  const body = args[args.length - 1];
  const attributes = args.length > 1 ? evaluate(args[0], ctx) : undefined;
  const allCalls = [...calls, ...groupAttributes(attributes)];
  const decl: RouteDecl = { kind: 'group', line: link.line, calls: allCalls, children: [] };
  if (body && (body.kind === 'closure' || body.kind === 'arrowfunc')) {
    decl.children =
      body.kind === 'arrowfunc'
        ? expression(child(body, 'body'), ctx)
        : routeDeclarations(children(child(body, 'body'), 'children'), closureContext(body, ctx));
  } else if (body) {
    decl.children = [{ kind: 'require', line: link.line, path: evaluate(body, ctx), calls: [] }];
  }
  return decl;
}

/** A group closure's own locals, over those it can see (`use ($middleware)`, the file's). */
function closureContext(closure: Node, ctx: EvalContext): EvalContext {
  const own = collectAssignments(child(closure, 'body'), {
    compose: true,
    ...(ctx.params ? { params: ctx.params } : {}),
  });
  if (own.size === 0) return ctx;
  return { ...ctx, variables: new Map([...(ctx.variables ?? []), ...own]) };
}

function groupAttributes(attributes: PhpValue | undefined): ChainCall[] {
  return Object.entries(arrayRecord(attributes)).flatMap(([key, value]) => {
    const method = GROUP_KEYS[key];
    return method ? [{ method, args: [value] }] : [];
  });
}

function patterns(link: Link, ctx: EvalContext): RouteDecl[] {
  const [first, second] = link.args.map((a) => evaluate(argValue(a), ctx));
  const entries =
    link.name === 'patterns' ? Object.entries(arrayRecord(first)) : [[first, second] as const];
  return entries.flatMap(([name, regex]) =>
    typeof name === 'string' && typeof regex === 'string'
      ? [{ kind: 'pattern' as const, line: link.line, name, regex }]
      : [],
  );
}

function arrayStrings(value: PhpValue): string[] {
  return isPhpArray(value)
    ? value.items.map((i) => i.value).filter((v): v is string => typeof v === 'string')
    : [];
}

/** A route closure: what it does, and its body and types for the type engine. */
function closureHandler(node: Node, ctx: EvalContext): HandlerFacts {
  const handler = analyseHandler(node, ctx);
  handler.body = bodyOf(node, { names: ctx.scope });
  const hints = typeHints(node, undefined, ctx.scope, undefined);
  if (hints) handler.hints = hints;
  return handler;
}
