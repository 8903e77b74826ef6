import { toJsonSchema } from '../core/schema.js';
import type { OpenApiDocument, SchemaObject } from '../core/types.js';

/**
 * A response schema as plain draft-07 JSON Schema, for the ajv 6 inside Postman's sandbox
 * (`pm.response.to.have.jsonSchema`): no `$defs` (every `$ref` is inlined), `nullable` as a
 * `null` type, only the formats ajv 6 knows (it refuses a schema naming any other), and no
 * 2019+ keywords. A `$ref` already open twice on the way down (a tree, a user whose posts have
 * an author) is cut to `{}`, which accepts anything, so the schema stays finite.
 * @see https://json-schema.org/draft-07/json-schema-validation
 */
export function toDraft07(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
): Record<string, unknown> | boolean {
  const root = toJsonSchema(doc, schema, 'response');
  if (typeof root === 'boolean') return root;
  const defs = (root.$defs ?? {}) as Record<string, unknown>;
  return new Inliner(defs).node(root, []) as Record<string, unknown> | boolean;
}

/** Occurrences of one `$ref` on a path before the schema below it is cut. */
const SAME_REF_LIMIT = 2;
/** Nesting depth past which anything is accepted (deep but acyclic specs). */
const DEPTH_LIMIT = 32;

/** ajv 6's formats; `int32`, `binary`, `password` and the like would fail the compile. */
const AJV6_FORMATS = new Set([
  'date',
  'time',
  'date-time',
  'uri',
  'uri-reference',
  'uri-template',
  'url',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'regex',
  'uuid',
  'json-pointer',
  'json-pointer-uri-fragment',
  'relative-json-pointer',
]);

/** 2019-09/2020-12 keywords draft-07 lacks, and annotations the test does not need. */
const DROPPED = new Set([
  '$defs',
  '$schema',
  '$id',
  '$anchor',
  '$comment',
  'dependentSchemas',
  'dependentRequired',
  'unevaluatedProperties',
  'unevaluatedItems',
  'minContains',
  'maxContains',
  'title',
  'description',
  'examples',
  'default',
  'readOnly',
  'writeOnly',
  'deprecated',
  'contentMediaType',
  'contentEncoding',
]);
const MAPS = new Set(['properties', 'patternProperties']);
const LISTS = new Set(['allOf', 'anyOf', 'oneOf']);
const SINGLES = new Set([
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'additionalItems',
]);

class Inliner {
  constructor(private readonly defs: Record<string, unknown>) {}

  node(value: unknown, stack: readonly string[]): unknown {
    if (typeof value === 'boolean') return value;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    if (stack.length > DEPTH_LIMIT) return {};
    const schema = value as Record<string, unknown>;
    if (typeof schema.$ref === 'string') return this.ref(schema, stack);
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(schema)) {
      if (DROPPED.has(key)) continue;
      if (MAPS.has(key)) out[key] = this.map(item, stack);
      else if (LISTS.has(key))
        out[key] = Array.isArray(item) ? item.map((s) => this.node(s, [...stack, ''])) : [];
      else if (key === 'prefixItems') continue;
      else if (SINGLES.has(key)) out[key] = this.node(item, [...stack, '']);
      else if (key === 'format' && !AJV6_FORMATS.has(String(item))) continue;
      else out[key] = item;
    }
    if (Array.isArray(schema.prefixItems)) {
      // 2020-12 `prefixItems` + `items` is draft-07 `items: [...]` + `additionalItems`.
      if (schema.items !== undefined) out.additionalItems = out.items;
      out.items = schema.prefixItems.map((s) => this.node(s, [...stack, '']));
    }
    return out;
  }

  private ref(schema: Record<string, unknown>, stack: readonly string[]): unknown {
    const key = decodeURIComponent(String(schema.$ref).replace(/^#\/\$defs\//, ''));
    const open = stack.filter((k) => k === key).length;
    const target =
      open >= SAME_REF_LIMIT || !(key in this.defs)
        ? {}
        : this.node(this.defs[key], [...stack, key]);
    const rest = { ...schema };
    delete rest.$ref;
    const siblings = this.node(rest, stack) as Record<string, unknown>;
    return Object.keys(siblings).length === 0 ? target : { allOf: [target, siblings] };
  }

  private map(value: unknown, stack: readonly string[]): Record<string, unknown> {
    if (typeof value !== 'object' || value === null) return {};
    const out: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) out[name] = this.node(item, [...stack, '']);
    return out;
  }
}
