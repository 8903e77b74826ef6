import type { SchemaObject } from '../../types.js';
import { conforms } from './conforms.js';
import { isolate, type Ctx } from './context.js';
import { setKey } from './examples.js';
import { faker } from './fake.js';
import type { Norm } from './norm.js';
import { fromPattern, patternRegExp } from './pattern.js';
import { childSeed, indexSeed, int, reseed } from './random.js';
import { normalize } from './resolve.js';

/**
 * Objects: every declared property, optional ones included (people read mocks to see the
 * shape), except in the 'empty' scenario, past the recursion limit, or when this side of the
 * wire never sees them (readOnly in requests, writeOnly in responses). Each property's seed
 * comes from its name, so adding a property to the spec leaves the others' values alone.
 */
export function genObject(ctx: Ctx, norm: Norm, seed: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const required = norm.required[ctx.mode];
  const skipped: string[] = [];
  for (const [key, schema] of norm.properties) {
    if (!required.has(key) && !wanted(ctx, norm, key, schema)) {
      skipped.push(key);
      continue;
    }
    const bound = boundSchema(norm, key, schema);
    const { value, invalid } = isolate(ctx, () => ctx.child(bound, childSeed(seed, key), key));
    // An optional property whose value is known not to validate is left out.
    if (invalid && !required.has(key)) continue;
    // Required by one merged part, forbidden by another's `additionalProperties: false`.
    if (invalid || (norm.closedKeys && !norm.closedKeys.has(key))) ctx.invalid = true;
    setKey(out, key, value);
  }
  for (const key of required) {
    if (Object.hasOwn(out, key)) continue;
    // Required by one merged part, forbidden by another's `additionalProperties: false`.
    if (norm.closedKeys && !norm.closedKeys.has(key)) ctx.invalid = true;
    setKey(out, key, ctx.child(undeclared(norm, key), childSeed(seed, key), key));
  }
  if (!ctx.empty && !ctx.cut && norm.properties.size === 0) addEntries(ctx, norm, seed, out);
  applyDiscriminator(ctx, norm, out);
  fitCount(ctx, norm, seed, out, skipped);
  return out;
}

/** Built once per node and name: a fresh object per call would defeat identity-keyed caches. */
const bounds = new WeakMap<Norm, Map<string, SchemaObject | boolean>>();

/** A property's schema and every merged part's `additionalProperties` that binds it too. */
function boundSchema(
  norm: Norm,
  key: string,
  schema: SchemaObject | boolean,
): SchemaObject | boolean {
  if (norm.openParts.length === 0 || typeof schema === 'boolean') return schema;
  let cache = bounds.get(norm);
  if (!cache) bounds.set(norm, (cache = new Map()));
  let bound = cache.get(key);
  if (bound === undefined) {
    const extras = norm.openParts
      .filter(
        (part) => !part.keys.has(key) && !part.patterns.some((p) => patternRegExp(p)?.test(key)),
      )
      .map((part) => part.schema);
    bound = extras.length === 0 ? schema : { allOf: [schema, ...extras] };
    cache.set(key, bound);
  }
  return bound;
}

function wanted(ctx: Ctx, norm: Norm, key: string, schema: SchemaObject | boolean): boolean {
  if (ctx.empty || ctx.cut || schema === false) return false;
  if (norm.closedKeys && !norm.closedKeys.has(key)) return false;
  const prop = normalize(ctx.doc, schema);
  return ctx.mode === 'response' ? !prop.writeOnly : !prop.readOnly;
}

/** The schema for a required name with no declared property: a matching pattern, or the rest. */
function undeclared(norm: Norm, key: string): SchemaObject | boolean | undefined {
  for (const [pattern, schema] of norm.patternProperties) {
    if (patternRegExp(pattern)?.test(key)) return schema;
  }
  return norm.additional;
}

/** A map-like object (`additionalProperties` or `patternProperties` only): one or two entries. */
function addEntries(ctx: Ctx, norm: Norm, seed: number, out: Record<string, unknown>): void {
  reseed(seed);
  const count = 1 + int(0, 1);
  if (isOpen(norm) && norm.additional !== undefined && norm.additional !== true) {
    for (let i = 0; i < count; i++) addExtra(ctx, norm, indexSeed(seed, i), out);
    return;
  }
  const [pattern, schema] = norm.patternProperties[0] ?? [];
  if (pattern === undefined) return;
  const free = (k: string) => (!Object.hasOwn(out, k) && keyAllowed(ctx, norm, k) ? k : undefined);
  const key = fromPattern(pattern, seed, 0, free);
  if (key !== undefined) setKey(out, key, ctx.child(schema, childSeed(seed, key), key));
}

function isOpen(norm: Norm): boolean {
  return !norm.closedKeys && norm.additional !== false;
}

/** One entry under a fresh, plausible key (a word), valued by `additionalProperties`. */
function addExtra(
  ctx: Ctx,
  norm: Norm,
  seed: number,
  out: Record<string, unknown>,
): string | undefined {
  for (let attempt = 0; attempt < 8; attempt++) {
    const key = extraKey(ctx, norm, indexSeed(seed, attempt), attempt);
    const taken = Object.hasOwn(out, key) || norm.properties.has(key);
    const patterned = norm.patternProperties.some(([p]) => patternRegExp(p)?.test(key));
    if (taken || patterned || !keyAllowed(ctx, norm, key)) continue;
    const extra = isolate(ctx, () => ctx.child(norm.additional, childSeed(seed, key), key));
    if (extra.invalid) return undefined;
    setKey(out, key, extra.value);
    return key;
  }
  return undefined;
}

function extraKey(ctx: Ctx, norm: Norm, seed: number, attempt: number): string {
  if (norm.propertyNames) {
    const key = ctx.child(norm.propertyNames, seed);
    if (typeof key === 'string') return key;
  }
  reseed(seed);
  const word = faker.lorem.word();
  return attempt < 4 ? word : `${word}_${attempt}`;
}

function keyAllowed(ctx: Ctx, norm: Norm, key: string): boolean {
  return !norm.propertyNames || conforms(ctx.doc, norm.propertyNames, key, ctx.mode);
}

/** Sets the discriminator to the name of the subtype being generated, where it is allowed. */
function applyDiscriminator(ctx: Ctx, norm: Norm, out: Record<string, unknown>): void {
  const value = norm.discriminatorValue;
  if (!norm.discriminator || value === undefined) return;
  const name = norm.discriminator.propertyName;
  // A merged part closed to the name (`additionalProperties: false` without it) forbids it.
  if (norm.closedKeys && !norm.closedKeys.has(name)) return;
  const schema = norm.properties.get(name);
  if (schema === undefined || conforms(ctx.doc, schema, value, ctx.mode)) setKey(out, name, value);
}

/** minProperties: optional properties first, then extra entries; maxProperties: drop optional. */
function fitCount(
  ctx: Ctx,
  norm: Norm,
  seed: number,
  out: Record<string, unknown>,
  skipped: string[],
) {
  const keys = Object.keys(out);
  const min = norm.minProperties ?? 0;
  for (const key of skipped) {
    if (keys.length >= min) break;
    const schema = norm.properties.get(key);
    if (schema === false || (norm.closedKeys && !norm.closedKeys.has(key))) continue;
    setKey(out, key, ctx.child(schema, childSeed(seed, key), key));
    keys.push(key);
  }
  for (let i = 0; keys.length < min && isOpen(norm) && i < min + 8; i++) {
    const key = addExtra(ctx, norm, indexSeed(seed, 1000 + i), out);
    if (key !== undefined) keys.push(key);
  }
  // Too few entries could be made (their values cut short by recursion): a guess.
  if (keys.length < min) ctx.invalid = true;
  const required = norm.required[ctx.mode];
  for (let i = keys.length - 1; i >= 0 && keys.length > (norm.maxProperties ?? Infinity); i--) {
    const key = keys[i]!;
    if (required.has(key) || key === norm.discriminator?.propertyName) continue;
    delete out[key];
    keys.splice(i, 1);
  }
}
