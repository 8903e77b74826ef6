import type { OpenApiDocument } from '../../types.js';
import { isolate, onPath, type Ctx } from './context.js';
import { mergeNorms } from './merge.js';
import { exclusive, markedAgainstOthers, withoutOthersRequired } from './exclusive.js';
import { isObject, type Norm } from './norm.js';
import { indexSeed } from './random.js';
import { discriminatorKey, normalize } from './resolve.js';

/**
 * `oneOf` / `anyOf`: the first branch whose value, merged with the node's other keywords, is
 * valid for the whole node. A value generated for a branch fits that branch (generators mark
 * the values they know are not, see `Ctx.invalid`), which settles an `anyOf`, and a `oneOf`
 * with a discriminator (the discriminator picks the branch). A plain `oneOf` also needs the
 * value to match no other branch: a `{ type: object }` branch swallows almost anything. Most
 * branches are ruled out at a glance (another type, a missing required name, another tag
 * value); only the rest is validated. Validating the whole node at every level of a deep
 * polymorphic tree (Figma's document nodes) made a first request slow.
 * (`allOf` never gets here: it is merged ahead of time, see resolve.ts.)
 */

const ATTEMPTS_PER_BRANCH = 3;

export type GenerateWithin = (
  ctx: Ctx,
  norm: Norm,
  refs: readonly string[],
  seed: number,
  name: string | undefined,
) => unknown;

export function genComposite(
  ctx: Ctx,
  norm: Norm,
  seed: number,
  name: string | undefined,
  generate: GenerateWithin,
): unknown {
  let fallback: { value: unknown } | undefined;
  for (const index of branchOrder(ctx, norm)) {
    const { norm: combined, refs } = combine(ctx.doc, norm, index);
    // The branch's types and the node's have nothing in common (`type: array` beside
    // `anyOf: [{ type: object }]`): no value of this branch can be valid.
    if (combined.types?.size === 0) continue;
    // A few seeds per scalar branch: `oneOf: [number, integer]` needs a number that is not
    // whole. Objects and arrays that match several branches do so by shape, not by seed, and
    // a cut-down value fails for its shape too: one try each.
    const attempts = ctx.cut || !isScalar(combined) ? 1 : ATTEMPTS_PER_BRANCH;
    for (let attempt = 0; attempt < attempts; attempt++) {
      const next = attempt ? indexSeed(seed, attempt) : seed;
      const { value, invalid } = isolate(ctx, () => generate(ctx, combined, refs, next, name));
      if (!invalid && exclusive(ctx, norm, index, value)) return value;
      const trimmed = invalid
        ? undefined
        : withoutOthersRequired(ctx, norm, index, combined, value);
      if (trimmed && exclusive(ctx, norm, index, trimmed)) return trimmed;
      const marked = invalid ? undefined : markedAgainstOthers(ctx, norm, index, combined, value);
      if (marked && exclusive(ctx, norm, index, marked)) return marked;
      fallback ??= { value };
    }
  }
  const invented = ctx.cut ? undefined : inventedValue(ctx, norm, seed, name, generate);
  if (invented) return invented.value;
  // No branch validates (contradictory schema, or cut short by recursion): best effort.
  ctx.invalid = true;
  return fallback ? fallback.value : generate(ctx, withoutGroup(norm), [], seed, name);
}

/**
 * Objects that match several `oneOf` branches often do so through the examples they were built
 * from (Vonage's `status: "0"`, in both branches' range): once more per object branch, with
 * invented values.
 */
function inventedValue(
  ctx: Ctx,
  norm: Norm,
  seed: number,
  name: string | undefined,
  generate: GenerateWithin,
): { value: unknown } | undefined {
  if (norm.groups[0]?.kind !== 'oneOf') return undefined;
  const invent = ctx.invent;
  ctx.invent = true;
  try {
    for (const index of branchOrder(ctx, norm)) {
      const { norm: combined, refs } = combine(ctx.doc, norm, index);
      if (combined.types?.size === 0 || isScalar(combined)) continue;
      const next = indexSeed(seed, ATTEMPTS_PER_BRANCH + index);
      const { value, invalid } = isolate(ctx, () => generate(ctx, combined, refs, next, name));
      if (!invalid && exclusive(ctx, norm, index, value)) return { value };
    }
    return undefined;
  } finally {
    ctx.invent = invent;
  }
}

/**
 * Declared order, except that a branch allowing only `null` goes last (a mock shows data).
 * Past the recursion limit the smallest value is wanted instead: `null`, then scalars, then
 * branches that do not lead straight back into the cycle.
 */
function branchOrder(ctx: Ctx, norm: Norm): number[] {
  const branches = norm.groups[0]?.branches ?? [];
  const rank = (index: number): number => {
    const branch = normalize(ctx.doc, branches[index]);
    const nullOnly = branch.types?.size === 1 && branch.types.has('null');
    if (!ctx.cut) return nullOnly ? 1 : 0;
    if (nullOnly) return 0;
    if (onPath(ctx, branch.refs)) return 3;
    return isScalar(branch) ? 1 : 2;
  };
  return branches.map((_, index) => index).sort((a, b) => rank(a) - rank(b) || a - b);
}

function isScalar(norm: Norm): boolean {
  const types = norm.types;
  return types !== undefined && !types.has('object') && !types.has('array');
}

/** The node with its first group replaced by one branch; cached on the node. */
function combine(doc: OpenApiDocument, base: Norm, index: number): { norm: Norm; refs: string[] } {
  base.combos ??= new Map();
  const hit = base.combos.get(index);
  if (hit) return hit;
  const branch = base.groups[0]?.branches[index];
  const branchNorm = normalize(doc, branch);
  const rest: Norm = { ...withoutGroup(base), examples: [], defaults: [], enum: undefined };
  const norm = mergeNorms(rest, branchNorm, base.source);
  // The node's own examples were already tried; the branch's may still fit the whole.
  norm.examples = branchNorm.examples;
  norm.defaults = branchNorm.defaults;
  const discriminator = base.discriminator ?? branchNorm.discriminator;
  if (discriminator && isObject(branch) && typeof branch.$ref === 'string') {
    norm.discriminator = discriminator;
    norm.discriminatorValue = discriminatorKey(discriminator, branch.$ref);
  }
  const combo = { norm, refs: branchNorm.refs };
  base.combos.set(index, combo);
  return combo;
}

function withoutGroup(norm: Norm): Norm {
  return { ...norm, groups: norm.groups.slice(1), combos: undefined };
}
