// An interpreter of PHP test code, as far as facts about requests and responses need: values
// of strings, arrays and constants; the test's helpers inlined with their arguments bound;
// requests made on the test case; what is asserted on their responses.
import { findConstant, findMethod } from './classes.mjs';
import { qualify } from './parse.mjs';
import { responseMethod } from './response.mjs';
import { callFunction } from './functions.mjs';
import { arr, asString, isArr, lookup, THIS, UNKNOWN, UNKNOWN_PART, withKeys } from './values.mjs';

const MAX_DEPTH = 8;
const MAX_LOOP = 25;
const MAX_STEPS = 50_000;

/** Methods of the test case that return the test case (for chains: `actingAs($u)->getJson`). */
const FLUENT =
  /^(with|without|acting|be$|from|followingRedirects|disable|enable|mock|partialMock|spy|instance|swap|travel|freeze|session|flush|handleValidation|signIn|login|loginAs|asUser|asAdmin|authenticate)/i;

/** Request methods of the test case: name → [HTTP method or undefined for `json`/`call`]. */
const REQUESTS = new Map(
  ['get', 'post', 'put', 'patch', 'delete', 'options', 'head'].flatMap((m) => [
    [m, m],
    [`${m}json`, m],
  ]),
);
REQUESTS.set('json', undefined);
REQUESTS.set('call', undefined);

/**
 * A frame: `vars`, `self` (the class whose code runs: `self::`, `parent::`), `cls` (the test
 * class: `$this->helper()`), `scope` (names), `file`, `depth`, and `test`, the state of the test
 * being run (its properties, requests and facts).
 */
export function frame(test, cls, scope, file, vars = new Map()) {
  return { vars, self: cls, cls, scope, file, depth: 0, test, ret: undefined, done: false };
}

export function runStatements(nodes, f) {
  for (const node of nodes ?? []) {
    if (f.done) return;
    statement(node, f);
  }
}

function statement(node, f) {
  if (++f.test.steps > MAX_STEPS) {
    f.done = true;
    return;
  }
  switch (node.kind) {
    case 'expressionstatement':
      evaluate(node.expression, f);
      return;
    case 'return':
      f.ret = node.expr ? evaluate(node.expr, f) : null;
      f.done = true;
      return;
    case 'block':
      runStatements(node.children, f);
      return;
    case 'if':
      evaluate(node.test, f);
      branch(node.body, f);
      if (node.alternate) branch(node.alternate, f);
      return;
    case 'foreach':
      return foreachLoop(node, f);
    case 'for':
    case 'while':
    case 'do':
      for (const init of node.init ?? []) evaluate(init, f);
      if (node.test && !Array.isArray(node.test)) evaluate(node.test, f);
      branch(node.body, f);
      return;
    case 'try':
      // A catch block runs only when the test's main path failed: its assertions are not read.
      branch(node.body, f);
      if (node.always) branch(node.always, f);
      return;
    case 'switch':
      evaluate(node.test, f);
      for (const c of node.body?.children ?? []) branch(c.body, f);
      return;
    case 'echo':
    case 'unset':
    case 'throw':
      return;
    default:
      return;
  }
}

/** A branch runs in the same frame; a `return` inside it ends the function. */
function branch(node, f) {
  if (!node) return;
  if (node.kind === 'block') runStatements(node.children, f);
  else statement(node, f);
}

function foreachLoop(node, f) {
  const source = evaluate(node.source, f);
  const entries = isArr(source)
    ? source.entries.slice(0, MAX_LOOP)
    : [{ key: UNKNOWN, value: UNKNOWN }];
  for (const entry of entries) {
    if (node.key) assign(node.key, typeof entry.key === 'object' ? UNKNOWN : entry.key, f);
    assign(node.value, entry.value, f);
    branch(node.body, f);
    if (f.done) return;
  }
}

export function evaluate(node, f) {
  if (!node) return UNKNOWN;
  switch (node.kind) {
    case 'string':
      return node.value;
    case 'number':
      return Number(node.value.replaceAll('_', ''));
    case 'boolean':
      return node.value;
    case 'nullkeyword':
      return null;
    case 'nowdoc':
      return node.value;
    case 'encapsed':
      return node.value.map((part) => asString(evaluate(part.expression, f))).join('');
    case 'variable':
      if (node.name === 'this') return THIS;
      return typeof node.name === 'string' ? (f.vars.get(node.name) ?? UNKNOWN) : UNKNOWN;
    case 'array':
      return arrayValue(node, f);
    case 'bin':
      return binary(node, f);
    case 'cast':
      return evaluate(node.expr, f);
    case 'parenthesis':
      return evaluate(node.inner, f);
    case 'assign':
      return assignment(node, f);
    case 'propertylookup':
    case 'nullsafepropertylookup':
      return property(node, f);
    case 'staticlookup':
      return staticValue(node, f);
    case 'offsetlookup':
      return offset(node, f);
    case 'call':
      return call(node, f);
    case 'closure':
    case 'arrowfunc':
      return { t: 'closure', node, f };
    case 'isset':
    case 'empty':
      for (const v of node.variables ?? [node.expression]) optional(evaluate(v, f));
      return UNKNOWN;
    case 'retif':
      evaluate(node.test, f);
      evaluate(node.trueExpr, f);
      evaluate(node.falseExpr, f);
      return UNKNOWN;
    case 'unary':
    case 'post':
    case 'pre':
      evaluate(node.what, f);
      return UNKNOWN;
    case 'new':
      for (const a of node.arguments ?? []) evaluate(a, f);
      return UNKNOWN;
    case 'match':
      evaluate(node.cond, f);
      return UNKNOWN;
    default:
      return UNKNOWN;
  }
}

/** A json read that a `??`, `isset` or `empty` guards: it says nothing is there. */
function optional(v) {
  if (v?.t === 'json') v.optional = true;
  return v;
}

function arrayValue(node, f) {
  const entries = [];
  for (const item of node.items ?? []) {
    if (!item) continue;
    const value = evaluate(item.value ?? item, f);
    if (item.unpack) {
      if (isArr(value))
        for (const e of value.entries)
          entries.push(typeof e.key === 'number' ? { value: e.value } : e);
      continue;
    }
    const key = item.key ? evaluate(item.key, f) : undefined;
    entries.push({ key: typeof key === 'object' && key !== null ? '\u0000?' : key, value });
  }
  return arr(withKeys(entries));
}

function binary(node, f) {
  const left = evaluate(node.left, f);
  if (node.type === '??') {
    optional(left);
    const right = evaluate(node.right, f);
    return left === UNKNOWN || left?.t === 'json' ? (left?.t === 'json' ? left : right) : left;
  }
  const right = evaluate(node.right, f);
  if (node.type === '.') return asString(left) + asString(right);
  if (typeof left === 'number' && typeof right === 'number') {
    if (node.type === '+') return left + right;
    if (node.type === '-') return left - right;
    if (node.type === '*') return left * right;
  }
  return UNKNOWN;
}

function assignment(node, f) {
  let value = evaluate(node.right, f);
  if (node.operator === '.=') value = asString(evaluate(node.left, f)) + asString(value);
  else if (node.operator === '??=') {
    const now = evaluate(node.left, f);
    if (now !== UNKNOWN && now !== null) value = now;
  } else if (node.operator !== '=') value = UNKNOWN;
  assign(node.left, value, f);
  return value;
}

function assign(target, value, f) {
  if (target.kind === 'variable' && typeof target.name === 'string') f.vars.set(target.name, value);
  else if (
    target.kind === 'propertylookup' &&
    isThis(target.what) &&
    target.offset.kind === 'identifier'
  )
    f.test.props.set(target.offset.name, value);
  else if (target.kind === 'staticlookup' && target.offset.kind === 'identifier')
    f.test.props.set(`static:${target.offset.name}`, value);
  else if (target.kind === 'offsetlookup') {
    const base = evaluate(target.what, f);
    if (!isArr(base)) return;
    const key = target.offset ? evaluate(target.offset, f) : undefined;
    base.entries = withKeys([
      ...base.entries,
      { key: typeof key === 'object' ? undefined : key, value },
    ]);
  } else if (target.kind === 'list' || target.kind === 'array') {
    target.items?.forEach((item, i) => {
      if (!item) return;
      const inner = item.value ?? item;
      const key = item.key ? evaluate(item.key, f) : i;
      assign(inner, isArr(value) ? (lookup(value, key) ?? UNKNOWN) : UNKNOWN, f);
    });
  }
}

const isThis = (n) => n?.kind === 'variable' && n.name === 'this';

function property(node, f) {
  const base = evaluate(node.what, f);
  const name = node.offset.kind === 'identifier' ? node.offset.name : undefined;
  if (base === THIS && name) return f.test.props.get(name) ?? UNKNOWN;
  if (base?.t === 'json' && name)
    return { t: 'json', resp: base.resp, path: [...base.path, name], n: f.test.requests.length };
  if (base?.t === 'expect' && name === 'not') return { ...base, not: !base.not };
  if (base?.t === 'expect' && name === 'and') return base;
  return UNKNOWN;
}

function offset(node, f) {
  const base = evaluate(node.what, f);
  const key = node.offset ? evaluate(node.offset, f) : UNKNOWN;
  if (isArr(base)) return lookup(base, key) ?? UNKNOWN;
  const segment = typeof key === 'number' || /^\d+$/.test(String(key)) ? '*' : key;
  if (typeof segment !== 'string') return UNKNOWN;
  if (base?.t === 'json')
    return { t: 'json', resp: base.resp, path: [...base.path, segment], n: f.test.requests.length };
  // A TestResponse is ArrayAccess over its JSON body.
  if (base?.t === 'resp')
    return { t: 'json', resp: base, path: [segment], n: f.test.requests.length };
  return UNKNOWN;
}

/** `Foo::BAR`, `self::X`, `Foo::class`, `static::$prop`. */
function staticValue(node, f) {
  const cls = className(node.what, f);
  if (node.offset.kind === 'identifier' && node.offset.name === 'class') return cls ?? UNKNOWN;
  if (node.offset.kind === 'variable')
    return f.test.props.get(`static:${node.offset.name}`) ?? UNKNOWN;
  const name = node.offset.name;
  const found = cls && findConstant(f.test.find, cls, name);
  if (!found || f.depth > MAX_DEPTH) return UNKNOWN;
  const inner = frame(f.test, found.owner.fqcn, found.owner.scope, found.owner.file);
  inner.depth = f.depth + 1;
  return evaluate(found.node, inner);
}

/** The class a `static`/`self`/`parent`/name refers to. */
export function className(node, f) {
  if (
    node.kind !== 'name' &&
    node.kind !== 'selfreference' &&
    node.kind !== 'staticreference' &&
    node.kind !== 'parentreference'
  )
    return undefined;
  const raw = node.kind === 'name' ? node.name : node.raw;
  const lower = raw.toLowerCase();
  if (lower === 'self' || lower === 'static') return lower === 'static' ? f.cls : f.self;
  if (lower === 'parent') return f.test.find(f.self)?.parent;
  return qualify(raw, f.scope);
}

function argumentsOf(node, f) {
  const values = [];
  const named = new Map();
  for (const a of node.arguments ?? []) {
    if (a.kind === 'namedargument') named.set(a.name, evaluate(a.value, f));
    else if (a.kind === 'variadic') {
      const v = evaluate(a.what, f);
      if (isArr(v))
        for (const e of v.entries)
          if (typeof e.key === 'string') named.set(e.key, e.value);
          else values.push(e.value);
    } else values.push(evaluate(a, f));
  }
  return { values, named };
}

function call(node, f) {
  const what = node.what;
  if (what.kind === 'name') {
    const args = argumentsOf(node, f);
    return callFunction(what.name, args, node, f);
  }
  if (what.kind === 'propertylookup' || what.kind === 'nullsafepropertylookup') {
    const name = what.offset.kind === 'identifier' ? what.offset.name : undefined;
    const target = evaluate(what.what, f);
    const args = argumentsOf(node, f);
    if (!name) return UNKNOWN;
    return callMethod(target, name, args, node, f);
  }
  if (what.kind === 'staticlookup') {
    const name = what.offset.kind === 'identifier' ? what.offset.name : undefined;
    const args = argumentsOf(node, f);
    if (!name) return UNKNOWN;
    const cls = className(what.what, f);
    const raw = (what.what.name ?? what.what.raw ?? '').toLowerCase();
    // `parent::setUp()`, `self::helper()`, `static::helper()`: the test case's own code.
    if (['parent', 'self', 'static'].includes(raw)) return callOnTest(cls, name, args, node, f);
    if (/^assert/.test(name) || /\\?(Assert|PHPUnit)$/.test(cls ?? ''))
      return callMethod(THIS, name, args, node, f);
    return UNKNOWN;
  }
  if (what.kind === 'closure' || what.kind === 'arrowfunc' || what.kind === 'variable') {
    const closure = evaluate(what, f);
    return closure?.t === 'closure'
      ? invokeClosure(closure, argumentsOf(node, f).values, f)
      : UNKNOWN;
  }
  return UNKNOWN;
}

export function callMethod(target, name, args, node, f) {
  if (target === THIS) return callOnTest(f.cls, name, args, node, f);
  return responseMethod(target, name, args, node, f);
}

/** A method called on the test case: a request, an assertion, or a helper to inline. */
function callOnTest(cls, name, args, node, f) {
  const lower = name.toLowerCase();
  const helper = cls && findMethod(f.test.find, cls, name);
  if (helper && helper.node.body && !REQUESTS.has(lower)) return invoke(helper, args, f);
  if (REQUESTS.has(lower)) return request(REQUESTS.get(lower), args, node, f);
  if (/^assert/.test(lower)) return f.test.assertValues(name, args, node, f);
  if (FLUENT.test(name)) return THIS;
  return UNKNOWN;
}

function request(method, { values, named }, node, f) {
  let [first, second] = values;
  let uri = named.get('uri') ?? first;
  let data = named.get('data') ?? second;
  if (method === undefined) {
    method = typeof first === 'string' ? first.toLowerCase() : undefined;
    uri = named.get('uri') ?? second;
    data = named.get('data') ?? named.get('parameters') ?? values[2];
  }
  // Method spoofing: a POST whose data says `_method` is routed as that method.
  const spoofed = method === 'post' && isArr(data) ? lookup(data, '_method') : undefined;
  if (typeof spoofed === 'string' && /^(put|patch|delete)$/i.test(spoofed))
    method = spoofed.toLowerCase();
  const record = {
    method,
    url: typeof uri === 'string' ? uri : undefined,
    file: f.file,
    line: node.loc?.start.line,
    test: f.test.label,
    statuses: [],
  };
  f.test.requests.push(record);
  return { t: 'resp', r: record };
}

/** A helper of the test case, inlined: its parameters bound to the call's arguments. */
export function invoke({ node, owner }, args, f) {
  if (f.depth >= MAX_DEPTH) return UNKNOWN;
  const inner = frame(f.test, owner.fqcn, owner.scope, owner.file, bind(node.arguments, args, f));
  inner.cls = f.cls;
  inner.depth = f.depth + 1;
  runStatements(node.body?.children ?? [], inner);
  return inner.ret ?? null;
}

export function invokeClosure(closure, values, f) {
  const { node, f: outer } = closure;
  if (f.depth >= MAX_DEPTH) return UNKNOWN;
  // A closure sees the variables it `use`s; an arrow function sees every variable around it.
  const vars = node.kind === 'arrowfunc' ? new Map(outer.vars) : new Map();
  for (const u of node.uses ?? []) vars.set(u.name, outer.vars.get(u.name) ?? UNKNOWN);
  for (const [k, v] of bind(node.arguments, { values, named: new Map() }, outer)) vars.set(k, v);
  const inner = { ...outer, vars, depth: f.depth + 1, ret: undefined, done: false };
  if (node.kind === 'arrowfunc') return evaluate(node.body, inner);
  runStatements(node.body?.children ?? [], inner);
  return inner.ret ?? null;
}

/** Parameters bound to arguments, defaults evaluated where an argument is missing. */
function bind(params, { values, named }, f) {
  const vars = new Map();
  (params ?? []).forEach((p, i) => {
    const name = p.name?.name ?? p.name;
    if (p.variadic) vars.set(name, arr(values.slice(i).map((value, key) => ({ key, value }))));
    else if (named.has(name)) vars.set(name, named.get(name));
    else if (i < values.length) vars.set(name, values[i]);
    else vars.set(name, p.value ? evaluate(p.value, f) : UNKNOWN);
  });
  return vars;
}

export { UNKNOWN, UNKNOWN_PART };
