import type { OpenApiDocument } from '../../core/types.js';
import { conforms } from './conforms.js';
import { onPath, type Ctx } from './context.js';
import { mergeNorms } from './merge.js';
import { isObject, type Norm } from './norm.js';
import { indexSeed } from './random.js';
import { discriminatorKey, normalize } from './resolve.js';

/**
 * `oneOf` / `anyOf`: the first branch whose value, merged with the node's other keywords,
 * validates against the whole node. For `oneOf` that includes matching no other branch: a
 * `{ type: object }` branch swallows almost anything, so exclusivity has to be checked, not
 * assumed. (`allOf` never gets here: it is merged ahead of time, see resolve.ts.)
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
    // A few seeds per scalar branch: `oneOf: [number, integer]` needs a number that is not
    // whole. Objects and arrays that match several branches do so by shape, not by seed, and
    // a cut-down value fails for its shape too: one try each.
    const attempts = ctx.cut || !isScalar(combined) ? 1 : ATTEMPTS_PER_BRANCH;
    for (let attempt = 0; attempt < attempts; attempt++) {
      const value = generate(ctx, combined, refs, attempt ? indexSeed(seed, attempt) : seed, name);
      if (conforms(ctx.doc, norm.source, value, ctx.mode)) return value;
      fallback ??= { value };
    }
  }
  // No branch validates (contradictory schema, or cut short by recursion): best effort.
  return fallback ? fallback.value : generate(ctx, withoutGroup(norm), [], seed, name);
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
