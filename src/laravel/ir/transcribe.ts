import { child, children, isNode, lineOf, text, type Node } from '../php/ast.js';
import { resolveFunctionName } from '../php/names.js';
import { describeNode } from '../php/source.js';
import { PHP_CONSTANTS } from '../php/evaluate.js';
import { classRef } from './class-ref.js';
import { condition } from './condition.js';
import { localValue, type Scope } from './scope.js';
import { ARITHMETIC, ARRAY_UNION, type ArrayItem, type Expr } from './types.js';

type Transcriber = (node: Node, scope: Scope) => Expr;

/** An expression in the engine's terms (see `Expr`): names resolved, locals as definitions. */
export function transcribe(node: Node | undefined, scope: Scope): Expr {
  if (!node) return { kind: 'value', value: null };
  const transcriber = TRANSCRIBERS[node.kind];
  return transcriber ? transcriber(node, scope) : unknown(node);
}

const scalar = (type: Extract<Expr, { kind: 'scalar' }>['type']): Expr => ({
  kind: 'scalar',
  type,
});

const COMPARISONS = new Set([
  '==',
  '!=',
  '===',
  '!==',
  '<',
  '>',
  '<=',
  '>=',
  '<>',
  '&&',
  '||',
  'and',
  'or',
  'xor',
  'instanceof',
]);

const CASTS: Record<string, Extract<Expr, { kind: 'cast' }>['type']> = {
  int: 'int',
  integer: 'int',
  float: 'float',
  double: 'float',
  real: 'float',
  string: 'string',
  bool: 'bool',
  boolean: 'bool',
  array: 'array',
  object: 'object',
};

const TRANSCRIBERS: Record<string, Transcriber> = {
  string: (node) => ({ kind: 'value', value: String(node.value) }),
  nowdoc: (node) => ({ kind: 'value', value: String(node.value) }),
  number: (node) => ({ kind: 'value', value: Number(String(node.value).replace(/_/g, '')) }),
  boolean: (node) => ({ kind: 'value', value: node.value === true }),
  nullkeyword: () => ({ kind: 'value', value: null }),
  name: (node) => {
    const written = (text(node, 'name') ?? '').replace(/^\\/, '');
    const lower = written.toLowerCase();
    if (lower === 'true' || lower === 'false') return { kind: 'value', value: lower === 'true' };
    if (lower === 'null') return { kind: 'value', value: null };
    if (Object.hasOwn(PHP_CONSTANTS, written))
      return { kind: 'value', value: PHP_CONSTANTS[written]! };
    return /^[A-Z_][A-Z0-9_]*$/.test(written) ? { kind: 'gconst', name: written } : unknown(node);
  },
  encapsed: encapsed,
  magic: (node, scope) => {
    if (node.value === '__CLASS__') return { kind: 'value', value: scope.self ?? '' };
    if (node.value === '__LINE__') return scalar('integer');
    return scalar('string');
  },
  array: array,
  list: array,
  bin: binary,
  unary: (node, scope) =>
    node.type === '!' ? scalar('boolean') : numeric(transcribe(child(node, 'what'), scope)),
  pre: () => scalar('integer'),
  post: () => scalar('integer'),
  cast: (node, scope) => {
    const type = CASTS[String(node.type)];
    return type
      ? { kind: 'cast', type, of: transcribe(child(node, 'expr'), scope) }
      : unknown(node);
  },
  retif: (node, scope) => {
    const test = child(node, 'test');
    const yes = child(node, 'trueExpr') ?? test;
    const of = [transcribe(yes, scope), transcribe(child(node, 'falseExpr'), scope)];
    // `$required ? 'required' : 'nullable'`: the branch a parameter chooses, where it is known.
    const when = child(node, 'trueExpr') ? condition(test, scope, transcribe) : undefined;
    return when ? { kind: 'union', of, when } : union(of);
  },
  match: (node, scope) =>
    union(
      children(node, 'arms')
        .map((arm) => child(arm, 'body'))
        .filter((body) => body?.kind !== 'throw')
        .map((body) => transcribe(body, scope)),
    ),
  parenthesis: (node, scope) => transcribe(child(node, 'inner'), scope),
  clone: (node, scope) => transcribe(child(node, 'what'), scope),
  variable: variable,
  propertylookup: property,
  nullsafepropertylookup: property,
  staticlookup: staticLookup,
  offsetlookup: (node, scope) => {
    const key = child(node, 'offset');
    const on = transcribe(child(node, 'what'), scope);
    return key ? { kind: 'index', on, key: transcribe(key, scope) } : { kind: 'index', on };
  },
  call: call,
  new: newExpr,
  closure: (node, scope) => scope.closure(node, scope),
  arrowfunc: (node, scope) => scope.closure(node, scope),
  isset: () => scalar('boolean'),
  empty: () => scalar('boolean'),
  assign: (node, scope) => transcribe(child(node, 'right'), scope),
  silent: (node, scope) => transcribe(child(node, 'expr'), scope),
};

function union(of: Expr[]): Expr {
  const flat = of.flatMap((e) => (e.kind === 'union' && !e.when ? e.of : [e]));
  return flat.length === 1 ? flat[0]! : { kind: 'union', of: flat };
}

function numeric(value: Expr): Expr {
  if (value.kind === 'value' && typeof value.value === 'number')
    return { kind: 'value', value: -value.value };
  return scalar('number');
}

function encapsed(node: Node, scope: Scope): Expr {
  return concat(
    children(node, 'value').map((part) => child(part, 'expression')),
    scope,
  );
}

interface Part {
  expr: Expr;
  source?: string | null;
}

/**
 * A string made of parts: one literal when every part is one, else the parts (nested
 * concatenations flattened), which the engine folds once constants and settings are known;
 * each other part's PHP source, which a rule's text shows where the engine cannot fold it.
 */
function concat(nodes: (Node | undefined)[], scope: Scope): Expr {
  const joined: Part[] = [];
  const parts = nodes.flatMap((node): Part[] => {
    const expr = transcribe(node, scope);
    if (expr.kind !== 'concat') return [{ expr, source: sourceOf(node, expr, scope) }];
    return expr.parts.map((p, i) => ({ expr: p, source: expr.sources?.[i] ?? null }));
  });
  for (const part of parts) {
    const last = joined[joined.length - 1];
    const text = textOf(part.expr);
    const before = last && textOf(last.expr);
    if (text !== undefined && before !== undefined)
      joined[joined.length - 1] = { expr: { kind: 'value', value: before + text } };
    else joined.push(part);
  }
  if (joined.length === 0) return { kind: 'value', value: '' };
  if (joined.length === 1 && joined[0]!.expr.kind === 'value') return joined[0]!.expr;
  const sources = joined.map((p) => p.source ?? null);
  return {
    kind: 'concat',
    parts: joined.map((p) => p.expr),
    ...(sources.some((t) => t !== null) ? { sources } : {}),
  };
}

/**
 * A part's PHP source: a local's as assigned (`$max = $pro ? 10000 : 4000;`), else the part's
 * own; none for a literal.
 */
function sourceOf(node: Node | undefined, expr: Expr, scope: Scope): string | null {
  if (!node || expr.kind === 'value') return null;
  const ids =
    node.kind === 'variable' && typeof node.name === 'string'
      ? scope.env.get(node.name)
      : undefined;
  const assigned = ids?.length === 1 ? scope.assigned?.get(ids[0]!) : undefined;
  return describeNode(assigned ?? node) ?? null;
}

/** A literal string or number part, as it prints. */
function textOf(e: Expr): string | undefined {
  return e.kind === 'value' && (typeof e.value === 'string' || typeof e.value === 'number')
    ? String(e.value)
    : undefined;
}

function array(node: Node, scope: Scope): Expr {
  const items: ArrayItem[] = [];
  for (const entry of children(node, 'items')) {
    const valueNode = entry.kind === 'entry' ? child(entry, 'value') : entry;
    const value = transcribe(valueNode, scope);
    if (entry.unpack === true) {
      items.push({ value, spread: true });
      continue;
    }
    const keyNode = child(entry, 'key');
    items.push(keyNode ? { key: transcribe(keyNode, scope), value } : { value });
  }
  return { kind: 'array', items };
}

function binary(node: Node, scope: Scope): Expr {
  const type = String(node.type);
  const left = () => transcribe(child(node, 'left'), scope);
  const right = () => transcribe(child(node, 'right'), scope);
  if (type === '??') return union([{ kind: 'notnull', of: left() }, right()]);
  if (type === '?:') return union([left(), right()]);
  if (type === '.') return concat([child(node, 'left'), child(node, 'right')], scope);
  if (COMPARISONS.has(type)) return scalar('boolean');
  if (type === '+') {
    const [a, b] = [left(), right()];
    if (a.kind === 'array' || b.kind === 'array')
      return { kind: 'func', name: ARRAY_UNION, args: [a, b] };
    return arithmetic('+', a, b);
  }
  if (type === '-' || type === '*' || type === '/') return arithmetic(type, left(), right());
  if (
    type === '%' ||
    type === '<<' ||
    type === '>>' ||
    type === '|' ||
    type === '&' ||
    type === '^'
  )
    return scalar('integer');
  return scalar('number');
}

/** `$a * 2`: a number, folded here when both are literal, else once the parts are known. */
function arithmetic(op: '+' | '-' | '*' | '/', a: Expr, b: Expr): Expr {
  if (
    a.kind === 'value' &&
    b.kind === 'value' &&
    typeof a.value === 'number' &&
    typeof b.value === 'number'
  )
    return { kind: 'value', value: ARITHMETIC[op](a.value, b.value) };
  return { kind: 'arith', op, args: [a, b] };
}

function variable(node: Node, scope: Scope): Expr {
  const name = typeof node.name === 'string' ? node.name : undefined;
  if (name === 'this') return { kind: 'this' };
  if (!name) return unknown(node);
  return localValue(scope, name) ?? unknown(node);
}

function property(node: Node, scope: Scope): Expr {
  const name = text(node, 'offset');
  const on = transcribe(child(node, 'what'), scope);
  if (!name || child(node, 'offset')?.kind !== 'identifier') return unknown(node);
  return node.kind === 'nullsafepropertylookup'
    ? { kind: 'prop', on, name, nullsafe: true }
    : { kind: 'prop', on, name };
}

function staticLookup(node: Node, scope: Scope): Expr {
  const className = classRef(child(node, 'what'), scope);
  const offset = child(node, 'offset');
  if (!className || !offset) return unknown(node);
  if (offset.kind === 'identifier') {
    const name = String(offset.name);
    if (name.toLowerCase() === 'class') return { kind: 'class', name: className };
    return { kind: 'const', class: className, name };
  }
  if (offset.kind === 'variable' && typeof offset.name === 'string')
    return { kind: 'sprop', class: className, name: offset.name };
  return unknown(node);
}

function args(node: Node, scope: Scope): { args: Expr[]; named?: Record<string, Expr> } {
  const positional: Expr[] = [];
  const named: Record<string, Expr> = {};
  for (const arg of children(node, 'arguments')) {
    if (arg.kind === 'namedargument')
      named[String(arg.name)] = transcribe(child(arg, 'value'), scope);
    else if (arg.kind === 'variadicplaceholder') continue;
    else positional.push(transcribe(arg, scope));
  }
  return Object.keys(named).length > 0 ? { args: positional, named } : { args: positional };
}

/** Parameters of a first-class callable (`format(...)`), as many as a callback is given. */
const CALLABLE_PARAMS = ['0', '1', '2'].map((n) => `...${n}`);

function call(node: Node, scope: Scope): Expr {
  const given = children(node, 'arguments');
  if (given.length === 1 && given[0]!.kind === 'variadicplaceholder') {
    // `Tags::serialize(...)`, `$this->format(...)`, `strtoupper(...)`: a closure that calls it.
    const inner = callExpr(node, scope);
    if (inner.kind !== 'func' && inner.kind !== 'static' && inner.kind !== 'call') return inner;
    const args: Expr[] = CALLABLE_PARAMS.map((name) => ({ kind: 'param', name }));
    return {
      kind: 'fn',
      params: CALLABLE_PARAMS.map((name) => ({ name })),
      returns: [{ line: lineOf(node), expr: { ...inner, args } }],
    };
  }
  return callExpr(node, scope);
}

/**
 * `compact('user', 'token')`: the array of those variables as they are here (locals included,
 * which a function's table cannot see); names written as strings or lists of strings.
 */
function compact(node: Node, scope: Scope): Expr | undefined {
  const names: string[] = [];
  const collect = (arg: Node): boolean => {
    if (arg.kind === 'string' && typeof arg.value === 'string') return names.push(arg.value) > 0;
    if (arg.kind === 'array')
      return children(arg, 'items').every((item) => {
        const value = child(item, 'value');
        return !child(item, 'key') && !!value && collect(value);
      });
    return false;
  };
  if (!children(node, 'arguments').every(collect)) return undefined;
  // A name with no variable here is left out, as PHP leaves it.
  const items: ArrayItem[] = [];
  for (const name of names) {
    const value = localValue(scope, name);
    if (value) items.push({ key: { kind: 'value', value: name }, value });
  }
  return { kind: 'array', items };
}

function callExpr(node: Node, scope: Scope): Expr {
  const what = child(node, 'what');
  if (!what) return unknown(node);
  if (what.kind === 'name') {
    const written = String(what.name);
    const resolution = text(what, 'resolution');
    const name = resolveFunctionName(scope.names, written, resolution);
    const fallback =
      resolution === 'uqn' && scope.names.namespace && !scope.names.functions[written.toLowerCase()]
        ? written
        : undefined;
    const qualified =
      fallback !== undefined ? `${scope.names.namespace}\\${written}` : name.replace(/^\\/, '');
    const compacted =
      (fallback ?? qualified).toLowerCase() === 'compact' ? compact(node, scope) : undefined;
    if (compacted) return compacted;
    const out: Expr = { kind: 'func', name: qualified, ...args(node, scope) };
    return fallback !== undefined ? { ...out, global: fallback } : out;
  }
  if (what.kind === 'staticlookup') {
    const target = child(what, 'what');
    const className = classRef(target, scope);
    const method = child(what, 'offset')?.kind === 'identifier' ? text(what, 'offset') : undefined;
    if (!method) return unknown(node);
    // `$modelClass::whereUuid(...)`: the class is a value.
    const on: string | Expr | undefined =
      className ??
      (target?.kind === 'variable' || target?.kind === 'propertylookup'
        ? transcribe(target, scope)
        : undefined);
    if (!on) return unknown(node);
    return { kind: 'static', class: on, method, ...args(node, scope) };
  }
  if (what.kind === 'propertylookup' || what.kind === 'nullsafepropertylookup') {
    const offset = child(what, 'offset');
    const method = offset?.kind === 'identifier' ? text(what, 'offset') : undefined;
    // `$x->{$method}()`, `$x->$method()`: named by a value.
    const computed = offset?.kind === 'encapsedpart' ? child(offset, 'expression') : offset;
    if (!method && (!computed || computed.kind === 'identifier')) return unknown(node);
    const on = transcribe(child(what, 'what'), scope);
    const out: Expr = method
      ? { kind: 'call', on, method, ...args(node, scope) }
      : {
          kind: 'call',
          on,
          method: '',
          methodFrom: transcribe(computed!, scope),
          ...args(node, scope),
        };
    return what.kind === 'nullsafepropertylookup' ? { ...out, nullsafe: true } : out;
  }
  return unknown(node);
}

function newExpr(node: Node, scope: Scope): Expr {
  const what = child(node, 'what');
  if (!what || what.kind === 'class') return unknown(node);
  const className =
    what.kind === 'name' ||
    what.kind === 'selfreference' ||
    what.kind === 'staticreference' ||
    what.kind === 'parentreference'
      ? classRef(what, scope)
      : undefined;
  const target: string | Expr = className ?? transcribe(what, scope);
  return { kind: 'new', class: target, ...args(node, scope) };
}

export function unknown(node: unknown): Expr {
  const source = isNode(node) ? describeNode(node) : undefined;
  return source ? { kind: 'unknown', source } : { kind: 'unknown' };
}
