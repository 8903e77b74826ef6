import type { Bound, Norm, TypeName } from './norm.js';
import type { SchemaObject } from '../../types.js';

/**
 * `allOf` semantics on flattened nodes: the result must satisfy both sides, so constraints
 * tighten (larger minimum, smaller maximum, intersected types and enums) and collections join.
 * Where two sides describe the same property or items, both schemas are kept under a
 * synthetic `allOf`, merged in turn when (and only if) that child is generated.
 */
export function mergeNorms(a: Norm, b: Norm, source: SchemaObject): Norm {
  return {
    source,
    refs: [...a.refs, ...b.refs],
    types: intersectTypes(a.types, b.types),
    constant: a.constant ?? b.constant,
    examples: [...a.examples, ...b.examples],
    defaults: [...a.defaults, ...b.defaults],
    enum: intersectEnums(a.enum, b.enum),
    format: a.format ?? b.format,
    patterns: [...a.patterns, ...b.patterns],
    minLength: pickNumber(a.minLength, b.minLength, Math.max),
    maxLength: pickNumber(a.maxLength, b.maxLength, Math.min),
    minimum: tighterBound(a.minimum, b.minimum, 1),
    maximum: tighterBound(a.maximum, b.maximum, -1),
    multipleOf: commonMultiple(a.multipleOf, b.multipleOf),
    ...mergeObjectParts(a, b),
    items: both(a.items, b.items),
    prefixItems: a.prefixItems ?? b.prefixItems,
    contains: a.contains ?? b.contains,
    minItems: pickNumber(a.minItems, b.minItems, Math.max),
    maxItems: pickNumber(a.maxItems, b.maxItems, Math.min),
    uniqueItems: a.uniqueItems || b.uniqueItems,
    readOnly: a.readOnly || b.readOnly,
    writeOnly: a.writeOnly || b.writeOnly,
    discriminator: a.discriminator ?? b.discriminator,
    discriminatorValue: a.discriminatorValue ?? b.discriminatorValue,
    groups: [...a.groups, ...b.groups],
    nots: [...a.nots, ...b.nots],
  };
}

function mergeObjectParts(
  a: Norm,
  b: Norm,
): Partial<Norm> & Pick<Norm, 'properties' | 'required' | 'patternProperties' | 'openParts'> {
  const properties = new Map(a.properties);
  for (const [key, schema] of b.properties)
    properties.set(key, both(properties.get(key), schema) ?? true);
  return {
    properties,
    required: {
      request: new Set([...a.required.request, ...b.required.request]),
      response: new Set([...a.required.response, ...b.required.response]),
    },
    closedKeys: intersectKeys(a.closedKeys, b.closedKeys),
    additional: mergeAdditional(a.additional, b.additional),
    patternProperties: [...a.patternProperties, ...b.patternProperties],
    openParts: [...a.openParts, ...b.openParts],
    propertyNames: a.propertyNames ?? b.propertyNames,
    minProperties: pickNumber(a.minProperties, b.minProperties, Math.max),
    maxProperties: pickNumber(a.maxProperties, b.maxProperties, Math.min),
  };
}

/** Schemas built here, so nested merges flatten into one list instead of nesting. */
const synthetic = new WeakSet<object>();

type Child = SchemaObject | boolean | undefined;

function both(a: Child, b: Child): Child {
  if (a === undefined || a === true) return b;
  if (b === undefined || b === true) return a;
  if (a === false || b === false) return false;
  const list = [
    ...(synthetic.has(a) ? (a.allOf ?? []) : [a]),
    ...(synthetic.has(b) ? (b.allOf ?? []) : [b]),
  ];
  const merged: SchemaObject = { allOf: list };
  synthetic.add(merged);
  return merged;
}

function mergeAdditional(a: Child, b: Child): Child {
  if (a === false || b === false) return false;
  return both(a, b);
}

/** `integer` is a subset of `number`, so their intersection is `integer`. */
function intersectTypes(
  a: Set<TypeName> | undefined,
  b: Set<TypeName> | undefined,
): Set<TypeName> | undefined {
  if (!a) return b;
  if (!b) return a;
  const out = new Set<TypeName>();
  for (const type of a) {
    if (b.has(type)) out.add(type);
    else if (type === 'integer' && b.has('number')) out.add('integer');
    else if (type === 'number' && b.has('integer')) out.add('integer');
  }
  return out;
}

function intersectEnums(a: unknown[] | undefined, b: unknown[] | undefined): unknown[] | undefined {
  if (!a) return b;
  if (!b) return a;
  const keys = new Set(b.map((v) => JSON.stringify(v)));
  return a.filter((v) => keys.has(JSON.stringify(v)));
}

function intersectKeys(a: Set<string> | undefined, b: Set<string> | undefined) {
  if (!a) return b;
  if (!b) return a;
  return new Set([...a].filter((k) => b.has(k)));
}

function pickNumber(
  a: number | undefined,
  b: number | undefined,
  choose: (x: number, y: number) => number,
): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return choose(a, b);
}

/** direction 1 for lower bounds (larger wins), -1 for upper bounds (smaller wins). */
function tighterBound(a: Bound | undefined, b: Bound | undefined, direction: 1 | -1) {
  if (!a) return b;
  if (!b) return a;
  if (a.value === b.value) return a.exclusive ? a : b;
  return (a.value - b.value) * direction > 0 ? a : b;
}

/** Least common multiple, also for decimals (0.5 and 0.2 give 1), via scaled integers. */
export function commonMultiple(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const scale = 10 ** Math.max(decimals(a), decimals(b));
  const x = Math.round(a * scale);
  const y = Math.round(b * scale);
  if (!Number.isSafeInteger(x) || !Number.isSafeInteger(y)) return Math.max(a, b);
  return ((x / gcd(x, y)) * y) / scale;
}

export function decimals(value: number): number {
  const text = String(value);
  const exponent = /e-(\d+)$/.exec(text);
  if (exponent) return Number(exponent[1]) + (text.split('e')[0]?.split('.')[1]?.length ?? 0);
  return text.split('.')[1]?.length ?? 0;
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return Math.abs(a);
}
