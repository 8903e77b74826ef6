import { isPhpArray, itemAt, type LateValue, type PhpArray, type PhpValue } from './value.js';

/**
 * Unknown values that keep what they are made of (see `LateValue`), for the global assembly
 * to fold. Each maker returns a plain value when the parts are already known.
 */

export function late(value: LateValue, source?: string): PhpValue {
  return source === undefined
    ? { kind: 'unknown', late: value }
    : { kind: 'unknown', source, late: value };
}

export function lateOf(value: PhpValue | undefined): LateValue | undefined {
  return typeof value === 'object' && value !== null && value.kind === 'unknown'
    ? value.late
    : undefined;
}

/** `a . b`: a string when both are scalars, else the parts (nested concatenations flattened). */
export function concat(left: PhpValue, right: PhpValue, source?: string): PhpValue {
  if (isScalar(left) && isScalar(right)) return `${String(left)}${String(right)}`;
  const parts = [...partsOf(left), ...partsOf(right)];
  return late({ kind: 'concat', parts }, source);
}

function partsOf(value: PhpValue): PhpValue[] {
  const inner = lateOf(value);
  return inner?.kind === 'concat' ? inner.parts : [value];
}

function isScalar(value: PhpValue): value is string | number {
  return typeof value === 'string' || typeof value === 'number';
}

/** `$a + $b` on arrays: the left's keys win; list items are keyed by position, as in PHP. */
export function union(left: PhpValue, right: PhpValue, source?: string): PhpValue {
  if (isArray(left) && isArray(right)) {
    const keys = new Set(keyed(left).map((item) => item.key));
    const items = [...keyed(left), ...keyed(right).filter((item) => !keys.has(item.key))];
    return { kind: 'array', items: listOrKeyed(items) };
  }
  return late({ kind: 'merge', parts: [left, right], union: true }, source);
}

/** `array_merge(...)`: later string keys win, list items are appended. */
export function merge(parts: PhpValue[], source?: string): PhpValue {
  if (!parts.every(isArray)) return late({ kind: 'merge', parts }, source);
  const items: { key: string | number; value: PhpValue }[] = [];
  let next = 0;
  for (const part of parts) {
    for (const item of part.items) {
      if (typeof item.key === 'string') {
        const at = items.findIndex((i) => i.key === item.key);
        if (at >= 0) items[at] = { key: item.key, value: item.value };
        else items.push({ key: item.key, value: item.value });
      } else items.push({ key: next++, value: item.value });
    }
  }
  return { kind: 'array', items: listOrKeyed(items) };
}

function isArray(value: PhpValue): value is PhpArray {
  return typeof value === 'object' && value !== null && value.kind === 'array';
}

/** Items with their keys (a list's are its positions). */
function keyed(value: PhpArray): { key: string | number; value: PhpValue }[] {
  return value.items.map((item, i) => ({ key: item.key ?? i, value: item.value }));
}

/** A list's keys are positions: dropped, as `evaluate` writes lists. */
function listOrKeyed(items: { key: string | number; value: PhpValue }[]): PhpArray['items'] {
  const isList = items.every((item, i) => item.key === i);
  return isList ? items.map((item) => ({ value: item.value })) : items;
}

/** A scalar, as operators read it. */
type Scalar = string | number | boolean | null;

function isKnown(value: PhpValue): value is Scalar {
  return typeof value !== 'object' || value === null;
}

/** PHP's loose truthiness of a known scalar. */
export function truthy(value: Scalar): boolean {
  return value !== null && value !== false && value !== 0 && value !== '' && value !== '0';
}

/** Comparison and logic operators, on known scalars. */
export const OPERATORS: Record<string, (a: Scalar, b: Scalar) => boolean> = {
  '===': (a, b) => a === b,
  '!==': (a, b) => a !== b,
  // Loose equality for the scalars rule and route code compares (`$type == 'public'`).
  '==': (a, b) => a === b || String(a ?? '') === String(b ?? ''),
  '!=': (a, b) => !(a === b || String(a ?? '') === String(b ?? '')),
  '<': (a, b) => Number(a) < Number(b),
  '>': (a, b) => Number(a) > Number(b),
  '<=': (a, b) => Number(a) <= Number(b),
  '>=': (a, b) => Number(a) >= Number(b),
  '&&': (a, b) => truthy(a) && truthy(b),
  and: (a, b) => truthy(a) && truthy(b),
  '||': (a, b) => truthy(a) || truthy(b),
  or: (a, b) => truthy(a) || truthy(b),
};

/** Arithmetic on numbers (`config('app.upload_limit') * 1000`), folded once they are known. */
export const ARITHMETIC: Record<string, (a: number, b: number) => number> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '|': (a, b) => a | b,
};

/** The operator's result when its operands are known (`!` takes one), else undefined. */
export function operate(op: string, args: readonly PhpValue[]): boolean | number | undefined {
  const arithmetic = ARITHMETIC[op];
  if (arithmetic) {
    const [a, b] = args.map((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v));
    return typeof a === 'number' && typeof b === 'number' && !Number.isNaN(a + b)
      ? arithmetic(a, b)
      : undefined;
  }
  if (!args.every(isKnown)) {
    // `false && x` and `true || x` are known whatever `x` is.
    const [a] = args;
    if (isKnown(a!) && (op === '&&' || op === 'and') && !truthy(a)) return false;
    if (isKnown(a!) && (op === '||' || op === 'or') && truthy(a)) return true;
    return undefined;
  }
  const known = args as Scalar[];
  if (op === '!') return !truthy(known[0] ?? null);
  const fn = OPERATORS[op];
  return fn ? fn(known[0] ?? null, known[1] ?? null) : undefined;
}

/** `test ? a : b`: the branch when the test is known, else both, late. */
export function choose(
  test: PhpValue,
  whenTrue: PhpValue,
  whenFalse: PhpValue,
  source?: string,
): PhpValue {
  if (isKnown(test)) return truthy(test) ? whenTrue : whenFalse;
  return late({ kind: 'cond', test, then: whenTrue, else: whenFalse }, source);
}

/**
 * `$base[$key]`: the item when the array is known; a named input of the request's whole input
 * (`$input = $request->all(); $input['email']`); else kept for later when the base is (a call,
 * a late value). Undefined when nothing can be said.
 */
export function offset(base: PhpValue, key: PhpValue, source?: string): PhpValue | undefined {
  const literal = typeof key === 'string' || typeof key === 'number';
  if (literal && isPhpArray(base)) return itemAt(base, key);
  const input = lateOf(base);
  if (input?.kind === 'input' && input.name === undefined && !input.keys && input.via !== 'header')
    return typeof key === 'string'
      ? late(
          { kind: 'input', name: key, via: input.via === 'request' ? 'input' : input.via },
          source,
        )
      : undefined;
  const laterBase =
    typeof base === 'object' && base !== null && (base.kind === 'call' || input !== undefined);
  return laterBase ? late({ kind: 'offset', value: base, key }, source) : undefined;
}
