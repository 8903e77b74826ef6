import type { SchemaObject } from '../../core/types.js';
import type { InputField, RuleTree, ValueRules, ValueTest } from '../model/inputs.js';

/**
 * The model's field trees (`model/inputs.ts`) as JSON Schema, OpenAPI 3.0 flavour (`nullable`;
 * `emit/openapi31.ts` makes 3.1 of it): `*` children as items (or as the values of a keyed array
 * that also has named keys), named children as properties, keys in a fixed order so output is
 * stable and readable.
 * @see https://spec.openapis.org/oas/v3.0.3#schema-object
 */

const done = new WeakMap<RuleTree, SchemaObject>();

/** A rule set's schema: an object of its top-level fields (the same object for the same tree). */
export function treeSchema(tree: RuleTree): SchemaObject {
  const known = done.get(tree);
  if (known) return known;
  const properties: Record<string, SchemaObject> = {};
  const required: string[] = [];
  for (const field of tree.fields) {
    properties[field.name] = fieldSchema(field);
    if (field.required) required.push(field.name);
  }
  const schema = ordered({
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
  });
  if (tree.anyKey) schema.additionalProperties = fieldSchema(tree.anyKey);
  done.set(tree, schema);
  return schema;
}

/**
 * One field's schema: what its rules say, its children attached, its notes as `description`,
 * `items` that OpenAPI 3.0 requires of every array, `nullable` (with `null` among its `enum`).
 * @see https://spec.openapis.org/oas/v3.0.3#properties
 */
export function fieldSchema(field: InputField): SchemaObject {
  const schema = valueSchema(field.rules);
  const properties: Record<string, SchemaObject> = { ...schema.properties };
  const required = new Set(schema.required ?? []);
  for (const child of field.children) {
    const childSchema = fieldSchema(child);
    if (child.name === '*') {
      attachItems(schema, childSchema, child.distinct, field.children.length > 1);
      continue;
    }
    properties[child.name] = childSchema;
    if (child.required) required.add(child.name);
  }
  if (Object.keys(properties).length > 0) schema.properties = properties;
  const list = Object.keys(properties).filter((k) => required.has(k));
  if (list.length > 0) schema.required = list;
  else delete schema.required;
  if (field.notes.length > 0) schema.description = field.notes.join(' ');
  if (schema.type === 'array' && schema.items === undefined) schema.items = {};
  if (field.nullable) {
    schema.nullable = true;
    if (Array.isArray(schema.enum) && !schema.enum.includes(null))
      schema.enum = [...schema.enum, null];
  }
  return ordered(schema);
}

function attachItems(
  schema: SchemaObject,
  items: SchemaObject,
  distinct: boolean,
  keyed: boolean,
): void {
  if (keyed || schema.type === 'object') {
    if (schema.additionalProperties !== false) schema.additionalProperties = items;
    return;
  }
  const own = schema.items;
  schema.items = own === undefined ? items : ordered({ ...own, ...items });
  if (distinct) schema.uniqueItems = true;
}

/** What rules say of a value, as schema keywords (children and notes not yet attached). */
export function valueSchema(rules: ValueRules): SchemaObject {
  const out: SchemaObject = {};
  if (rules.type !== undefined) out.type = rules.type;
  if (rules.format !== undefined) out.format = rules.format;
  if (rules.enum !== undefined) out.enum = rules.enum;
  for (const key of BOUNDS)
    if (rules[key] !== undefined) (out as Record<string, unknown>)[key] = rules[key];
  if (rules.items !== undefined) out.items = valueSchema(rules.items);
  if (rules.keys !== undefined)
    out.properties = Object.fromEntries(rules.keys.map((key) => [key, {}]));
  if (rules.requiredKeys !== undefined) out.required = rules.requiredKeys;
  if (rules.closed) out.additionalProperties = false;
  if (rules.formats !== undefined) out.anyOf = rules.formats.map((format) => ({ format }));
  tests(out, rules.tests ?? []);
  if (rules.example !== undefined) out.example = rules.example;
  return out;
}

// prettier-ignore
const BOUNDS = [
  'minLength', 'maxLength', 'minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum',
  'multipleOf', 'minItems', 'maxItems', 'minProperties', 'maxProperties',
] as const;

/**
 * Patterns to match and to fail: the first of each as `pattern` and `not`, the rest in `allOf`
 * (JSON Schema allows one `pattern` and one `not` per schema), in rule order.
 */
function tests(out: SchemaObject, list: readonly ValueTest[]): void {
  const allOf: SchemaObject[] = [];
  for (const test of list) {
    if (test.kind === 'pattern') {
      if (out.pattern === undefined) out.pattern = test.pattern;
      else allOf.push({ pattern: test.pattern });
      continue;
    }
    const not = test.kind === 'not-enum' ? { enum: test.values } : { pattern: test.pattern };
    if (out.not === undefined) out.not = not;
    else allOf.push({ not });
  }
  if (allOf.length > 0) out.allOf = allOf;
}

// prettier-ignore
const KEY_ORDER = [
  'type', 'format', 'description', 'enum', 'pattern', 'minLength', 'maxLength', 'minimum',
  'exclusiveMinimum', 'maximum', 'exclusiveMaximum', 'multipleOf', 'items', 'minItems', 'maxItems',
  'uniqueItems', 'properties', 'required', 'additionalProperties', 'minProperties', 'maxProperties',
  'not', 'anyOf', 'allOf', 'nullable', 'example',
];

function ordered(schema: SchemaObject): SchemaObject {
  const out: SchemaObject = {};
  for (const key of KEY_ORDER) if (schema[key] !== undefined) out[key] = schema[key];
  for (const [key, value] of Object.entries(schema)) if (!(key in out)) out[key] = value;
  return out;
}
