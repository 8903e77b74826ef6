import type { SchemaMode } from '../../schema.js';
import { conforms } from './conforms.js';
import type { Ctx } from './context.js';
import type { Norm } from './norm.js';
import { pick, reseed } from './random.js';

/**
 * Values the spec author wrote down beat invented ones: `const`, then a schema-level example,
 * then `default`, then an `enum` member. Examples and defaults go stale as schemas evolve, so
 * each is validated once (per node and side of the wire) and silently ignored if it fails.
 */

interface Fixed {
  /** The first conforming example or default; null when none conforms. */
  example: { value: unknown } | null;
  /** Enum members that conform, `null` left out unless it is the only one. */
  enumValues: unknown[] | undefined;
  /** No enum member conforms: the members are a best guess, known to be wrong. */
  enumContradicts: boolean;
}

const cache = new WeakMap<Norm, Partial<Record<SchemaMode, Fixed>>>();

export function fixedValue(ctx: Ctx, norm: Norm, seed: number): { value: unknown } | undefined {
  if (norm.constant) return { value: clone(norm.constant.value) };
  const fixed = fixedFor(ctx, norm);
  // The 'empty' scenario wants empty collections, which a populated example is not.
  if (fixed.example && !ctx.invent && !(ctx.empty && isFilled(fixed.example.value))) {
    return { value: clone(fixed.example.value) };
  }
  if (fixed.enumValues && fixed.enumValues.length > 0) {
    if (fixed.enumContradicts) ctx.invalid = true;
    reseed(seed);
    return { value: clone(pick(fixed.enumValues)) };
  }
  return undefined;
}

function fixedFor(ctx: Ctx, norm: Norm): Fixed {
  let entry = cache.get(norm);
  if (!entry) cache.set(norm, (entry = {}));
  let fixed = entry[ctx.mode];
  if (!fixed) entry[ctx.mode] = fixed = computeFixed(ctx, norm);
  return fixed;
}

function computeFixed(ctx: Ctx, norm: Norm): Fixed {
  const valid = (value: unknown) => conforms(ctx.doc, norm.source, value, ctx.mode);
  let example: Fixed['example'] = null;
  for (const candidate of [...norm.examples, ...norm.defaults]) {
    // `default: null` on every nullable field is common; a mock shows data instead (null is
    // still generated where it is the only valid value).
    if (candidate !== undefined && candidate !== null && valid(candidate)) {
      example = { value: candidate };
      break;
    }
  }
  let enumValues: unknown[] | undefined;
  if (norm.enum && norm.enum.length > 0) {
    const members = norm.enum.filter(valid);
    const nonNull = members.filter((v) => v !== null);
    enumValues = nonNull.length > 0 ? nonNull : members;
    // A contradictory enum (nothing conforms): its members are still the best guess.
    if (enumValues.length === 0) enumValues = norm.enum;
  }
  const enumContradicts = enumValues !== undefined && !enumValues.some(valid);
  return { example, enumValues, enumContradicts };
}

function isFilled(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return typeof value === 'object' && value !== null && Object.keys(value).length > 0;
}

/** Examples live in the document: callers must never be able to mutate them through a response. */
export function clone<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(clone) as T;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) setKey(out, key, clone(item));
  return out as T;
}

/** Assignment, except that a property named `__proto__` becomes data, not the prototype. */
export function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else target[key] = value;
}
