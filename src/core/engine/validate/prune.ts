import type { JsonSchema } from './types.js';
import { SINGLE_SUBSCHEMA_KEYWORDS } from '../../keywords.js';

const SCHEMA_MAPS = new Set(['patternProperties', 'dependentSchemas', '$defs', 'definitions']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);

/**
 * A copy of a `toJsonSchema` document in which every `properties` entry whose name the data
 * holds nowhere is `true`. A property's schema applies only where the data has that property,
 * so the copy gives the same verdict and the same errors for this data; but the `$defs` that
 * only such properties reach are never compiled. Microsoft Graph's request bodies reach
 * thousands of types through their navigation properties: compiling one is slow, its copy for a
 * body of a few fields is not.
 */
export function pruneFor(schema: JsonSchema, data: unknown): JsonSchema {
  const names = namesIn(data);
  // ajv looks a property up as `data[name]`: an inherited `constructor` is always there.
  const kept = (name: string) => names.has(name) || name in Object.prototype;
  const copies = new Map<object, Record<string, unknown>>();
  const copy = (node: unknown): unknown => {
    if (!isRecord(node)) return node;
    let out = copies.get(node);
    if (out !== undefined) return out;
    copies.set(node, (out = {}));
    for (const [key, value] of Object.entries(node)) {
      let next: unknown = value;
      if (key === 'properties' && isRecord(value)) {
        next = mapValues(value, (name, v) => (kept(name) ? copy(v) : true));
      } else if (SCHEMA_MAPS.has(key) && isRecord(value)) {
        next = mapValues(value, (_, v) => copy(v));
      } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) next = value.map(copy);
      else if (SINGLE_SUBSCHEMA_KEYWORDS.has(key)) next = copy(value);
      // Anything else (enum, const, required, annotations) is data: shared, not copied.
      Object.defineProperty(out, key, { value: next, enumerable: true, writable: true });
    }
    return out;
  };
  return copy(schema) as JsonSchema;
}

function mapValues(
  record: Record<string, unknown>,
  map: (key: string, value: unknown) => unknown,
): Record<string, unknown> {
  // fromEntries defines own keys, so a property named `__proto__` stays a property.
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, map(k, v)]));
}

/** Every object key anywhere in the data. */
export function namesIn(data: unknown): Set<string> {
  const names = new Set<string>();
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...(node as unknown[]));
    else if (isRecord(node)) {
      for (const [key, value] of Object.entries(node)) {
        names.add(key);
        stack.push(value);
      }
    }
  }
  return names;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
