import { child, children, docComment, lineOf, type Node } from '../php/ast.js';
import { resolveClassName, type NameScope } from '../php/names.js';
import { allOf, condition, not } from './condition.js';
import { parseDocType, parseDocVar } from './doctype.js';
import { define, fork, join, localValue, type Scope } from './scope.js';
import { classRef } from './class-ref.js';
import { transcribe } from './transcribe.js';
import type { Body, Cond, DocType, Expr, FnParam, Guard, Ret } from './types.js';

export interface BodyContext {
  names: NameScope;
  self?: string;
  parent?: string;
}

/**
 * A function's or method's body as the type engine reads it: what each `return` yields, with
 * locals replaced by the definitions that reach it. Control flow is followed as far as that
 * is cheap: a definition inside an `if` joins the one before it, a branch that returns does not
 * flow on, `instanceof` tests on parameters guard the returns inside them.
 */
export function bodyOf(fn: Node, ctx: BodyContext): Body {
  const defs: Expr[] = [];
  const scope: Scope = {
    names: ctx.names,
    ...(ctx.self ? { self: ctx.self } : {}),
    ...(ctx.parent ? { parent: ctx.parent } : {}),
    params: new Set(paramNames(fn)),
    env: new Map(),
    defs,
    closure,
    thisEffects: [],
    thisSets: [],
    thisCalls: [],
    renderers: [],
    assigned: new Map(),
  };
  const { returns, throws } = functionExits(fn, scope);
  const { thisEffects, thisSets, thisCalls, renderers } = scope;
  const changed = paramsAfter(scope);
  return {
    defs,
    returns,
    ...(throws.length > 0 ? { throws } : {}),
    ...(changed ? { paramsAfter: changed } : {}),
    ...(thisEffects!.length > 0 ? { thisEffects } : {}),
    ...(thisSets!.length > 0 ? { thisSets } : {}),
    ...(thisCalls!.length > 0 ? { thisCalls: [...new Set(thisCalls)] } : {}),
    ...(renderers!.length > 0 ? { renderers } : {}),
  };
}

/** Parameters whose value at the end of the body is the parameter changed by calls on it. */
function paramsAfter(scope: Scope): Record<string, Expr> | undefined {
  let out: Record<string, Expr> | undefined;
  for (const name of scope.params) {
    const ids = scope.env.get(name);
    if (!ids || ids.length === 0) continue;
    const roots = ids.map((id) => changedParam(scope.defs, scope.defs[id], name));
    if (roots.includes(undefined) || !roots.includes(true)) continue;
    (out ??= {})[name] = localValue(scope, name)!;
  }
  return out;
}

/**
 * Whether an expression is the parameter `name` itself (false) or changed by calls (true);
 * undefined for any other value (the parameter was reassigned, or changed as an array, which
 * PHP passes by value).
 */
function changedParam(
  defs: readonly Expr[],
  expr: Expr | undefined,
  name: string,
): boolean | undefined {
  switch (expr?.kind) {
    case 'param':
      return expr.name === name ? false : undefined;
    case 'def':
      return changedParam(defs, defs[expr.id], name);
    case 'effect':
    case 'passed':
      return changedParam(defs, expr.on, name) === undefined ? undefined : true;
    case 'notnull':
    case 'instance':
      return changedParam(defs, expr.of, name);
    case 'union': {
      const each = expr.of.map((e) => changedParam(defs, e, name));
      return each.includes(undefined) ? undefined : each.includes(true);
    }
    default:
      return undefined;
  }
}

/** The parameters of a function-like node, with their declared types. */
export function fnParams(fn: Node, names: NameScope, self?: string): FnParam[] {
  return children(fn, 'arguments').map((p) => {
    const name = typeof p.name === 'string' ? p.name : String(child(p, 'name')?.name ?? '');
    const type = typeNode(child(p, 'type'), names, self, p.nullable === true);
    return type ? { name, type } : { name };
  });
}

/** A declared PHP type (`?User`, `int|string`, `self`) as a DocType. */
export function typeNode(
  node: Node | undefined,
  names: NameScope,
  self: string | undefined,
  nullable = false,
): DocType | undefined {
  if (!node) return undefined;
  let type: DocType | undefined;
  if (node.kind === 'typereference') {
    type = { kind: 'name', name: String(node.name ?? node.raw ?? '').toLowerCase() };
  } else if (node.kind === 'selfreference' || node.kind === 'staticreference') {
    type = self
      ? { kind: 'name', name: node.kind === 'staticreference' ? 'static' : self }
      : undefined;
  } else if (node.kind === 'uniontype' || node.kind === 'intersectiontype') {
    const of = children(node, 'types')
      .map((t) => typeNode(t, names, self))
      .filter((t): t is DocType => !!t);
    type = node.kind === 'uniontype' ? { kind: 'union', of } : of[0];
  } else if (node.kind === 'name') {
    const written = String(node.name);
    const lower = written.toLowerCase();
    type =
      lower === 'self' || lower === 'static'
        ? { kind: 'name', name: lower === 'static' ? 'static' : (self ?? 'self') }
        : { kind: 'name', name: resolveClassName(names, written, String(node.resolution)) };
  }
  if (!type) return undefined;
  if (nullable || node.nullable === true)
    return { kind: 'union', of: [type, { kind: 'name', name: 'null' }] };
  return type;
}

function paramNames(fn: Node): string[] {
  return children(fn, 'arguments').map((p) =>
    typeof p.name === 'string' ? p.name : String(child(p, 'name')?.name ?? ''),
  );
}

/** What a function returns, and the responses it throws. */
function functionExits(fn: Node, scope: Scope): { returns: Ret[]; throws: Ret[] } {
  if (fn.kind === 'arrowfunc') {
    const body = child(fn, 'body');
    return { returns: [{ line: lineOf(body ?? fn), expr: transcribe(body, scope) }], throws: [] };
  }
  const flow: Flow = { returns: [], throws: [], guards: [], holds: [] };
  const body = child(fn, 'body');
  if (body) statements(children(body, 'children'), scope, flow);
  return { returns: flow.returns, throws: flow.throws };
}

/** A closure or arrow function in an expression: its own parameters, the locals it captures. */
function closure(node: Node, outer: Scope): Expr {
  const params = fnParams(node, outer.names, outer.self);
  const env = new Map<string, number[]>();
  if (node.kind === 'arrowfunc') for (const [k, v] of outer.env) env.set(k, v);
  for (const used of children(node, 'uses')) {
    const name = typeof used.name === 'string' ? used.name : undefined;
    const ids = name ? outer.env.get(name) : undefined;
    if (name && ids) env.set(name, ids);
    else if (name && outer.params.has(name)) {
      // A captured parameter of the outer function is opaque inside the closure.
      env.set(name, [outer.defs.push({ kind: 'param', name }) - 1]);
    }
  }
  for (const p of params) env.delete(p.name);
  const scope: Scope = { ...outer, params: new Set(params.map((p) => p.name)), env };
  const { returns, throws } = functionExits(node, scope);
  const fn: Expr = { kind: 'fn', params, returns, ...(throws.length > 0 ? { throws } : {}) };
  // `use (&$user)`: what the closure assigns reaches the code after it (it may have run).
  for (const used of children(node, 'uses')) {
    const name = typeof used.name === 'string' ? used.name : undefined;
    const inner = name && used.byref === true ? scope.env.get(name) : undefined;
    if (name && inner)
      outer.env.set(name, [...new Set([...(outer.env.get(name) ?? []), ...inner])]);
  }
  return fn;
}

interface Flow {
  returns: Ret[];
  /** The responses thrown (`throw new HttpResponseException(response()->json(...))`). */
  throws: Ret[];
  /** `instanceof` tests on parameters that hold where the walk is. */
  guards: Guard[];
  /**
   * Conditions on parameters that hold where the walk is: an `if`'s, inside it and past it
   * when the other branch leaves the function. Each nested walk has its own list.
   */
  holds: Cond[];
  /** Inside a `catch` block. */
  caught?: true;
}

/** Walks statements in order; true when they always leave the function (return, throw). */
function statements(nodes: Node[], scope: Scope, flow: Flow): boolean {
  for (const node of nodes) if (statement(node, scope, flow)) return true;
  return false;
}

/**
 * A call made as a statement on `$this`, on a class (`self::`, `static::`, `Foo::`) or of a
 * function, without closures among its arguments: one of the project's own helpers, which may
 * throw a response.
 */
function mayThrowResponse(node: Node | undefined): boolean {
  if (node?.kind !== 'call') return false;
  if (children(node, 'arguments').some((a) => a.kind === 'closure' || a.kind === 'arrowfunc'))
    return false;
  const what = child(node, 'what');
  if (what?.kind === 'name') return true;
  const on =
    what?.kind === 'propertylookup' || what?.kind === 'staticlookup'
      ? child(what, 'what')
      : undefined;
  return (
    (on?.kind === 'variable' && on.name === 'this') ||
    on?.kind === 'name' ||
    on?.kind === 'selfreference' ||
    on?.kind === 'staticreference' ||
    on?.kind === 'parentreference'
  );
}

/** A way out of the function at `node`, with what holds there. */
function exit(node: Node, expr: Expr | undefined, flow: Flow): Ret {
  const ret: Ret = { line: lineOf(node) };
  if (expr) ret.expr = expr;
  const guard = flow.guards[flow.guards.length - 1];
  if (guard) ret.when = guard;
  const holds = allOf(flow.holds);
  if (holds) ret.holds = holds;
  if (flow.caught) ret.caught = true;
  return ret;
}

/** Laravel renders an `HttpResponseException` as the response it carries. */
const HTTP_RESPONSE_EXCEPTION = 'Illuminate\\Http\\Exceptions\\HttpResponseException';

/** The response a thrown `new HttpResponseException($response)` carries. */
function thrownResponse(thrown: Expr): Expr | undefined {
  if (thrown.kind !== 'new' || thrown.class !== HTTP_RESPONSE_EXCEPTION) return undefined;
  return thrown.args[0] ?? thrown.named?.response;
}

function statement(node: Node, scope: Scope, flow: Flow): boolean {
  switch (node.kind) {
    case 'return': {
      const expr = child(node, 'expr');
      // `return $this->model = $model;`: the assignment holds as well.
      if (expr?.kind === 'assign') expression(expr, scope);
      flow.returns.push(exit(node, expr ? transcribe(expr, scope) : undefined, flow));
      return true;
    }
    case 'throw': {
      const response = thrownResponse(transcribe(child(node, 'what'), scope));
      if (response) flow.throws.push(exit(node, response, flow));
      return true;
    }
    case 'expressionstatement': {
      const expr = child(node, 'expression');
      expression(expr, scope, docVar(node, scope));
      // `$this->fail($e);`, `self::throw($e, 500);`: a helper that may throw a response.
      if (mayThrowResponse(expr))
        flow.throws.push({ ...exit(node, transcribe(expr, scope), flow), via: true });
      return exits(expr);
    }
    case 'block':
      return statements(children(node, 'children'), scope, flow);
    case 'if':
      return ifStatement(node, scope, flow);
    case 'foreach':
    case 'for':
    case 'while':
      loop(node, scope, nested(flow));
      return false;
    case 'do':
      return statementList(child(node, 'body'), scope, nested(flow));
    case 'switch':
      return switchStatement(node, scope, flow);
    case 'try':
      return tryStatement(node, scope, flow);
    default:
      return false;
  }
}

/** `exit`, `die`, `abort(...)` as a statement end the request. */
function exits(node: Node | undefined): boolean {
  if (node?.kind === 'exit') return true;
  if (node?.kind !== 'call') return false;
  const what = child(node, 'what');
  return what?.kind === 'name' && /^\\?abort$/i.test(String(what.name));
}

function statementList(node: Node | undefined, scope: Scope, flow: Flow): boolean {
  if (!node) return false;
  return node.kind === 'block'
    ? statements(children(node, 'children'), scope, flow)
    : statement(node, scope, flow);
}

/** The flow inside a construct: what its walk learns holds there only. */
function nested(flow: Flow, cond?: Cond): Flow {
  return { ...flow, holds: cond ? [...flow.holds, cond] : [...flow.holds] };
}

function ifStatement(node: Node, scope: Scope, flow: Flow): boolean {
  const guard = guardOf(child(node, 'test'), scope);
  const cond = condition(child(node, 'test'), scope, transcribe);
  const branches: Scope[] = [];
  const yes = fork(scope);
  expression(child(node, 'test'), yes);
  const no = fork(yes);
  const tested = localInstanceof(child(node, 'test'), scope);
  if (tested) {
    narrowInstance(yes, tested);
    narrowInstance(no, { ...tested, not: !tested.not });
  }
  const branchFlow = (g: Guard | undefined, c: Cond | undefined): Flow => {
    const inner = nested(flow, c);
    return g ? { ...inner, guards: [...flow.guards, g] } : inner;
  };
  const yesExits = statementList(child(node, 'body'), yes, branchFlow(guard, cond));
  if (!yesExits) branches.push(yes);
  const alternate = child(node, 'alternate');
  const negated: Guard | undefined =
    guard && (guard.not ? { param: guard.param, class: guard.class } : { ...guard, not: true });
  const noExits = alternate
    ? statementList(alternate, no, branchFlow(negated, cond && not(cond)))
    : false;
  if (!noExits) branches.push(no);
  if (branches.length > 0) join(scope, branches);
  if (cond) {
    if (!yesExits && !noExits) chooseLocals(scope, yes, no, cond);
    else if (yesExits !== noExits) flow.holds.push(yesExits ? not(cond) : cond);
  }
  // `if (! $user) { return ...; }`: past it, `$user` is not null.
  // `if ($r instanceof JsonResponse) return $r;`: past it, `$r` is what else it was (`no`).
  if (yesExits && !alternate)
    for (const name of falsyTested(child(node, 'test'))) narrow(scope, name);
  return yesExits && noExits;
}

/**
 * Past an `if` on parameters, a local each branch sets its own way: the one branch or the
 * other, as the engine decides the condition.
 */
function chooseLocals(scope: Scope, yes: Scope, no: Scope, cond: Cond): void {
  for (const name of new Set([...yes.env.keys(), ...no.env.keys()])) {
    const [a, b] = [yes.env.get(name), no.env.get(name)];
    if (!a?.length || !b?.length || a.join() === b.join()) continue;
    const [then, otherwise] = [localValue(yes, name)!, localValue(no, name)!];
    // In the order of the definitions, as a plain join lists them.
    const yesFirst = Math.min(...a) < Math.min(...b);
    define(
      scope,
      name,
      yesFirst
        ? { kind: 'union', of: [then, otherwise], when: cond }
        : { kind: 'union', of: [otherwise, then], when: not(cond) },
    );
  }
}

/** PHP's type tests that narrow a local as `instanceof` does. */
const TYPE_TESTS = new Set([
  'is_int',
  'is_integer',
  'is_string',
  'is_bool',
  'is_float',
  'is_array',
]);

/**
 * `$x === true`, `$valid !== true`, `false == $x`: a test of a local against a boolean,
 * written as the type test `is_true`/`is_false` (`not` for `!==` and `!=`).
 */
function booleanCompared(
  node: Node,
  scope: Scope,
): { name: string; class: string; not: boolean } | undefined {
  const op = String(node.type);
  if (!['===', '!==', '==', '!='].includes(op)) return undefined;
  const sides = [child(node, 'left'), child(node, 'right')];
  const literal = sides.find((n) => n?.kind === 'boolean');
  const local = sides.find((n) => n?.kind === 'variable');
  if (!literal || !local || typeof local.name !== 'string' || local.name === 'this')
    return undefined;
  if (!localValue(scope, local.name)) return undefined;
  const truth = literal.value === true || String(literal.raw).toLowerCase() === 'true';
  return { name: local.name, class: truth ? 'is_true' : 'is_false', not: op.startsWith('!') };
}

/** `$x instanceof Y` (or its negation) on a local, not a parameter (those are `Guard`s). */
function localInstanceof(
  test: Node | undefined,
  scope: Scope,
): { name: string; class: string; not: boolean } | undefined {
  let node = test;
  let not = false;
  for (;;) {
    if (node?.kind === 'unary' && node.type === '!') {
      not = !not;
      node = child(node, 'what');
    } else if (node?.kind === 'parenthesis') node = child(node, 'inner');
    else break;
  }
  // `is_int($x)`, `is_string($x)`, ...: a test of PHP's type, written as the class `is_int`.
  if (node?.kind === 'call') {
    const fn = String(child(node, 'what')?.name ?? '')
      .replace(/^\\/, '')
      .toLowerCase();
    const [arg] = children(node, 'arguments');
    const local = arg?.kind === 'variable' && typeof arg.name === 'string' ? arg.name : undefined;
    if (!TYPE_TESTS.has(fn) || !local || !localValue(scope, local)) return undefined;
    return { name: local, class: fn, not };
  }
  const compared = node?.kind === 'bin' ? booleanCompared(node, scope) : undefined;
  if (compared) return { ...compared, not: compared.not !== not };
  if (node?.kind !== 'bin' || node.type !== 'instanceof') return undefined;
  const left = child(node, 'left');
  const name = left?.kind === 'variable' && typeof left.name === 'string' ? left.name : undefined;
  if (!name || name === 'this' || !localValue(scope, name)) return undefined;
  const className = classRef(child(node, 'right'), scope);
  if (!className || className === 'static') return undefined;
  return { name, class: className, not };
}

function narrowInstance(scope: Scope, t: { name: string; class: string; not: boolean }): void {
  const value = localValue(scope, t.name);
  if (value)
    define(scope, t.name, {
      kind: 'instance',
      of: value,
      class: t.class,
      ...(t.not ? { not: true as const } : {}),
    });
}

/** The variables a condition is true for when they are null or false (`! $x`, `is_null($x)`, ... `||` ...). */
function falsyTested(test: Node | undefined): string[] {
  let node = test;
  while (node?.kind === 'parenthesis') node = child(node, 'inner');
  if (!node) return [];
  if (node.kind === 'bin' && (node.type === '||' || node.type === 'or'))
    return [...falsyTested(child(node, 'left')), ...falsyTested(child(node, 'right'))];
  const name = (n: Node | undefined) =>
    n?.kind === 'variable' && typeof n.name === 'string' && n.name !== 'this' ? [n.name] : [];
  if (node.kind === 'unary' && node.type === '!') {
    const inner = child(node, 'what');
    if (inner?.kind === 'isset') return children(inner, 'variables').flatMap(name);
    return name(inner);
  }
  if (node.kind === 'empty') return name(child(node, 'expression'));
  if (node.kind === 'bin' && (node.type === '===' || node.type === '==')) {
    const [l, r] = [child(node, 'left'), child(node, 'right')];
    if (r?.kind === 'nullkeyword' || (r?.kind === 'boolean' && r.value === false)) return name(l);
    if (l?.kind === 'nullkeyword' || (l?.kind === 'boolean' && l.value === false)) return name(r);
  }
  if (node.kind === 'call') {
    const what = child(node, 'what');
    if (what?.kind === 'name' && /^\\?is_null$/i.test(String(what.name)))
      return name(children(node, 'arguments')[0]);
  }
  return [];
}

function narrow(scope: Scope, name: string): void {
  const value = localValue(scope, name);
  if (value) define(scope, name, { kind: 'notnull', of: value });
}

/** `$x instanceof Y` or `!($x instanceof Y)` on a parameter `$x`. */
function guardOf(test: Node | undefined, scope: Scope): Guard | undefined {
  let node = test;
  let not = false;
  while (node?.kind === 'unary' && node.type === '!') {
    not = !not;
    node = child(node, 'what');
  }
  while (node?.kind === 'parenthesis') node = child(node, 'inner');
  if (node?.kind !== 'bin' || node.type !== 'instanceof') return undefined;
  const left = child(node, 'left');
  const name = left?.kind === 'variable' && typeof left.name === 'string' ? left.name : undefined;
  if (!name || !scope.params.has(name) || scope.env.has(name)) return undefined;
  const className = classRef(child(node, 'right'), scope);
  if (!className || className === 'static') return undefined;
  return not ? { param: name, class: className, not: true } : { param: name, class: className };
}

function loop(node: Node, scope: Scope, flow: Flow): void {
  const inner = fork(scope);
  if (node.kind === 'foreach') {
    const source = transcribe(child(node, 'source'), scope);
    const value = child(node, 'value');
    if (value?.kind === 'variable' && typeof value.name === 'string')
      define(inner, value.name, { kind: 'element', of: source });
    else if (value?.kind === 'list') destructure(value, { kind: 'element', of: source }, inner);
    const key = child(node, 'key');
    if (key?.kind === 'variable' && typeof key.name === 'string')
      define(inner, key.name, { kind: 'elementKey', of: source });
  }
  statementList(child(node, 'body'), inner, flow);
  join(scope, [scope, inner]);
}

function switchStatement(node: Node, scope: Scope, flow: Flow): boolean {
  const cases = children(child(node, 'body'), 'children');
  const branches: Scope[] = [];
  let hasDefault = false;
  let allExit = cases.length > 0;
  for (const c of cases) {
    if (!child(c, 'test')) hasDefault = true;
    const branch = fork(scope);
    const exited = statementList(child(c, 'body'), branch, nested(flow));
    if (!exited) {
      branches.push(branch);
      allExit = false;
    }
  }
  if (!hasDefault) {
    branches.push(fork(scope));
    allExit = false;
  }
  if (branches.length > 0) join(scope, branches);
  return allExit;
}

function tryStatement(node: Node, scope: Scope, flow: Flow): boolean {
  const body = fork(scope);
  const bodyExits = statementList(child(node, 'body'), body, nested(flow));
  const branches = bodyExits ? [] : [body];
  let catchesExit = true;
  for (const c of children(node, 'catches')) {
    const branch = fork(scope);
    join(branch, [scope, body]);
    caughtVariable(c, branch);
    if (!statementList(child(c, 'body'), branch, { ...nested(flow), caught: true })) {
      branches.push(branch);
      catchesExit = false;
    }
  }
  if (branches.length > 0) join(scope, branches);
  const always = child(node, 'always');
  const finallyExits = always ? statementList(always, scope, nested(flow)) : false;
  return finallyExits || (bodyExits && catchesExit && children(node, 'catches').length > 0);
}

/** `catch (NotFoundException | \\RuntimeException $e)`: `$e` is one of those classes. */
function caughtVariable(node: Node, scope: Scope): void {
  const variable = child(node, 'variable');
  if (typeof variable?.name !== 'string') return;
  const of = children(node, 'what').flatMap((n) => typeNode(n, scope.names, scope.self) ?? []);
  if (of.length === 0) return;
  const type: DocType = of.length === 1 ? of[0]! : { kind: 'union', of };
  define(scope, variable.name, { kind: 'doc', type, value: { kind: 'unknown' } });
}

/** `/** @var Type $name *\/` before a statement: the declared type of that local. */
function docVar(node: Node, scope: Scope): { name?: string; type: DocType } | undefined {
  const raw = docComment(node) ?? docComment(child(node, 'expression') ?? node);
  const tag = raw ? /@var\s+([^\n*]+)/.exec(raw)?.[1] : undefined;
  return tag ? parseDocVar(tag, (n) => resolveClassName(scope.names, n)) : undefined;
}

/** Assignments and statement-level calls on locals, anywhere in an expression statement. */
function expression(
  node: Node | undefined,
  scope: Scope,
  doc?: { name?: string; type: DocType },
): void {
  if (!node) return;
  if (node.kind === 'assign') {
    assign(node, scope, doc);
    return;
  }
  // `$count++`: a count now, whatever it started as.
  const counted = node.kind === 'post' || node.kind === 'pre' ? child(node, 'what') : undefined;
  if (counted?.kind === 'variable' && typeof counted.name === 'string' && counted.name !== 'this')
    define(scope, counted.name, { kind: 'scalar', type: 'integer' });
  if (node.kind === 'call') {
    effects(node, scope);
    // A closure passed by reference its locals (`DB::transaction(function () use (&$user) {...})`)
    // is walked for what it assigns.
    if (passesByReference(node)) transcribe(node, scope);
    passes(node, scope);
  }
  // `abort_if(! $user, 404)`, `abort_unless($user, 404)`: past them, `$user` is not null.
  if (node.kind === 'call' && child(node, 'what')?.kind === 'name') {
    const fn = String(child(node, 'what')!.name).replace(/^\\/, '').toLowerCase();
    const [test] = children(node, 'arguments');
    if (fn === 'abort_if') for (const name of falsyTested(test)) narrow(scope, name);
    if (fn === 'abort_unless' && test?.kind === 'variable' && typeof test.name === 'string')
      narrow(scope, test.name);
  }
  // Assignments nested in conditions: `if (! $user = User::find($id))`.
  for (const key of ['test', 'left', 'right', 'expr', 'what', 'inner']) {
    const sub = child(node, key);
    if (
      sub &&
      (sub.kind === 'assign' ||
        sub.kind === 'unary' ||
        sub.kind === 'bin' ||
        sub.kind === 'parenthesis')
    )
      expression(sub, scope);
  }
}

function passesByReference(call: Node): boolean {
  return children(call, 'arguments').some(
    (arg) => arg.kind === 'closure' && children(arg, 'uses').some((u) => u.byref === true),
  );
}

/**
 * A statement-level chain on a local (`$response->header(...)->header(...);`): each call, in
 * order, is an effect on the local (`$this->...` and parameters are left alone).
 */
function effects(node: Node, scope: Scope): void {
  const calls: Node[] = [];
  let at: Node | undefined = node;
  while (at?.kind === 'call' && child(at, 'what')?.kind === 'propertylookup') {
    calls.unshift(at);
    at = child(child(at, 'what'), 'what');
  }
  if (at?.kind === 'propertylookup') {
    thisEffects(at, calls, scope);
    return;
  }
  if (at?.kind === 'variable' && at.name === 'this' && calls.length === 1) {
    // `$this->makeModel();`: a method this one runs (see `Body.thisCalls`).
    const offset = child(child(calls[0]!, 'what'), 'offset');
    if (offset?.kind === 'identifier') scope.thisCalls?.push(String(offset.name));
    selfEffect(calls[0]!, scope);
    if (offset?.kind === 'identifier' && offset.name === 'renderable') {
      const call = transcribe(calls[0]!, scope);
      if (call.kind === 'call' && call.args[0]) scope.renderers?.push(call.args[0]);
    }
    return;
  }
  if (at?.kind !== 'variable' || typeof at.name !== 'string' || at.name === 'this') return;
  const name = at.name;
  for (const call of calls) {
    const offset = child(child(call, 'what'), 'offset');
    if (offset?.kind !== 'identifier') return;
    const on = localValue(scope, name);
    if (!on) return;
    const transcribed = transcribe(call, scope);
    const args = transcribed.kind === 'call' ? transcribed.args : [];
    const named = transcribed.kind === 'call' ? transcribed.named : undefined;
    const method = String(offset.name);
    define(scope, name, { kind: 'effect', on, method, args, ...(named ? { named } : {}) });
  }
}

/**
 * `$this->format($user);`, `self::format($user);`: each local passed to a method of the
 * project is, past the call, what the method leaves it (an object, passed by handle, may have
 * been changed: `$user->makeVisible([...])`).
 */
function passes(node: Node, scope: Scope): void {
  const given = children(node, 'arguments');
  if (!given.some((a) => a.kind === 'variable' && typeof a.name === 'string' && a.name !== 'this'))
    return;
  if (given.some((a) => ['namedargument', 'variadic', 'variadicplaceholder'].includes(a.kind)))
    return;
  const call = transcribe(node, scope);
  const onProject =
    (call.kind === 'call' && call.on.kind === 'this' && call.method !== '') ||
    (call.kind === 'static' && typeof call.class === 'string');
  if (!onProject) return;
  given.forEach((arg, index) => {
    if (arg.kind !== 'variable' || typeof arg.name !== 'string' || arg.name === 'this') return;
    const on = localValue(scope, arg.name);
    if (on) define(scope, arg.name, { kind: 'passed', on, call, index });
  });
}

/**
 * `$this->merge([...]);`: a call with arguments on `$this` itself, recorded with them (what a
 * FormRequest's `prepareForValidation()` does to its input).
 */
function selfEffect(call: Node, scope: Scope): void {
  const offset = child(child(call, 'what'), 'offset');
  if (offset?.kind !== 'identifier' || children(call, 'arguments').length === 0) return;
  const transcribed = transcribe(call, scope);
  if (transcribed.kind !== 'call') return;
  scope.thisEffects?.push({
    method: String(offset.name),
    args: transcribed.args,
    ...(transcribed.named ? { named: transcribed.named } : {}),
  });
}

/** `$this->manager->setSerializer(...)`: recorded for the methods that read `$this->manager`. */
function thisEffects(lookup: Node, calls: Node[], scope: Scope): void {
  const target = child(lookup, 'what');
  const property = child(lookup, 'offset');
  if (target?.kind !== 'variable' || target.name !== 'this') return;
  if (property?.kind !== 'identifier' || !scope.thisEffects) return;
  for (const call of calls) {
    const offset = child(child(call, 'what'), 'offset');
    if (offset?.kind !== 'identifier') return;
    const transcribed = transcribe(call, scope);
    scope.thisEffects.push({
      property: String(property.name),
      method: String(offset.name),
      args: transcribed.kind === 'call' ? transcribed.args : [],
      ...(transcribed.kind === 'call' && transcribed.named ? { named: transcribed.named } : {}),
    });
  }
}

function assign(node: Node, scope: Scope, doc?: { name?: string; type: DocType }): void {
  const left = child(node, 'left');
  const rightNode = child(node, 'right');
  if (!left || !rightNode) return;
  if (rightNode.kind === 'assign') assign(rightNode, scope);
  const operator = String(node.operator ?? '=');
  let value = transcribe(rightNode, scope);
  if (left.kind === 'variable' && typeof left.name === 'string' && left.name !== 'this') {
    if (operator === '.=') {
      const before = localValue(scope, left.name);
      value = before
        ? { kind: 'concat', parts: [before, value] }
        : { kind: 'scalar', type: 'string' };
    } else if (operator === '??=') {
      const before = localValue(scope, left.name);
      value = before ? { kind: 'union', of: [before, value] } : value;
    } else if (operator !== '=') value = { kind: 'scalar', type: 'number' };
    if (doc && (doc.name === undefined || doc.name === left.name))
      value = { kind: 'doc', type: doc.type, value };
    const id = define(scope, left.name, value);
    if (operator === '=') scope.assigned?.set(id, rightNode);
    return;
  }
  if (left.kind === 'list' || left.kind === 'array') {
    destructure(left, value, scope);
    return;
  }
  if (left.kind === 'propertylookup' && operator === '=') {
    const target = child(left, 'what');
    const property = child(left, 'offset');
    if (target?.kind !== 'variable' || typeof target.name !== 'string') return;
    if (property?.kind !== 'identifier') return;
    if (target.name === 'this') {
      scope.thisSets?.push({ property: String(property.name), value });
      return;
    }
    // `$post->excerpt = ...;`: an effect on the local (a model gains the attribute).
    const on = localValue(scope, target.name);
    if (!on) return;
    const key: Expr = { kind: 'value', value: String(property.name) };
    define(scope, target.name, { kind: 'effect', on, method: '__set', args: [key, value] });
    return;
  }
  if (left.kind === 'offsetlookup' && operator === '=') {
    // `$data['key'] = $value` (and `$data['a']['b'] = ...`, kept at the first level).
    let target = left;
    const keys: (Node | undefined)[] = [];
    while (target.kind === 'offsetlookup' && child(target, 'what')?.kind === 'offsetlookup') {
      keys.unshift(child(target, 'offset'));
      target = child(target, 'what')!;
    }
    const base = child(target, 'what');
    if (base?.kind !== 'variable' || typeof base.name !== 'string' || base.name === 'this') return;
    const on = localValue(scope, base.name) ?? { kind: 'array', items: [] };
    define(scope, base.name, nestedSet(on, [child(target, 'offset'), ...keys], value, scope));
  }
}

/**
 * `$data['content']['html'] = $value` (and `$data['tags'][] = $tag`): the inner array as it was,
 * with the key set, set back under the outer key.
 */
function nestedSet(on: Expr, keys: (Node | undefined)[], value: Expr, scope: Scope): Expr {
  const [first, ...rest] = keys;
  const key = first ? transcribe(first, scope) : undefined;
  const inner: Expr =
    rest.length === 0
      ? value
      : nestedSet(
          key ? { kind: 'index', on, key } : { kind: 'unknown', source: 'nested' },
          rest,
          value,
          scope,
        );
  return key ? { kind: 'set', on, key, value: inner } : { kind: 'set', on, value: inner };
}

/** `[$a, $b] = ...`, `['x' => $x] = ...`. */
function destructure(list: Node, value: Expr, scope: Scope): void {
  children(list, 'items').forEach((entry, position) => {
    const target = entry.kind === 'entry' ? child(entry, 'value') : entry;
    const keyNode = child(entry, 'key');
    const key: Expr = keyNode ? transcribe(keyNode, scope) : { kind: 'value', value: position };
    if (target?.kind === 'variable' && typeof target.name === 'string')
      define(scope, target.name, { kind: 'index', on: value, key });
    else if (target?.kind === 'list' || target?.kind === 'array')
      destructure(target, { kind: 'index', on: value, key }, scope);
  });
}

/** A docblock tag's type (`@return`, `@var`), resolved in the file's names. */
export function docTagType(tag: string | undefined, names: NameScope): DocType | undefined {
  return tag ? parseDocType(tag, (n) => resolveClassName(names, n)) : undefined;
}
