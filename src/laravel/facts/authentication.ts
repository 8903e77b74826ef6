import { child, children, walk, type Node } from '../php/ast.js';
import { argValue, flattenChain, functionCall, staticCall, type Link } from '../php/chain.js';
import { evaluate, lookupClass, type EvalContext } from '../php/evaluate.js';
import { shortName } from '../php/names.js';
import type { PhpValue } from '../php/value.js';
import type { AuthUseFacts } from './types.js';

/**
 * Guard methods that ask whether the request is authenticated or read its user: authentication
 * when the class refuses with 401 (a middleware setting the locale from `Auth::user()` does
 * not). `once()`, `attempt()` and `validate()` check credentials read elsewhere (the basic ones,
 * an input): they name no scheme of their own.
 */
const ASKS = new Set(['check', 'guest', 'user', 'id', 'hasUser', 'viaRemember', 'shouldUse']);
/** Guard methods that refuse with 401 themselves: `authenticate()` throws, `onceBasic()` answers. */
const REFUSES = new Set(['authenticate', 'onceBasic', 'basic']);
/** HTTP basic authentication, by the guard. */
const BASIC_METHODS = new Set(['onceBasic', 'basic']);
const REQUEST_BASIC = new Set(['getUser', 'getPassword']);
const PHP_AUTH = /^PHP_AUTH_(USER|PW)$/;
/** What holds an authentication manager or a guard: `$this->auth->guard('api')`. */
const AUTH_TYPES =
  /^Illuminate\\(Auth\\AuthManager|Contracts\\Auth\\(Factory|Guard|StatefulGuard))$/;
const AUTH_FACADE = /^(Illuminate\\Support\\Facades\\)?Auth$/;
const UNAUTHORIZED_EXCEPTIONS =
  /^(AuthenticationException|UnauthorizedHttpException|Unauthori[sz]edException)$/;
const UNAUTHORIZED = 401;

/**
 * What a middleware's method does to authenticate a request: the guards it asks (`Auth::check()`,
 * `auth('api')->user()`, `$this->auth->guard()->authenticate()`, `auth()->shouldUse('api')`),
 * HTTP basic credentials (`Auth::onceBasic()`, `$request->getUser()`, `PHP_AUTH_USER`), whether it
 * refuses with a 401 (`abort(401)`, `AuthenticationException`, a 401 response), and the methods
 * of its own class it calls, which the assembly follows.
 * @see https://laravel.com/docs/authentication#stateless-http-basic-authentication
 */
export function authenticationUses(body: Node, ctx: EvalContext): AuthUseFacts | undefined {
  const guards = new Set<string>();
  const calls = new Set<string>();
  let basic = false;
  let unauthorized = false;
  walk(body, (node) => {
    if (node.kind === 'class') return false;
    if (node.kind === 'throw' && throwsUnauthorized(child(node, 'what'), ctx)) unauthorized = true;
    if (node.kind === 'new' && refusesWith401(node, ctx)) unauthorized = true;
    if (node.kind === 'offsetlookup' && readsServerBasic(node)) basic = true;
    if (node.kind !== 'call') return;
    if (refusesWith401(node, ctx)) unauthorized = true;
    const chain = flattenChain(node);
    const own = ownMethod(chain.root, chain.links);
    if (own) calls.add(own);
    const request = requestCall(chain.root, chain.links, ctx);
    if (request && (REQUEST_BASIC.has(request.name) || isPhpAuthRead(request, ctx))) basic = true;
    if (request?.name === 'user') guards.add(stringArg(request.args[0], ctx) ?? '');
    const guard = guardCall(chain.root, chain.links, ctx);
    if (!guard || !(ASKS.has(guard.method) || REFUSES.has(guard.method))) return;
    if (BASIC_METHODS.has(guard.method)) basic = true;
    else guards.add(guard.guard);
    if (REFUSES.has(guard.method)) unauthorized = true;
  });
  const facts: AuthUseFacts = {};
  if (guards.size > 0) facts.guards = [...guards].sort();
  if (basic) facts.basic = true;
  if (unauthorized) facts.unauthorized = true;
  if (calls.size > 0) facts.calls = [...calls].sort();
  return Object.keys(facts).length > 0 ? facts : undefined;
}

/**
 * A call on a guard: `Auth::check()`, `Auth::guard('api')->user()`, `auth('api')->check()`,
 * `auth()->guard('api')->check()`, `app('auth')->...`, `$this->auth->guard()->...`. The guard
 * is the one named last (`''`: the default guard), the method the last link's.
 */
function guardCall(
  root: Node,
  links: readonly Link[],
  ctx: EvalContext,
): { guard: string; method: string } | undefined {
  let guard = '';
  let rest = links;
  const stat = staticCall(root);
  const fn = functionCall(root);
  if (stat && AUTH_FACADE.test(lookupClass(stat.what, ctx) ?? '')) {
    if (links.length === 0) return { guard: '', method: stat.method };
    if (stat.method !== 'guard') return undefined;
    guard = stringArg(stat.args[0], ctx) ?? '';
  } else if (fn?.name === 'auth') {
    guard = stringArg(fn.args[0], ctx) ?? '';
  } else if (fn?.name === 'app' && stringArg(fn.args[0], ctx) === 'auth') {
    guard = '';
  } else if (root.kind === 'variable' && root.name === 'this' && links[0] && !links[0].call) {
    const type = ctx.propertyType?.(links[0].name);
    if (!type || !AUTH_TYPES.test(type)) return undefined;
    rest = links.slice(1);
  } else return undefined;
  if (rest.length === 0) return undefined;
  for (const link of rest.slice(0, -1)) {
    if (!link.call) return undefined;
    if (link.name === 'guard') guard = stringArg(link.args[0], ctx) ?? '';
    else if (link.name !== 'setRequest') return undefined;
  }
  const last = rest.at(-1)!;
  if (!last.call) return undefined;
  if (last.name === 'shouldUse')
    return { guard: stringArg(last.args[0], ctx) ?? '', method: last.name };
  return { guard, method: last.name };
}

/** `$request->getUser()`, `$request->user('api')`, `$request->header('PHP_AUTH_USER')`. */
function requestCall(
  root: Node,
  links: readonly Link[],
  ctx: EvalContext,
): { name: string; args: Node[] } | undefined {
  const [first] = links;
  if (links.length !== 1 || !first?.call) {
    // `request()->getUser()`
    return links.length === 1 && first?.call && functionCall(root)?.name === 'request'
      ? { name: first.name, args: first.args }
      : undefined;
  }
  const isRequest =
    root.kind === 'variable' &&
    typeof root.name === 'string' &&
    (ctx.request?.variables.has(root.name) === true || root.name === 'request');
  return isRequest || functionCall(root)?.name === 'request'
    ? { name: first.name, args: first.args }
    : undefined;
}

function isPhpAuthRead(call: { name: string; args: Node[] }, ctx: EvalContext): boolean {
  return (
    (call.name === 'header' || call.name === 'server') &&
    PHP_AUTH.test(stringArg(call.args[0], ctx) ?? '')
  );
}

/** `$_SERVER['PHP_AUTH_USER']`. */
function readsServerBasic(node: Node): boolean {
  const what = child(node, 'what');
  const offset = child(node, 'offset');
  return (
    what?.kind === 'variable' &&
    what.name === '_SERVER' &&
    offset?.kind === 'string' &&
    PHP_AUTH.test(String(offset.value))
  );
}

/** `$this->name(...)`. */
function ownMethod(root: Node, links: readonly Link[]): string | undefined {
  const [first] = links;
  return root.kind === 'variable' && root.name === 'this' && links.length === 1 && first?.call
    ? first.name
    : undefined;
}

/**
 * `abort(401)`, `abort_if($x, 401)`, `abort_unless($x, 401)`, `response($body, 401)`,
 * `response()->json($body, 401)`, `new JsonResponse($body, 401)`.
 */
function refusesWith401(node: Node, ctx: EvalContext): boolean {
  const args = node.kind === 'new' ? children(node, 'arguments') : undefined;
  if (args)
    return /Response$/.test(lookupClass(child(node, 'what'), ctx) ?? '') && is401(args[1], ctx);
  const fn = functionCall(node);
  if (fn?.name === 'abort') return is401(fn.args[0], ctx);
  if (fn?.name === 'abort_if' || fn?.name === 'abort_unless') return is401(fn.args[1], ctx);
  if (fn?.name === 'response') return is401(fn.args[1], ctx);
  const { root, links } = flattenChain(node);
  const last = links.at(-1);
  return (
    links.length === 1 &&
    functionCall(root)?.name === 'response' &&
    last?.call === true &&
    /^(json|make|noContent)$/.test(last.name) &&
    is401(last.args[last.name === 'noContent' ? 0 : 1], ctx)
  );
}

function throwsUnauthorized(what: Node | undefined, ctx: EvalContext): boolean {
  if (what?.kind !== 'new') return false;
  return UNAUTHORIZED_EXCEPTIONS.test(shortName(lookupClass(child(what, 'what'), ctx) ?? ''));
}

/** 401, `Response::HTTP_UNAUTHORIZED`. */
function is401(arg: Node | undefined, ctx: EvalContext): boolean {
  const value: PhpValue = evaluate(argValue(arg), ctx);
  if (value === UNAUTHORIZED) return true;
  return (
    typeof value === 'object' &&
    value !== null &&
    value.kind === 'const' &&
    (value.value === UNAUTHORIZED || value.name === 'HTTP_UNAUTHORIZED')
  );
}

function stringArg(arg: Node | undefined, ctx: EvalContext): string | undefined {
  const value = evaluate(argValue(arg), ctx);
  return typeof value === 'string' ? value : undefined;
}
