import type { SchemaObject } from '../../types.js';
import { isolate, type Ctx } from './context.js';
import type { Norm } from './norm.js';
import { indexSeed } from './random.js';

/**
 * Arrays: two items by default (enough to show it is a list, few enough to read), clamped into
 * minItems..maxItems; exactly minItems in the 'empty' scenario and past the recursion limit.
 * `uniqueItems` is honoured for real: a duplicate is regenerated from another seed.
 */

const DEFAULT_LENGTH = 2;
const UNIQUE_RETRIES = 16;

export function genArray(ctx: Ctx, norm: Norm, seed: number): unknown[] {
  const length = arrayLength(ctx, norm);
  const out: unknown[] = [];
  const seen = norm.uniqueItems ? new Set<string>() : undefined;
  for (let index = 0; index < length; index++) {
    const schema = itemSchema(norm, index);
    const item = isolate(ctx, () => ctx.child(schema, indexSeed(seed, index)));
    // An item known not to validate (the item schema contradicts itself) is left out if it may be.
    if (item.invalid && out.length >= (norm.minItems ?? 0)) continue;
    if (item.invalid) ctx.invalid = true;
    let value = item.value;
    if (seen) {
      value = uniqueValue(ctx, schema, seed, index, value, seen);
      const key = keyOf(value);
      // Still a duplicate (a boolean array asked for 3 unique items): stop if allowed to.
      if (seen.has(key) && out.length >= (norm.minItems ?? 0)) break;
      seen.add(key);
    }
    out.push(value);
  }
  return out;
}

/**
 * Regenerates a duplicate from other seeds. The 'empty' scenario makes every nested array or
 * optional-free object alike, so after a few tries it is lifted for this one item.
 */
function uniqueValue(
  ctx: Ctx,
  schema: SchemaObject | boolean | undefined,
  seed: number,
  index: number,
  first: unknown,
  seen: Set<string>,
): unknown {
  let value = first;
  const empty = ctx.empty;
  try {
    for (let retry = 1; retry <= UNIQUE_RETRIES && seen.has(keyOf(value)); retry++) {
      if (retry > UNIQUE_RETRIES / 2) ctx.empty = false;
      value = ctx.child(schema, indexSeed(seed, index + retry * 7919));
    }
  } finally {
    ctx.empty = empty;
  }
  return value;
}

function arrayLength(ctx: Ctx, norm: Norm): number {
  const min = Math.max(norm.minItems ?? 0, norm.contains ? 1 : 0);
  const max = Math.min(
    norm.maxItems ?? Infinity,
    norm.items === false ? (norm.prefixItems?.length ?? 0) : Infinity,
  );
  if (ctx.empty || ctx.cut) return min;
  return Math.max(min, Math.min(DEFAULT_LENGTH, max));
}

/** Built once per node: a fresh object per call would defeat every identity-keyed cache. */
const firstItems = new WeakMap<Norm, SchemaObject>();

function itemSchema(norm: Norm, index: number): SchemaObject | boolean | undefined {
  const prefix = norm.prefixItems?.[index];
  if (prefix !== undefined) return prefix;
  // `contains` is satisfied by the first item; the others only need `items`.
  if (index === 0 && norm.contains) {
    if (norm.items === undefined || norm.items === true) return norm.contains;
    let schema = firstItems.get(norm);
    if (!schema)
      firstItems.set(norm, (schema = { allOf: [norm.items as SchemaObject, norm.contains] }));
    return schema;
  }
  return norm.items;
}

/** Generated values come from the same schema, so key order matches whenever content does. */
function keyOf(value: unknown): string {
  return typeof value === 'string' ? 's' + value : (JSON.stringify(value) ?? 'undefined');
}
