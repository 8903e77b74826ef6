import { conforms } from './conforms.js';
import type { Ctx } from './context.js';
import { setKey } from './examples.js';
import { isObject, type Norm, type TypeName } from './norm.js';
import { normalize } from './resolve.js';

/**
 * Whether a value generated for one branch of a node's first oneOf / anyOf satisfies the group
 * as a whole (below: two ways to make a plain oneOf's value match its branch alone). A value
 * made for a branch fits that branch (generators mark what they know does not, see
 * `Ctx.invalid`), which settles an `anyOf` and a discriminated `oneOf`; a plain `oneOf` also
 * needs no other branch to match, which is mostly ruled out at a glance, and otherwise
 * validated.
 */
export function exclusive(ctx: Ctx, norm: Norm, index: number, value: unknown): boolean {
  const group = norm.groups[0];
  if (!typeFits(norm.types, value)) return false;
  if (!group || group.kind === 'anyOf' || norm.discriminator) return true;
  const others = group.branches.filter((_, i) => i !== index);
  if (others.every((branch) => cannotMatch(ctx, normalize(ctx.doc, branch), value, 0))) return true;
  return conforms(ctx.doc, norm.source, value, ctx.mode);
}

/** How deep `cannotMatch` looks into a branch's own oneOf / anyOf. */
const NESTED_GROUPS = 3;

/**
 * True only when `branch` certainly rejects `value`: another type, a required name missing, a
 * property outside a closed set, a property whose const / enum / type excludes its value, or
 * each branch of its own oneOf / anyOf rejecting it so. Anything subtler (patterns, formats)
 * answers false, and validation decides.
 */
function cannotMatch(ctx: Ctx, branch: Norm, value: unknown, depth: number): boolean {
  if (!typeFits(branch.types, value)) return true;
  if (excludedScalar(branch, value)) return true;
  const group = branch.groups[0];
  if (group && depth < NESTED_GROUPS) {
    const nested = (b: unknown) =>
      cannotMatch(ctx, normalize(ctx.doc, b as never), value, depth + 1);
    if (group.branches.every(nested)) return true;
  }
  if (!isObject(value)) return false;
  for (const name of branch.required[ctx.mode]) if (!Object.hasOwn(value, name)) return true;
  if (branch.closedKeys && branch.patternProperties.length === 0) {
    for (const key of Object.keys(value)) if (!branch.closedKeys.has(key)) return true;
  }
  for (const [name, schema] of branch.properties) {
    if (!Object.hasOwn(value, name)) continue;
    const property = normalize(ctx.doc, schema);
    const item = value[name];
    if (!typeFits(property.types, item) || excludedScalar(property, item)) return true;
  }
  return false;
}

/** A scalar outside the node's `const` or `enum`. */
function excludedScalar(norm: Norm, value: unknown): boolean {
  if (typeof value === 'object' && value !== null) return false;
  // 3.0's `nullable` admits null beside an enum or const that does not list it.
  if (value === null && (norm.types?.has('null') || norm.source.nullable === true)) return false;
  if (norm.constant && typeof norm.constant.value !== 'object' && norm.constant.value !== value) {
    return true;
  }
  return norm.enum !== undefined && norm.enum.every((v) => typeof v !== 'object' || v === null)
    ? !norm.enum.includes(value)
    : false;
}

export function typeFits(types: Set<TypeName> | undefined, value: unknown): boolean {
  if (types === undefined) return true;
  if (value === null) return types.has('null');
  if (Array.isArray(value)) return types.has('array');
  switch (typeof value) {
    case 'string':
      return types.has('string');
    case 'boolean':
      return types.has('boolean');
    case 'number':
      return types.has('number') || (types.has('integer') && Number.isInteger(value));
    case 'object':
      return types.has('object');
    default:
      return true;
  }
}

/**
 * Branches that differ only in what they require (InfluxDB's `required: [orgID, ...]` or
 * `[org, ...]`) all match an object with every optional property: without the names only the
 * other branches require, the object matches this one alone. Undefined when nothing is left out.
 */
export function withoutOthersRequired(
  ctx: Ctx,
  norm: Norm,
  index: number,
  combined: Norm,
  value: unknown,
): Record<string, unknown> | undefined {
  if (!isObject(value)) return undefined;
  const mine = combined.required[ctx.mode];
  const drop = new Set<string>();
  norm.groups[0]?.branches.forEach((branch, i) => {
    if (i === index) return;
    for (const name of normalize(ctx.doc, branch).required[ctx.mode]) {
      if (!mine.has(name) && Object.hasOwn(value, name)) drop.add(name);
    }
  });
  if (drop.size === 0) return undefined;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !drop.has(key)));
}

/** A value of each JSON type, to give a property one its schema does not take. */
const OFF_TYPE: [TypeName, unknown][] = [
  ['null', null],
  ['boolean', false],
  ['integer', 0],
  ['string', ''],
];

/**
 * Branches that require nothing (Docker's `oneOf: [{ months }, { weeks }]`) all match any
 * object: a property only another branch declares, given a type that branch does not take,
 * rules it out while this open branch does not care. Undefined when no such property is found.
 */
export function markedAgainstOthers(
  ctx: Ctx,
  norm: Norm,
  index: number,
  combined: Norm,
  value: unknown,
): Record<string, unknown> | undefined {
  if (!isObject(value) || combined.closedKeys || combined.additional !== undefined)
    return undefined;
  const out: Record<string, unknown> = { ...value };
  let changed = false;
  norm.groups[0]?.branches.forEach((branch, i) => {
    if (i === index) return;
    for (const [name, schema] of normalize(ctx.doc, branch).properties) {
      if (Object.hasOwn(out, name) || combined.properties.has(name)) continue;
      const types = normalize(ctx.doc, schema).types;
      const off =
        types &&
        OFF_TYPE.find(([type]) => !types.has(type) && !(type === 'integer' && types.has('number')));
      if (!off) continue;
      setKey(out, name, off[1]);
      changed = true;
      return;
    }
  });
  return changed ? out : undefined;
}
