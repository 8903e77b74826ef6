import { child, children, type Node } from '../php/ast.js';
import { classRef } from './class-ref.js';
import type { Scope } from './scope.js';
import type { Cond, Expr } from './types.js';

/** How an operand is transcribed (`transcribe`, passed in: it transcribes ternaries with this). */
type Transcribe = (node: Node, scope: Scope) => Expr;

/**
 * An `if`'s (or a ternary's) test as a condition on the function's parameters, which the engine
 * decides for a call whose arguments are known (`nameRules(required: false)`); undefined when
 * the test reads no parameter, so that only a parameter ever chooses a branch.
 */
export function condition(
  test: Node | undefined,
  scope: Scope,
  transcribe: Transcribe,
): Cond | undefined {
  const cond = conditionOf(test, { scope, transcribe });
  return readsParameter(cond) ? cond : undefined;
}

interface At {
  scope: Scope;
  transcribe: Transcribe;
}

const OPAQUE: Cond = { kind: 'truthy', of: { kind: 'unknown' } };

function conditionOf(node: Node | undefined, at: At): Cond {
  while (node?.kind === 'parenthesis') node = child(node, 'inner');
  if (!node) return OPAQUE;
  if (node.kind === 'unary' && node.type === '!')
    return { kind: 'not', of: conditionOf(child(node, 'what'), at) };
  if (node.kind === 'bin') {
    const type = String(node.type);
    const sides = (): [Cond, Cond] => [
      conditionOf(child(node, 'left'), at),
      conditionOf(child(node, 'right'), at),
    ];
    if (type === 'instanceof') return instanceOf(node, at);
    if (type === '&&' || type === 'and') return { kind: 'and', of: sides() };
    if (type === '||' || type === 'or') return { kind: 'or', of: sides() };
    if (['===', '!==', '==', '!='].includes(type)) {
      const args: [Expr, Expr] = [
        operand(child(node, 'left'), at),
        operand(child(node, 'right'), at),
      ];
      if (args.some((a) => a.kind === 'unknown')) return OPAQUE;
      const same: Cond =
        type.length === 2 ? { kind: 'same', args, loose: true } : { kind: 'same', args };
      return type.startsWith('!') ? { kind: 'not', of: same } : same;
    }
    return OPAQUE;
  }
  const value = operand(node, at);
  return readsParam(value) ? { kind: 'truthy', of: value } : OPAQUE;
}

/** `$param instanceof Class`, decided by the class of the parameter's value. */
function instanceOf(node: Node, at: At): Cond {
  const left = child(node, 'left');
  const value =
    left?.kind === 'variable' && typeof left.name === 'string'
      ? narrowedParam(left.name, at.scope)
      : undefined;
  const className = classRef(child(node, 'right'), at.scope);
  return value && className && className !== 'static'
    ? { kind: 'instanceof', of: value, class: className }
    : OPAQUE;
}

/**
 * The parameter a local is, where the body has only narrowed it (`if ($e instanceof X)` before):
 * the object is the one passed, whatever an earlier test told of it.
 */
function narrowedParam(name: string, scope: Scope): Expr | undefined {
  const params = new Set<string>();
  const visit = (expr: Expr | undefined, depth: number): boolean => {
    if (!expr || depth > 8) return false;
    if (expr.kind === 'param') {
      params.add(expr.name);
      return true;
    }
    if (expr.kind === 'instance') return visit(expr.of, depth + 1);
    if (expr.kind === 'def') return visit(scope.defs[expr.id], depth + 1);
    if (expr.kind === 'union') return expr.of.every((e) => visit(e, depth + 1));
    return false;
  };
  const ids = scope.env.get(name);
  if (!ids) return scope.params.has(name) ? { kind: 'param', name } : undefined;
  const known = ids.every((id) => visit({ kind: 'def', id }, 0));
  const [only] = params;
  return known && params.size === 1 && only === name ? { kind: 'param', name } : undefined;
}

/**
 * A parameter the body has not reassigned, a question a request parameter answers about the
 * request (`$request->expectsJson()`), or a constant value; anything else is unknown.
 */
function operand(node: Node | undefined, at: At): Expr {
  const { scope, transcribe } = at;
  if (node?.kind === 'variable' && typeof node.name === 'string')
    return scope.params.has(node.name) && !scope.env.has(node.name)
      ? { kind: 'param', name: node.name }
      : { kind: 'unknown' };
  if (node?.kind === 'call') return requestTest(node, at);
  if (!node || !CONSTANT_NODES.has(node.kind)) return { kind: 'unknown' };
  const value = transcribe(node, scope);
  return CONSTANT_KINDS.has(value.kind) ? value : { kind: 'unknown' };
}

/**
 * What a request is asked about how it wants its answer (`$request->expectsJson()`,
 * `$request->is('api/*')`), on a parameter: an exception handler decides its answer with it.
 */
function requestTest(node: Node, at: At): Expr {
  const what = child(node, 'what');
  const method = what?.kind === 'propertylookup' ? child(what, 'offset') : undefined;
  const name = method?.kind === 'identifier' ? String(method.name) : undefined;
  if (!name || !REQUEST_TESTS.has(name)) return { kind: 'unknown' };
  const on = operand(child(what, 'what'), at);
  const args = children(node, 'arguments').map((a) => operand(a, at));
  if (on.kind !== 'param' || args.some((a) => a.kind === 'unknown')) return { kind: 'unknown' };
  return { kind: 'call', on, method: name, args };
}

const REQUEST_TESTS = new Set(['expectsJson', 'wantsJson', 'acceptsJson', 'ajax', 'is', 'routeIs']);

const CONSTANT_NODES = new Set([
  'string',
  'number',
  'boolean',
  'nullkeyword',
  'name',
  'staticlookup',
]);
const CONSTANT_KINDS = new Set<Expr['kind']>(['value', 'const', 'gconst', 'class']);

function readsParameter(cond: Cond): boolean {
  switch (cond.kind) {
    case 'truthy':
      return readsParam(cond.of);
    case 'same':
      return cond.args.some(readsParam);
    case 'instanceof':
      return true;
    case 'not':
      return readsParameter(cond.of);
    default:
      return cond.of.some(readsParameter);
  }
}

function readsParam(expr: Expr): boolean {
  return expr.kind === 'param' || (expr.kind === 'call' && expr.on.kind === 'param');
}

/** The condition's negation, and two conditions that both hold. */
export const not = (cond: Cond): Cond =>
  cond.kind === 'not' ? cond.of : { kind: 'not', of: cond };

export function allOf(conds: readonly Cond[]): Cond | undefined {
  return conds.length === 0 ? undefined : conds.reduce((a, b) => ({ kind: 'and', of: [a, b] }));
}
