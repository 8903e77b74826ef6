import type { OpenApiDocument, SchemaObject } from '../../core/types.js';

/** The OpenAPI versions `apidoc generate` writes. */
export const OPENAPI_VERSIONS = ['3.0', '3.1'] as const;
export type OpenApiVersion = (typeof OPENAPI_VERSIONS)[number];

/** Keys whose value is one schema, and keys whose value is a list or a map of them. */
const ONE = [
  'items',
  'not',
  'additionalProperties',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
];
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAP = ['properties', 'patternProperties', 'dependentSchemas'];

/**
 * The document as OpenAPI 3.1.0 writes it: schemas are JSON Schema 2020-12, so `nullable`
 * becomes a `null` type (or a `null` branch beside a `$ref`), boolean `exclusiveMinimum`s become
 * numbers, a schema's `example` becomes `examples`. A new object: the 3.0 document is not changed
 * (its sub-schemas may be shared).
 * @see https://spec.openapis.org/oas/v3.1.0#schema-object
 * @see https://www.openapis.org/blog/2021/02/16/migrating-from-openapi-3-0-to-3-1-0
 */
export function toOpenApi31(document: OpenApiDocument): OpenApiDocument {
  const seen = new Map<object, unknown>();
  return { ...(walkDocument(document, seen) as OpenApiDocument), openapi: '3.1.0' };
}

/** Every place of the document that holds a schema, converted; the rest copied as is. */
function walkDocument(node: unknown, seen: Map<object, unknown>, key?: string): unknown {
  if (Array.isArray(node)) return node.map((item) => walkDocument(item, seen));
  if (typeof node !== 'object' || node === null) return node;
  if (key === 'schema') return schema31(node as SchemaObject, seen);
  if (key === 'schemas')
    return mapValues(node as Record<string, SchemaObject>, (s) => schema31(s, seen));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = walkDocument(v, seen, k);
  return out;
}

/** One schema in the 3.1 dialect (memoised: shared sub-schemas stay shared). */
export function schema31(schema: SchemaObject, seen = new Map<object, unknown>()): SchemaObject {
  const done = seen.get(schema);
  if (done) return done as SchemaObject;
  const out: Record<string, unknown> = {};
  seen.set(schema, out);
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'nullable' || k === 'example') continue;
    if (ONE.includes(k) && typeof v === 'object' && v !== null)
      out[k] = schema31(v as SchemaObject, seen);
    else if (LIST.includes(k) && Array.isArray(v))
      out[k] = v.map((s) => schema31(s as SchemaObject, seen));
    else if (MAP.includes(k) && typeof v === 'object' && v !== null)
      out[k] = mapValues(v as Record<string, SchemaObject>, (s) => schema31(s, seen));
    else out[k] = v;
  }
  if ('example' in schema) out.examples = [schema.example];
  exclusive(schema, out, 'exclusiveMinimum', 'minimum');
  exclusive(schema, out, 'exclusiveMaximum', 'maximum');
  if (schema.nullable === true) nullable(out);
  return out as SchemaObject;
}

/** 3.0's `exclusiveMinimum: true` beside `minimum: 1` is 3.1's `exclusiveMinimum: 1`. */
function exclusive(
  schema: SchemaObject,
  out: Record<string, unknown>,
  flag: 'exclusiveMinimum' | 'exclusiveMaximum',
  bound: 'minimum' | 'maximum',
): void {
  const value = (schema as Record<string, unknown>)[flag];
  if (typeof value !== 'boolean') return;
  delete out[flag];
  if (value && typeof schema[bound] === 'number') {
    out[flag] = schema[bound];
    delete out[bound];
  }
}

/** `nullable: true` as 3.1 says it: a `null` type, value or branch. */
function nullable(out: Record<string, unknown>): void {
  const type = out.type;
  if (typeof type === 'string') out.type = [type, 'null'];
  else if (Array.isArray(type)) out.type = type.includes('null') ? type : [...type, 'null'];
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  if (type !== undefined) return;
  // `{allOf: [{$ref}], nullable: true}` and other type-less schemas: a `null` branch.
  const branches = (out.anyOf ?? out.oneOf) as unknown[] | undefined;
  if (branches) {
    out[out.anyOf ? 'anyOf' : 'oneOf'] = [...branches, { type: 'null' }];
    return;
  }
  const rest = { ...out };
  for (const k of Object.keys(out)) delete out[k];
  if (Object.keys(rest).length === 0) out.type = 'null';
  else
    out.anyOf = [
      rest.allOf && Object.keys(rest).length === 1 && (rest.allOf as unknown[]).length === 1
        ? (rest.allOf as unknown[])[0]
        : rest,
      { type: 'null' },
    ];
}

function mapValues<T, U>(record: Record<string, T>, fn: (value: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, fn(v)]));
}
