import type { SchemaObject } from '../../core/types.js';
import type { DataSource, Field, Shape } from '../facts/types.js';
import { sourceModel, type Assembly, type ShapeScope } from './context.js';
import { literalSchema, unionSchema } from './literal.js';
import { flatPaginator } from './pagination.js';
import { rulesToSchema } from '../rules/index.js';
import type { PhpValue } from '../php/value.js';

type Writer<K extends Shape['kind']> = (
  shape: Extract<Shape, { kind: K }>,
  scope: ShapeScope,
  asm: Assembly,
) => SchemaObject;

const BUILTIN_TYPES: Record<string, SchemaObject> = {
  int: { type: 'integer' },
  float: { type: 'number' },
  string: { type: 'string' },
  bool: { type: 'boolean' },
  array: { type: 'array', items: {} },
  true: { type: 'boolean', enum: [true] },
  false: { type: 'boolean', enum: [false] },
};

/**
 * A value's shape → its JSON Schema, now that models, casts, migrations and resources are known.
 */
export function shapeSchema(shape: Shape, scope: ShapeScope, asm: Assembly): SchemaObject {
  return (WRITERS[shape.kind] as Writer<typeof shape.kind>)(shape, scope, asm);
}

const WRITERS: { [K in Shape['kind']]: Writer<K> } = {
  literal: (s) => literalSchema(s.value),
  object: (s, scope, asm) => objectSchema(s.fields, scope, asm),
  list: (s, scope, asm) => ({
    type: 'array',
    items: s.items.length > 0 ? unionSchema(s.items.map((i) => shapeSchema(i, scope, asm))) : {},
  }),
  resource: (s, _scope, asm) => {
    if (!asm.resources.isResource(s.className)) return {};
    const ref = asm.resources.ref(s.className);
    if (s.nullable && !s.collection) return { allOf: [ref], nullable: true };
    return s.collection ? { type: 'array', items: ref } : ref;
  },
  data: (s, _scope, asm) => dataSchema(s.source, asm),
  attribute: (s, scope, asm) => {
    if (scope.collects && s.name === 'collection')
      return { type: 'array', items: asm.resources.ref(scope.collects) };
    const model =
      s.relation && scope.model
        ? asm.models.relation(scope.model, s.relation)?.related
        : scope.model;
    return model && asm.models.isModel(model) ? (asm.models.attribute(model, s.name) ?? {}) : {};
  },
  method: (s, scope, asm) => {
    const service = s.via && s.className ? propertyType(s.className, s.via, asm) : undefined;
    if (s.via && !service) return {};
    const owner = (service ? [service] : [s.className, scope.model]).find(
      (c) => c && asm.classes.method(c, s.name),
    );
    const returned = owner ? asm.classes.method(owner, s.name)?.facts.returnType : undefined;
    return (returned && BUILTIN_TYPES[returned]) || {};
  },
  enum: (s, _scope, asm) => {
    const values = asm.models.enumValues(s.className);
    return values ? { type: values.type, enum: values.values } : {};
  },
  config: (s, _scope, asm) => configSchema(asm.configValue(s.key)),
  input: (s, scope, asm) => {
    const rule = scope.rules?.[s.name];
    if (rule === undefined) return {};
    const { schema } = rulesToSchema(
      { [s.name]: rule },
      { resolveEnum: (c) => asm.models.enumValues(c)?.values },
    );
    return schema.properties?.[s.name] ?? {};
  },
  relation: (s, scope, asm) => {
    const relation = scope.model ? asm.models.relation(scope.model, s.name) : undefined;
    if (!relation || !asm.models.isModel(relation.related)) return {};
    const ref = modelRef(relation.related, asm);
    return relation.many ? { type: 'array', items: ref } : ref;
  },
  count: () => ({ type: 'integer' }),
  type: (s) => {
    if (s.type === 'array') return { type: 'array', items: {} };
    if (s.type === 'object') return { type: 'object', additionalProperties: true };
    return s.format ? { type: s.type, format: s.format } : { type: s.type };
  },
  union: (s, scope, asm) => unionSchema(s.options.map((o) => shapeSchema(o, scope, asm))),
  model: (_s, scope, asm) =>
    scope.model ? modelObject(scope.model, asm) : { type: 'object', additionalProperties: true },
  unknown: () => ({}),
};

function objectSchema(fields: Field[], scope: ShapeScope, asm: Assembly): SchemaObject {
  const properties: Record<string, SchemaObject> = {};
  const required = new Set<string>();
  for (const field of fields) {
    if (field.key !== undefined) {
      properties[field.key] = shapeSchema(field.value, scope, asm);
      if (field.optional) required.delete(field.key);
      else required.add(field.key);
      continue;
    }
    const merged = objectParts(field.value, scope, asm);
    for (const [key, value] of Object.entries(merged.properties)) {
      properties[key] = value;
      if (!field.optional && merged.required.includes(key)) required.add(key);
      else required.delete(key);
    }
  }
  const schema: SchemaObject = { type: 'object', properties };
  if (required.size > 0) schema.required = [...required];
  return schema;
}

/** The properties a merged value contributes (`merge`, `mergeWhen`, `parent::toArray`). */
function objectParts(
  shape: Shape,
  scope: ShapeScope,
  asm: Assembly,
): { properties: Record<string, SchemaObject>; required: string[] } {
  const schema =
    shape.kind === 'model' || shape.kind === 'object' ? shapeSchema(shape, scope, asm) : {};
  return { properties: schema.properties ?? {}, required: schema.required ?? [] };
}

/** Models, lists of models, or Laravel's flat paginator of them. */
export function dataSchema(source: DataSource, asm: Assembly): SchemaObject {
  const { model, many, attribute } = sourceModel(source, asm);
  if (model && attribute) return asm.models.attribute(model, attribute) ?? {};
  const item: SchemaObject = model
    ? modelRef(model, asm)
    : { type: 'object', additionalProperties: true };
  if (source.paginated) return flatPaginator(source.paginated, item);
  return many ? { type: 'array', items: item } : item;
}

/** `$ref` to a model's `toArray()` schema. */
export function modelRef(model: string, asm: Assembly): SchemaObject {
  return asm.components.classRef(model, () => modelObject(model, asm));
}

function modelObject(model: string, asm: Assembly): SchemaObject {
  const attributes = asm.models.attributes(model);
  const schema: SchemaObject = {
    type: 'object',
    properties: Object.fromEntries(attributes.map((a) => [a.name, a.schema])),
  };
  const required = attributes.filter((a) => a.always).map((a) => a.name);
  if (required.length > 0) schema.required = required;
  return schema;
}

/** A config value's schema: a literal is what it says, an `env()` value has its type only. */
function configSchema(value: PhpValue | undefined): SchemaObject {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object') return literalSchema(value);
  if (value.kind === 'call' && value.callee === 'env') {
    const fallback = value.args[1];
    const type =
      typeof fallback === 'number'
        ? Number.isInteger(fallback)
          ? 'integer'
          : 'number'
        : typeof fallback === 'boolean'
          ? 'boolean'
          : 'string';
    return { type };
  }
  if (value.kind === 'array')
    return value.items.every((i) => i.key === undefined)
      ? { type: 'array', items: {} }
      : { type: 'object', additionalProperties: true };
  return {};
}

/** The declared class of a property (or promoted constructor parameter), through inheritance. */
function propertyType(className: string, property: string, asm: Assembly): string | undefined {
  return asm.classes.lineage(className).find((c) => c.facts.types?.[property])?.facts.types?.[
    property
  ];
}
