import type { Cond, Expr } from '../ir/types.js';
import { members, type Type } from './type.js';

/** Whether a value is an instance of a class, when that can be told (`guards.ts`). */
export type InstanceTest = (value: Type, className: string) => boolean | undefined;

/**
 * Whether a condition on parameters holds, as PHP would decide it, where the values it reads
 * are known (literals: an argument written in the call, a default, an object of a known
 * class); undefined otherwise. `value` evaluates an operand in the frame the condition is in.
 */
export function truth(
  cond: Cond,
  value: (e: Expr) => Type,
  instance?: InstanceTest,
): boolean | undefined {
  switch (cond.kind) {
    case 'instanceof':
      return instance?.(value(cond.of), cond.class);
    case 'truthy':
      return truthiness(value(cond.of));
    case 'same':
      return same(value(cond.args[0]), value(cond.args[1]), cond.loose === true);
    case 'not': {
      const inner = truth(cond.of, value, instance);
      return inner === undefined ? undefined : !inner;
    }
    case 'and':
    case 'or': {
      // Three-valued: one side decides alone (`false && ?` is false, `true || ?` is true).
      const decisive = cond.kind === 'or';
      const sides = cond.of.map((c) => truth(c, value, instance));
      if (sides.includes(decisive)) return decisive;
      return sides.every((s) => s === !decisive) ? !decisive : undefined;
    }
  }
}

type Scalar = string | number | boolean | null;

/** The one literal (or `null`) a type is; undefined for anything else. */
function scalar(type: Type): { value: Scalar } | undefined {
  const all = members(type);
  if (all.length !== 1) return undefined;
  const t = all[0]!;
  if (t.kind === 'null') return { value: null };
  return t.kind === 'literal' ? { value: t.value } : undefined;
}

/** PHP's truthiness: `false`, `0`, `0.0`, `''`, `'0'` and `null` are false. */
function truthiness(type: Type): boolean | undefined {
  const known = scalar(type);
  return known ? truthOf(known.value) : undefined;
}

function same(a: Type, b: Type, loose: boolean): boolean | undefined {
  const [x, y] = [scalar(a), scalar(b)];
  if (!x || !y) return undefined;
  if (!loose || typeof x.value === typeof y.value) return x.value === y.value;
  // `$flag == true`, `$x == null`: PHP compares with the other side's truthiness; other mixes
  // (a number and a numeric string) are left undecided.
  for (const [one, other] of [
    [x, y],
    [y, x],
  ] as const) {
    if (typeof one.value === 'boolean') return truthOf(other.value) === one.value;
    // `null == '0'` is false: PHP compares null with a string as `''`.
    if (one.value === null)
      return typeof other.value === 'string' ? other.value === '' : !truthOf(other.value);
  }
  return undefined;
}

function truthOf(v: Scalar): boolean {
  return !(v === null || v === false || v === 0 || v === '' || v === '0');
}
