import { child, type Node } from '../php/ast.js';
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
  return value.kind === 'param' ? { kind: 'truthy', of: value } : OPAQUE;
}

/** A parameter the body has not reassigned, or a constant value; anything else is unknown. */
function operand(node: Node | undefined, { scope, transcribe }: At): Expr {
  if (node?.kind === 'variable' && typeof node.name === 'string')
    return scope.params.has(node.name) && !scope.env.has(node.name)
      ? { kind: 'param', name: node.name }
      : { kind: 'unknown' };
  if (!node || !CONSTANT_NODES.has(node.kind)) return { kind: 'unknown' };
  const value = transcribe(node, scope);
  return CONSTANT_KINDS.has(value.kind) ? value : { kind: 'unknown' };
}

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
      return cond.of.kind === 'param';
    case 'same':
      return cond.args.some((a) => a.kind === 'param');
    case 'not':
      return readsParameter(cond.of);
    default:
      return cond.of.some(readsParameter);
  }
}

/** The condition's negation, and two conditions that both hold. */
export const not = (cond: Cond): Cond =>
  cond.kind === 'not' ? cond.of : { kind: 'not', of: cond };

export function allOf(conds: readonly Cond[]): Cond | undefined {
  return conds.length === 0 ? undefined : conds.reduce((a, b) => ({ kind: 'and', of: [a, b] }));
}
