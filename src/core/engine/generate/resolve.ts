import { decodePointer, resolvePointer } from '../../refs.js';
import { refSiblingsApply } from '../../schema.js';
import type { OpenApiDocument, SchemaObject } from '../../types.js';
import { mergeNorms } from './merge.js';
import { emptyNorm, isObject, ownNorm, type Norm } from './norm.js';

/**
 * Schema node → flattened Norm, cached per document: a request touches a few dozen nodes, and
 * after the first request each costs one WeakMap lookup. Only `$ref` and `allOf` are followed
 * here; properties, items and oneOf branches are normalised lazily, when generated.
 */

interface DocCache {
  norms: WeakMap<object, Norm>;
  /** Nodes being built right now: an allOf/$ref cycle back into one contributes nothing. */
  building: Set<object>;
}

const caches = new WeakMap<OpenApiDocument, DocCache>();

/** Matches anything: `true`, `{}`, a dangling `$ref`. */
const ANY: SchemaObject = {};
/** Matches nothing: `false` (generation still has to return something). */
const NOTHING: SchemaObject = { not: {} };

export function normalize(doc: OpenApiDocument, schema: SchemaObject | boolean | undefined): Norm {
  const node = schema === false ? NOTHING : isObject(schema) ? schema : ANY;
  let cache = caches.get(doc);
  if (!cache) caches.set(doc, (cache = { norms: new WeakMap(), building: new Set() }));
  const hit = cache.norms.get(node);
  if (hit) return hit;
  if (cache.building.has(node)) return emptyNorm(node);
  cache.building.add(node);
  try {
    const norm = build(doc, node);
    cache.norms.set(node, norm);
    return norm;
  } finally {
    cache.building.delete(node);
  }
}

function build(doc: OpenApiDocument, schema: SchemaObject): Norm {
  if (schema === NOTHING) return { ...emptyNorm(schema), types: new Set() };
  const own = ownNorm(doc, schema);
  if (typeof schema.$ref === 'string' && !refSiblingsApply(doc)) {
    return refAlone(doc, schema, schema.$ref, own);
  }
  const parts: Norm[] = [];
  if (typeof schema.$ref === 'string') parts.push(followRef(doc, schema.$ref));
  if (Array.isArray(schema.allOf)) {
    for (const branch of schema.allOf) parts.push(normalize(doc, branch));
  }
  if (parts.length === 0) return own;
  if (parts.length === 1 && !hasOwnKeywords(schema)) {
    return { ...parts[0]!, source: schema, combos: undefined };
  }
  // Inherited parts first (their properties lead), this node's own keywords last; but this
  // node's own examples and defaults are the ones that describe it best, so they lead.
  let norm = parts.reduce((acc, part) => mergeNorms(acc, part, schema));
  norm = mergeNorms(norm, own, schema);
  norm.examples = [...own.examples, ...parts.flatMap((p) => p.examples)];
  norm.defaults = [...own.defaults, ...parts.flatMap((p) => p.defaults)];
  return norm;
}

/**
 * A 3.0 `$ref` with siblings is the referenced schema alone (see refSiblingsApply); an example
 * written next to it still leads, since it is checked against the whole node before use.
 */
function refAlone(doc: OpenApiDocument, schema: SchemaObject, ref: string, own: Norm): Norm {
  const target = followRef(doc, ref);
  return {
    ...target,
    source: schema,
    combos: undefined,
    examples: [...own.examples, ...target.examples],
    defaults: [...own.defaults, ...target.defaults],
  };
}

function followRef(doc: OpenApiDocument, ref: string): Norm {
  const target = ref.startsWith('#') ? resolvePointer(doc, ref) : undefined;
  const norm = normalize(doc, typeof target === 'boolean' || isObject(target) ? target : undefined);
  const followed: Norm = { ...norm, refs: [ref, ...norm.refs], combos: undefined };
  // A subtype (`Cat: allOf [Pet, ...]`, Pet holding the discriminator) names itself.
  if (norm.discriminator && isObject(target) && !target.discriminator && norm.groups.length === 0) {
    followed.discriminatorValue = discriminatorKey(norm.discriminator, ref);
  }
  return followed;
}

/** The mapping key that points at `ref`, else the schema's own name (the last pointer segment). */
export function discriminatorKey(
  discriminator: { mapping?: Record<string, string> },
  ref: string,
): string | undefined {
  const name = decodePointer(ref).at(-1);
  const keys = mappingKeys(discriminator.mapping);
  const byRef = keys.get(ref);
  const byName = name === undefined ? undefined : keys.get(name);
  if (byRef && byName) return byRef.at < byName.at ? byRef.key : byName.key;
  return (byRef ?? byName)?.key ?? name;
}

const inverted = new WeakMap<object, Map<string, { key: string; at: number }>>();

/**
 * Each mapping target's first key, and where it stands: Graph's `entity` maps 2,000 subtypes,
 * and scanning the mapping for each of them made a first request take a quarter of a second.
 */
function mappingKeys(mapping: Record<string, string> | undefined) {
  if (mapping === undefined) return new Map<string, { key: string; at: number }>();
  let keys = inverted.get(mapping);
  if (!keys) {
    keys = new Map();
    let at = 0;
    for (const [key, target] of Object.entries(mapping)) {
      if (typeof target === 'string' && !keys.has(target)) keys.set(target, { key, at });
      at++;
    }
    inverted.set(mapping, keys);
  }
  return keys;
}

/** Keywords that change nothing about generated values. */
const ANNOTATIONS = new Set(['$ref', 'allOf', 'description', 'title', 'summary', '$comment']);

function hasOwnKeywords(schema: SchemaObject): boolean {
  for (const key in schema) {
    if (!ANNOTATIONS.has(key) && !key.startsWith('x-')) return true;
  }
  return false;
}
