import { child, children, isNode, text, type Node } from './ast.js';
import { FOLDED_FUNCTIONS } from './functions.js';
import {
  ARITHMETIC,
  choose,
  concat,
  late,
  merge,
  offset,
  operate,
  OPERATORS,
  union,
} from './late.js';
import { classOfNameNode, resolveFunctionName, type NameScope } from './names.js';
import { requestRead, type RequestContext } from './request-values.js';
import { describeNode } from './source.js';
import type { PhpArray, PhpValue } from './value.js';

/** What an expression may refer to besides literals: names, the class, locals, properties. */
export interface EvalContext {
  scope: NameScope;
  /** The class the code belongs to: `self::`, `static::`, `__CLASS__`. */
  self?: string;
  /** Its parent: `parent::`. */
  parent?: string;
  /** Local variables → the expression last assigned to them. */
  variables?: ReadonlyMap<string, Node>;
  /** `$this->name`: the class's property defaults. */
  property?: (name: string) => PhpValue | undefined;
  /** A class constant or enum case declared in the same file, already evaluated. */
  constant?: (className: string, name: string) => PhpValue | undefined;
  /** The enclosing function's parameters, in order: reading one gives a late `param` value. */
  params?: readonly string[];
  /** What holds the request: reading an input from it gives a late `input` value. */
  request?: RequestContext;
  /** A parameter's declared class (`CreateUser $action`), for calls followed later. */
  types?: (variable: string) => string | undefined;
  /** A property's declared class (`$this->service`), for calls followed later. */
  propertyType?: (name: string) => string | undefined;
  /**
   * Values of `variables` already evaluated, when the caller evaluates many expressions of one
   * body: each variable's assignment is then evaluated once.
   */
  values?: Map<string, PhpValue>;
}

type Evaluator = (node: Node, ctx: EvalContext, seen: Set<string>) => PhpValue;

/**
 * Evaluates a PHP expression statically into a PhpValue: literals, arrays, concatenation,
 * `::class`, class constants and enum cases, static and function calls with their method
 * chains, `new`. What cannot be known without running PHP becomes `{ kind: 'unknown' }`.
 */
export function evaluate(node: Node | undefined, ctx: EvalContext): PhpValue {
  return node ? evaluateNode(node, ctx, new Set()) : null;
}

function evaluateNode(node: Node, ctx: EvalContext, seen: Set<string>): PhpValue {
  const handler = EVALUATORS[node.kind];
  return handler ? handler(node, ctx, seen) : unknown(node);
}

const EVALUATORS: Record<string, Evaluator> = {
  string: (node) => String(node.value),
  nowdoc: (node) => String(node.value),
  number: (node) => Number(String(node.value).replace(/_/g, '')),
  boolean: (node) => node.value === true,
  nullkeyword: () => null,
  array: evaluateArray,
  encapsed: evaluateEncapsed,
  bin: evaluateBinary,
  unary: evaluateUnary,
  cast: evaluateCast,
  magic: evaluateMagic,
  staticlookup: evaluateStaticLookup,
  call: evaluateCall,
  new: evaluateNew,
  variable: evaluateVariable,
  propertylookup: evaluateProperty,
  parenthesis: (node, ctx, seen) => sub(child(node, 'inner'), ctx, seen),
  retif: evaluateTernary,
  match: evaluateMatch,
  offsetlookup: evaluateOffset,
  name: (node) => {
    const written = text(node, 'name')?.replace(/^\\/, '') ?? '';
    const name = written.toLowerCase();
    if (name === 'true' || name === 'false') return name === 'true';
    if (name === 'null') return null;
    if (Object.hasOwn(PHP_CONSTANTS, written)) return PHP_CONSTANTS[written]!;
    // A global constant of the project, folded by the assembly (`resolve/value.ts`).
    if (/^[A-Z_][A-Z0-9_]*$/.test(written))
      return late({ kind: 'constant', name: written }, written);
    return unknown(node);
  },
};

/** PHP's predefined constants that rules and paths use. */
export const PHP_CONSTANTS: Record<string, string | number> = {
  // 2^63 - 1 as the nearest double: a bound no 64-bit integer passes.
  PHP_INT_MAX: 2 ** 63,
  PHP_INT_MIN: -(2 ** 63),
  PHP_INT_SIZE: 8,
  PHP_FLOAT_EPSILON: Number.EPSILON,
  PHP_FLOAT_MAX: Number.MAX_VALUE,
  PHP_EOL: '\n',
  DIRECTORY_SEPARATOR: '/',
  M_PI: Math.PI,
};

function sub(node: Node | undefined, ctx: EvalContext, seen: Set<string>): PhpValue {
  return node ? evaluateNode(node, ctx, seen) : null;
}

function evaluateArray(node: Node, ctx: EvalContext, seen: Set<string>): PhpValue {
  let items: PhpArray['items'] = [];
  let next = 0;
  /** Arrays spread from values not known here (`...$this->rules()`), in order with the rest. */
  const parts: PhpValue[] = [];
  for (const entry of children(node, 'items')) {
    const value = sub(entry.kind === 'entry' ? child(entry, 'value') : entry, ctx, seen);
    if (entry.unpack === true) {
      if (value && typeof value === 'object' && value.kind === 'array') {
        for (const item of value.items) {
          if (typeof item.key === 'string') items.push(item);
          else items.push({ key: next++, value: item.value });
        }
      } else if (value && typeof value === 'object' && value.kind === 'unknown') {
        parts.push({ kind: 'array', items: withoutListKeys(items) }, value);
        items = [];
        next = 0;
      }
      continue;
    }
    const keyNode = child(entry, 'key');
    const key = keyNode ? sub(keyNode, ctx, seen) : next;
    if (typeof key !== 'string' && typeof key !== 'number') {
      items.push({ key: String(describeNode(keyNode)), value, lateKey: key });
      continue;
    }
    if (typeof key === 'number' && key >= next) next = key + 1;
    items.push({ key, value });
  }
  const array: PhpArray = { kind: 'array', items: withoutListKeys(items) };
  return parts.length === 0 ? array : merge([...parts, array], describeNode(node));
}

/** A list's keys are positions; dropping them keeps list items distinguishable from maps. */
function withoutListKeys(items: PhpArray['items']): PhpArray['items'] {
  const isList = items.every((item, i) => item.key === i);
  return isList ? items.map((item) => ({ value: item.value })) : items;
}

function evaluateEncapsed(node: Node, ctx: EvalContext, seen: Set<string>): PhpValue {
  let out: PhpValue = '';
  for (const part of children(node, 'value')) {
    const value = sub(child(part, 'expression'), ctx, seen);
    if (!concatenable(value)) return unknown(node);
    out = concat(out, value, describeNode(node));
  }
  return out;
}

function evaluateBinary(node: Node, ctx: EvalContext, seen: Set<string>): PhpValue {
  const type = String(node.type);
  const left = sub(child(node, 'left'), ctx, seen);
  if (type === '??')
    return left === null || isUnknown(left) ? sub(child(node, 'right'), ctx, seen) : left;
  const right = sub(child(node, 'right'), ctx, seen);
  if (type === '.') return concatenation(left, right, node);
  if (Object.hasOwn(OPERATORS, type)) return operation(type, [left, right], node);
  if (type === '+' && (isArrayLike(left) || isArrayLike(right)))
    return union(left, right, describeNode(node));
  const op = ARITHMETIC[type];
  if (op && typeof left === 'number' && typeof right === 'number') return op(left, right);
  // `config('app.upload_limit') * 1000`: folded once the configuration is read.
  const later = (v: PhpValue) =>
    typeof v === 'number' ||
    (typeof v === 'object' && v !== null && (isLate(v) || v.kind === 'call'));
  if (op && later(left) && later(right))
    return late({ kind: 'op', op: type, args: [left, right] }, describeNode(node));
  return unknown(node);
}

/** A comparison or logic operator: its result when the operands are known, else kept late. */
function operation(op: string, args: PhpValue[], node: Node): PhpValue {
  const known = operate(op, args);
  if (known !== undefined) return known;
  return args.every((a) => typeof a !== 'object' || a === null || isLate(a))
    ? late({ kind: 'op', op, args }, describeNode(node))
    : unknown(node);
}

/**
 * `a . b`: the parts are kept when each is a scalar, a call, a constant or an unknown (known
 * later, or only at run time: `'exists:clients,id,' . $user->id` still says which rule it is).
 */
function concatenation(left: PhpValue, right: PhpValue, node: Node): PhpValue {
  // `Throttle::class . ':api'`: a class name is a string.
  if (typeof left === 'object' && left?.kind === 'class') left = left.name;
  if (typeof right === 'object' && right?.kind === 'class') right = right.name;
  return concatenable(left) && concatenable(right)
    ? concat(left, right, describeNode(node))
    : unknown(node);
}

function concatenable(value: PhpValue): boolean {
  if (typeof value === 'string' || typeof value === 'number') return true;
  if (typeof value !== 'object' || value === null) return false;
  return value.kind === 'unknown' || value.kind === 'call' || value.kind === 'const';
}

/** An array, or a value that may be one once known (`$rules + [...]`). */
function isArrayLike(value: PhpValue): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (value.kind === 'array') return true;
  if (value.kind === 'call') return /^array_/.test(value.callee);
  return value.kind === 'unknown' && value.late !== undefined && value.late.kind !== 'concat';
}

/**
 * `test ? a : b` (and `test ?: b`): the branch when the test is known, else both kept for the
 * assembly to pick from once it is (a parameter bound to an argument).
 */
function evaluateTernary(node: Node, ctx: EvalContext, seen: Set<string>): PhpValue {
  const test = sub(child(node, 'test'), ctx, seen);
  const whenTrue = child(node, 'trueExpr') ? sub(child(node, 'trueExpr'), ctx, seen) : test;
  const whenFalse = sub(child(node, 'falseExpr'), ctx, seen);
  return choose(test, whenTrue, whenFalse, describeNode(node));
}

/**
 * `match ($x) { 'a', 'b' => ..., default => ... }`: the arm the subject picks once it is known
 * (a parameter, when the call is followed), each arm a conditional on `===` until then. Without
 * a `default`, no arm matching is an error, not a value.
 */
function evaluateMatch(node: Node, ctx: EvalContext, seen: Set<string>): PhpValue {
  const subject = sub(child(node, 'cond'), ctx, seen);
  let result: PhpValue = unknown(node);
  for (const arm of [...children(node, 'arms')].reverse()) {
    const body = sub(child(arm, 'body'), ctx, seen);
    const conds = children(arm, 'conds');
    if (conds.length === 0) {
      result = body;
      continue;
    }
    const tests = conds.map((c) => operation('===', [subject, sub(c, ctx, seen)], node));
    const test = tests.reduce((a, b) => operation('||', [a, b], node));
    result = choose(test, body, result, describeNode(node));
  }
  return result;
}

/** `$rules['latitude']`: the item, or the lookup kept until the base is known. */
function evaluateOffset(node: Node, ctx: EvalContext, seen: Set<string>): PhpValue {
  const keyNode = child(node, 'offset');
  if (!keyNode) return unknown(node);
  const base = sub(child(node, 'what'), ctx, seen);
  return offset(base, sub(keyNode, ctx, seen), describeNode(node)) ?? unknown(node);
}

function evaluateUnary(node: Node, ctx: EvalContext, seen: Set<string>): PhpValue {
  if (node.type === '!') return operation('!', [sub(child(node, 'what'), ctx, seen)], node);
  const value = sub(child(node, 'what'), ctx, seen);
  if (typeof value !== 'number') return unknown(node);
  if (node.type === '-') return -value;
  return node.type === '+' ? value : unknown(node);
}

function evaluateCast(node: Node, ctx: EvalContext, seen: Set<string>): PhpValue {
  const value = sub(child(node, 'expr'), ctx, seen);
  if (typeof value === 'object' && value !== null && (isLate(value) || value.kind === 'call'))
    return late({ kind: 'cast', type: String(node.type), value }, describeNode(node));
  return castValue(value, String(node.type)) ?? unknown(node);
}

/** PHP's scalar casts; undefined for what they cannot fold. */
export function castValue(value: PhpValue, type: string): PhpValue | undefined {
  if (value === null || typeof value === 'object') return undefined;
  switch (type) {
    case 'int':
      return Math.trunc(Number(value));
    case 'float':
      return Number(value);
    case 'string':
      return String(value);
    case 'bool':
      return Boolean(value);
    default:
      return undefined;
  }
}

function evaluateMagic(node: Node, ctx: EvalContext): PhpValue {
  switch (node.value) {
    case '__DIR__':
      return '{{__DIR__}}';
    case '__FILE__':
      return '{{__FILE__}}';
    case '__CLASS__':
      return ctx.self ?? '';
    case '__NAMESPACE__':
      return ctx.scope.namespace;
    default:
      return unknown(node);
  }
}

/** The class a `Foo::`, `self::`, `static::` or `parent::` prefix names. */
export function lookupClass(node: Node | undefined, ctx: EvalContext): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'selfreference' || node.kind === 'staticreference') return ctx.self;
  if (node.kind === 'parentreference') return ctx.parent;
  if (node.kind === 'name') {
    const name = text(node, 'name')?.toLowerCase();
    if (name === 'self' || name === 'static') return ctx.self;
    if (name === 'parent') return ctx.parent;
  }
  return classOfNameNode(ctx.scope, node);
}

function evaluateStaticLookup(node: Node, ctx: EvalContext): PhpValue {
  const className = lookupClass(child(node, 'what'), ctx);
  const offset = child(node, 'offset');
  if (className && offset?.kind === 'variable' && typeof offset.name === 'string')
    return late({ kind: 'static-property', className, name: offset.name }, describeNode(node));
  if (!className || offset?.kind !== 'identifier') return unknown(node);
  const name = String(offset.name);
  if (name.toLowerCase() === 'class') return { kind: 'class', name: className };
  const known = ctx.constant?.(className, name);
  if (known !== undefined) return known;
  return { kind: 'const', className, name };
}

function evaluateArgs(node: Node, ctx: EvalContext, seen: Set<string>) {
  const args: PhpValue[] = [];
  const named: Record<string, PhpValue> = {};
  for (const arg of children(node, 'arguments')) {
    if (arg.kind === 'namedargument') named[String(arg.name)] = sub(child(arg, 'value'), ctx, seen);
    else args.push(evaluateNode(arg, ctx, seen));
  }
  return Object.keys(named).length > 0 ? { args, named } : { args };
}

function evaluateCall(node: Node, ctx: EvalContext, seen: Set<string>): PhpValue {
  const what = child(node, 'what');
  const read = requestRead(node, ctx, (n) => sub(n, ctx, seen));
  if (read) return read;
  const { args, named } = evaluateArgs(node, ctx, seen);
  if (what?.kind === 'name') {
    const callee = resolveFunctionName(ctx.scope, String(what.name), text(what, 'resolution'));
    const fold = FOLDED_FUNCTIONS[callee.toLowerCase()];
    const folded = fold?.(args);
    if (folded !== undefined) return folded;
    return named ? { kind: 'call', callee, args, named } : { kind: 'call', callee, args };
  }
  if (isConfigGet(what, ctx)) return { kind: 'call', callee: 'config', args };
  if (what?.kind === 'staticlookup') {
    const className = lookupClass(child(what, 'what'), ctx);
    const method = text(what, 'offset');
    if (!className || !method) return unknown(node);
    const callee = `${className}::${method}`;
    return named ? { kind: 'call', callee, args, named } : { kind: 'call', callee, args };
  }
  if (what?.kind === 'propertylookup' || what?.kind === 'nullsafepropertylookup') {
    const method = text(what, 'offset');
    const target = child(what, 'what');
    if (method && target?.kind === 'variable' && target.name === 'this')
      return late({ kind: 'this-call', method, args }, describeNode(node));
    const service = method ? propertyClass(target, ctx) : undefined;
    // `$this->attachments->getFileValidationRules()`: the typed property's method, whose return
    // the assembly reads as it reads a static call's.
    if (service) return { kind: 'call', callee: `${service}::${method}`, args };
    const receiver = sub(target, ctx, seen);
    if (
      method &&
      receiver &&
      typeof receiver === 'object' &&
      (receiver.kind === 'call' || receiver.kind === 'new')
    ) {
      return { ...receiver, chain: [...(receiver.chain ?? []), { method, args }] };
    }
  }
  return unknown(node);
}

/** `$this->service` with `service` a property typed as a class: that class. */
function propertyClass(node: Node | undefined, ctx: EvalContext): string | undefined {
  if (node?.kind !== 'propertylookup') return undefined;
  const target = child(node, 'what');
  const name = text(node, 'offset');
  if (target?.kind !== 'variable' || target.name !== 'this' || !name) return undefined;
  const type = ctx.propertyType?.(name);
  return type?.includes('\\') ? type : undefined;
}

/**
 * `Config::get('a.b', $default)`, `config()->get(...)`, `app('config')->get(...)`,
 * `$this->app['config']->get(...)`: the same as `config('a.b', $default)`.
 */
function isConfigGet(what: Node | undefined, ctx: EvalContext): boolean {
  if (what?.kind === 'staticlookup') {
    const className = lookupClass(child(what, 'what'), ctx);
    return text(what, 'offset') === 'get' && /(^|\\)Config$/.test(className ?? '');
  }
  if (what?.kind !== 'propertylookup' || text(what, 'offset') !== 'get') return false;
  const target = child(what, 'what');
  if (target?.kind === 'offsetlookup') {
    const offset = child(target, 'offset');
    return offset?.kind === 'string' && offset.value === 'config';
  }
  if (target?.kind !== 'call') return false;
  const fn = child(target, 'what');
  const args = children(target, 'arguments');
  if (fn?.kind !== 'name') return false;
  const name = String(fn.name).replace(/^\\/, '');
  if (name === 'config') return args.length === 0;
  return (
    name === 'app' && args.length === 1 && args[0]?.kind === 'string' && args[0].value === 'config'
  );
}

function evaluateNew(node: Node, ctx: EvalContext, seen: Set<string>): PhpValue {
  const className = lookupClass(child(node, 'what'), ctx);
  if (!className) return unknown(node);
  const { args, named } = evaluateArgs(node, ctx, seen);
  return named ? { kind: 'new', className, args, named } : { kind: 'new', className, args };
}

function evaluateVariable(node: Node, ctx: EvalContext, seen: Set<string>): PhpValue {
  const name = typeof node.name === 'string' ? node.name : undefined;
  const assigned = name ? ctx.variables?.get(name) : undefined;
  if (name && assigned && !seen.has(name)) {
    const known = ctx.values?.get(name);
    if (known !== undefined) return known;
    const value = evaluateNode(assigned, ctx, new Set(seen).add(name));
    ctx.values?.set(name, value);
    return value;
  }
  const read = requestRead(node, ctx, (n) => sub(n, ctx, seen));
  if (read) return read;
  const position = name ? (ctx.params?.indexOf(name) ?? -1) : -1;
  if (name && position >= 0) return late({ kind: 'param', name, position }, `$${name}`);
  return unknown(node);
}

function evaluateProperty(node: Node, ctx: EvalContext, seen: Set<string>): PhpValue {
  const what = child(node, 'what');
  const name = text(node, 'offset');
  if (what?.kind === 'variable' && what.name === 'this' && name) {
    return ctx.property?.(name) ?? late({ kind: 'property', name }, describeNode(node));
  }
  return requestRead(node, ctx, (n) => sub(n, ctx, seen)) ?? unknown(node);
}

function unknown(node: Node | undefined): PhpValue {
  const source = describeNode(node);
  return source ? { kind: 'unknown', source } : { kind: 'unknown' };
}

function isLate(value: PhpValue): boolean {
  return typeof value === 'object' && value !== null && value.kind === 'unknown' && !!value.late;
}

export function isUnknown(value: unknown): boolean {
  return isNode(value) && value.kind === 'unknown';
}
