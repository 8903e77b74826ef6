import type { SchemaObject } from '../../core/types.js';
import { genArray } from './arrays.js';
import { genComposite } from './composition.js';
import { conforms } from './conforms.js';
import { enter, leave, type Ctx } from './context.js';
import { fixedValue } from './examples.js';
import { pickType } from './kind.js';
import type { Norm } from './norm.js';
import { genNumber } from './numbers.js';
import { genObject } from './objects.js';
import { indexSeed, next, reseed } from './random.js';
import { normalize } from './resolve.js';
import { genString } from './strings.js';

/**
 * The per-node dispatcher: recursion guard, then the author's own values (const, example,
 * default, enum), then oneOf/anyOf, then a value built from the type and its constraints.
 */

export function generateNode(
  ctx: Ctx,
  schema: SchemaObject | boolean | undefined,
  seed: number,
  name: string | undefined,
): unknown {
  const norm = normalize(ctx.doc, schema);
  return generateWithin(ctx, norm, norm.refs, seed, name);
}

/** Generates `norm`, reached through `refs`, with the recursion guard around it. */
function generateWithin(
  ctx: Ctx,
  norm: Norm,
  refs: readonly string[],
  seed: number,
  name: string | undefined,
): unknown {
  const cut = ctx.cut;
  const proceed = enter(ctx, refs);
  try {
    return proceed ? generateNorm(ctx, norm, seed, name) : stub(ctx, norm);
  } finally {
    leave(ctx, refs);
    ctx.cut = cut;
  }
}

function generateNorm(ctx: Ctx, norm: Norm, seed: number, name: string | undefined): unknown {
  // Past the recursion limit, `null` is the smallest value, where the schema allows it.
  if (ctx.cut && mayBeNull(norm) && conforms(ctx.doc, norm.source, null, ctx.mode)) return null;
  const fixed = fixedValue(ctx, norm, seed);
  if (fixed) return fixed.value;
  if (norm.groups.length > 0) return genComposite(ctx, norm, seed, name, generateWithin);
  if (norm.nots.length === 0) return byType(ctx, norm, seed, name);
  return avoidNots(ctx, norm, seed, name);
}

function byType(ctx: Ctx, norm: Norm, seed: number, name: string | undefined): unknown {
  switch (pickType(norm)) {
    case 'string':
      return genString(ctx, norm, seed, name);
    case 'integer':
      return genNumber(norm, seed, name, true);
    case 'number':
      return genNumber(norm, seed, name, false);
    case 'boolean':
      reseed(seed);
      return next() < 0.5;
    case 'object':
      return genObject(ctx, norm, seed);
    case 'array':
      return genArray(ctx, norm, seed);
    case 'null':
      return null;
  }
}

/** `not`, for the simple cases: regenerate from other seeds until no `not` schema matches. */
function avoidNots(ctx: Ctx, norm: Norm, seed: number, name: string | undefined): unknown {
  let value: unknown;
  for (let attempt = 0; attempt < 8; attempt++) {
    value = byType(ctx, norm, attempt === 0 ? seed : indexSeed(seed, attempt), name);
    if (!norm.nots.some((not) => conforms(ctx.doc, not, value, ctx.mode))) return value;
  }
  return value;
}

function mayBeNull(norm: Norm): boolean {
  return norm.types === undefined || norm.types.has('null') || norm.source.nullable === true;
}

/** Recursion stopped dead (an unsatisfiable cycle of required properties): an empty shape. */
function stub(ctx: Ctx, norm: Norm): unknown {
  if (mayBeNull(norm) && conforms(ctx.doc, norm.source, null, ctx.mode)) return null;
  switch (pickType(norm)) {
    case 'object':
      return {};
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return '';
  }
}
