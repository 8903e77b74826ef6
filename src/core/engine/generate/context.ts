import type { SchemaMode } from '../../schema.js';
import type { OpenApiDocument, SchemaObject } from '../../types.js';

/**
 * Per-call generation state, including the recursion guard. Circular schemas (a tree node, a
 * User whose posts have an author) must still produce a finite value, so once the path gets
 * deep the generator switches to "cut" mode: only required properties, arrays at minItems,
 * `null` where allowed. Past a hard limit it stops recursing altogether.
 */

/** Occurrences of one `$ref` on a path before the value under it is cut down. */
const SAME_REF_LIMIT = 3;
/**
 * Nodes reached through a `$ref` on a path: a model graph (User → Post → Comment → User ...)
 * repeats no single ref quickly, but with a few relations per model it grows exponentially.
 */
const REF_DEPTH_LIMIT = 8;
/** Plain nesting depth; only a pathological schema gets here without `$ref`s. */
const DEPTH_LIMIT = 48;
/** Beyond these, recursion stops even for required properties (the schema is unsatisfiable). */
const HARD_EXTRA = 4;
/** Nodes per call before the rest is cut: a last resort against a graph that is still huge. */
const NODE_BUDGET = 3_000;

export interface Ctx {
  doc: OpenApiDocument;
  mode: SchemaMode;
  empty: boolean;
  /** Smallest valid values only: set past a recursion limit, for everything beneath. */
  cut: boolean;
  /**
   * Set when a value was generated as a best guess that is known not to validate (a
   * contradictory enum, an unsatisfiable pattern or oneOf). An optional property or an array
   * item so marked is left out instead (see `isolate`): a missing field beats a wrong one.
   */
  invalid: boolean;
  /** Examples and defaults are passed over (a oneOf retry, see composition.ts). */
  invent: boolean;
  child: (schema: SchemaObject | boolean | undefined, seed: number, name?: string) => unknown;
  refCounts: Map<string, number>;
  refDepth: number;
  depth: number;
  nodes: number;
}

export function createCtx(
  doc: OpenApiDocument,
  mode: SchemaMode,
  empty: boolean,
  child: Ctx['child'],
): Ctx {
  return {
    doc,
    mode,
    empty,
    cut: false,
    invalid: false,
    invent: false,
    child,
    refCounts: new Map(),
    refDepth: 0,
    depth: 0,
    nodes: 0,
  };
}

/**
 * Steps into a node reached through `refs`. Returns false when the path is too deep to go on
 * at all; otherwise may switch `ctx.cut` on (the caller restores it on the way out).
 */
export function enter(ctx: Ctx, refs: readonly string[]): boolean {
  ctx.depth++;
  ctx.nodes++;
  let worst = 0;
  for (const ref of refs) {
    const count = (ctx.refCounts.get(ref) ?? 0) + 1;
    ctx.refCounts.set(ref, count);
    if (count > worst) worst = count;
  }
  // Refs merged side by side (allOf inheritance) are one level of nesting, not several.
  if (refs.length > 0) ctx.refDepth++;
  const over = Math.max(
    worst - SAME_REF_LIMIT,
    ctx.refDepth - REF_DEPTH_LIMIT,
    ctx.depth - DEPTH_LIMIT,
  );
  if (over > 0 || ctx.nodes > NODE_BUDGET) ctx.cut = true;
  return over <= HARD_EXTRA;
}

export function leave(ctx: Ctx, refs: readonly string[]): void {
  ctx.depth--;
  if (refs.length > 0) ctx.refDepth--;
  for (const ref of refs) ctx.refCounts.set(ref, (ctx.refCounts.get(ref) ?? 1) - 1);
}

/** Runs `make` with a fresh `invalid` flag; returns its value and whether it was marked invalid. */
export function isolate<T>(ctx: Ctx, make: () => T): { value: T; invalid: boolean } {
  const outer = ctx.invalid;
  ctx.invalid = false;
  try {
    const value = make();
    return { value, invalid: ctx.invalid };
  } finally {
    ctx.invalid = outer;
  }
}

/** Whether `ref` is already on the current path (a branch leading there would recurse). */
export function onPath(ctx: Ctx, refs: readonly string[]): boolean {
  return refs.some((ref) => (ctx.refCounts.get(ref) ?? 0) > 0);
}
