import type { SchemaObject } from '../../types.js';
import { genArray } from './arrays.js';
import { genComposite } from './composition.js';
import { conforms } from './conforms.js';
import { enter, leave, type Ctx } from './context.js';
import { fixedValue } from './examples.js';
import { pickType } from './kind.js';
import type { Norm } from './norm.js';
import { genNumber, numberFits } from './numbers.js';
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
    if (proceed) return generateNorm(ctx, norm, seed, name);
    const value = stub(ctx, norm);
    // Recursion stopped dead: an empty shape is a guess (null is one only where it is certain).
    if (value !== null) ctx.invalid = true;
    return value;
  } finally {
    leave(ctx, refs);
    ctx.cut = cut;
  }
}

function generateNorm(ctx: Ctx, norm: Norm, seed: number, name: string | undefined): unknown {
  // Past the recursion limit, `null` is the smallest value, where the schema allows it.
  if (ctx.cut && certainlyNullable(ctx, norm, 0)) return null;
  const fixed = fixedValue(ctx, norm, seed);
  if (fixed) return fixed.value;
  if (norm.groups.length > 0) return genComposite(ctx, norm, seed, name, generateWithin);
  // `allOf: [string, integer]`: no type is left, so whatever comes out is a guess.
  if (norm.types?.size === 0) ctx.invalid = true;
  if (norm.nots.length === 0) return byType(ctx, norm, seed, name);
  return avoidNots(ctx, norm, seed, name);
}

function byType(ctx: Ctx, norm: Norm, seed: number, name: string | undefined): unknown {
  switch (pickType(norm)) {
    case 'string':
      return genString(ctx, norm, seed, name);
    case 'integer':
      return checkedNumber(ctx, norm, seed, name, true);
    case 'number':
      return checkedNumber(ctx, norm, seed, name, false);
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

/** Bounds that leave no room (`minimum: 5, maximum: 1`) give a guess: marked as such. */
function checkedNumber(
  ctx: Ctx,
  norm: Norm,
  seed: number,
  name: string | undefined,
  integer: boolean,
): number {
  const value = genNumber(norm, seed, name, integer);
  const isInt = integer || norm.format === 'int32' || norm.format === 'int64';
  if (!numberFits(norm, value, isInt)) ctx.invalid = true;
  return value;
}

/** `not`, for the simple cases: regenerate from other seeds until no `not` schema matches. */
function avoidNots(ctx: Ctx, norm: Norm, seed: number, name: string | undefined): unknown {
  let value: unknown;
  for (let attempt = 0; attempt < 8; attempt++) {
    value = byType(ctx, norm, attempt === 0 ? seed : indexSeed(seed, attempt), name);
    if (!norm.nots.some((not) => conforms(ctx.doc, not, value, ctx.mode))) return value;
  }
  ctx.invalid = true;
  return value;
}

/**
 * Whether `null` is valid for the node, decided from its keywords alone: validating `null`
 * against a node compiles a validator for everything beneath it, seconds for Stripe's
 * expandable resources. When in doubt, no: a small value is generated instead.
 */
function certainlyNullable(ctx: Ctx, norm: Norm, depth: number): boolean {
  // 3.0's `nullable` always admits null (see toJsonSchema), whatever else the node says.
  if (norm.source.nullable === true) return true;
  if (norm.nots.length > 0 || depth > 4) return false;
  // Untyped, only a group can say so (`anyOf: [{ $ref }, { type: 'null' }]`).
  if (norm.types ? !norm.types.has('null') : norm.groups.length === 0) return false;
  if (norm.constant && norm.constant.value !== null) return false;
  if (norm.enum && !norm.enum.includes(null)) return false;
  return norm.groups.every((group) => {
    const branches = group.branches.map((b) => normalize(ctx.doc, b));
    const admitting = branches.filter((b) => certainlyNullable(ctx, b, depth + 1));
    if (group.kind === 'anyOf') return admitting.length > 0;
    // oneOf: exactly one branch takes null, and every other one certainly refuses it.
    return admitting.length === 1 && branches.every((b) => admitting.includes(b) || rejectsNull(b));
  });
}

function rejectsNull(norm: Norm): boolean {
  return norm.types !== undefined && !norm.types.has('null') && norm.source.nullable !== true;
}

/** Recursion stopped dead (an unsatisfiable cycle of required properties): an empty shape. */
function stub(ctx: Ctx, norm: Norm): unknown {
  if (certainlyNullable(ctx, norm, 0)) return null;
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
