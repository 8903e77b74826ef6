import { deref } from '../refs.js';
import type { OpenApiDocument, SchemaObject } from '../types.js';

/**
 * The properties an object schema declares, through `$ref`s and `allOf` (the shapes generated
 * and hand-written specs use to compose envelopes). Values are resolved schemas.
 */
export function objectProperties(
  doc: OpenApiDocument,
  schema: unknown,
  depth = 0,
): Map<string, SchemaObject> {
  const out = new Map<string, SchemaObject>();
  const resolved = deref<SchemaObject>(doc, schema as SchemaObject);
  if (!resolved || typeof resolved !== 'object' || depth > 8) return out;
  for (const part of resolved.allOf ?? []) {
    for (const [name, prop] of objectProperties(doc, part, depth + 1)) out.set(name, prop);
  }
  for (const [name, prop] of Object.entries(resolved.properties ?? {})) {
    const value = deref<SchemaObject>(doc, prop);
    if (value) out.set(name, value);
  }
  return out;
}

export function isType(schema: SchemaObject | undefined, type: string): boolean {
  if (!schema) return false;
  if (Array.isArray(schema.type)) return schema.type.includes(type);
  if (schema.type !== undefined) return schema.type === type;
  if (type === 'array') return schema.items !== undefined;
  if (type === 'object') return schema.properties !== undefined;
  return false;
}

const known = new WeakMap<object, ReadonlyMap<string, SchemaObject>>();

/**
 * `objectProperties`, worked out once per schema object: for what runs on every request
 * (the stateful mock's items). The map is shared: read it, never change it.
 */
export function propertiesOf(
  doc: OpenApiDocument,
  schema: unknown,
): ReadonlyMap<string, SchemaObject> {
  if (typeof schema !== 'object' || schema === null) return objectProperties(doc, schema);
  let props = known.get(schema);
  if (!props) known.set(schema, (props = objectProperties(doc, schema)));
  return props;
}
