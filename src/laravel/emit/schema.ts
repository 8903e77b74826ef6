import type { SchemaObject } from '../../core/types.js';
import { attributeSchema } from './attribute-schema.js';
import type { Components } from './components.js';
import { fieldSchema } from './input-schema.js';
import { literalSchema, unionSchema } from './literal.js';
import { flatPaginator } from './pagination.js';
import type { TypeEngine } from '../infer/engine.js';
import { frameOf } from '../infer/frame.js';
import { classOf } from '../infer/support.js';
import { members, typeKey, type Field, type Type } from '../infer/type.js';
import type { Tracker } from '../project/tracker.js';
import type { Attribute, ModelCatalog } from '../models/catalog.js';
import type { ResourceCatalog } from '../resources/catalog.js';

const EMPTY_BODY = { defs: [], returns: [] };

/**
 * Types → JSON Schema (OpenAPI 3.0 flavour: `nullable`), the one place where the engine's
 * knowledge becomes a document: models and resources as `$ref`s to components built once,
 * paginators as Laravel's envelopes, objects as what they serialise to.
 */
export class SchemaEmitter {
  constructor(
    private readonly engine: TypeEngine,
    private readonly models: ModelCatalog,
    private readonly resources: ResourceCatalog,
    private readonly components: Components,
    private readonly tracker: Tracker,
  ) {}

  private readonly done = new Map<string, { value: SchemaObject; deps: Set<string> }>();

  /** The schema of a type; equal types share one (never mutate what this returns). */
  schema(type: Type, depth = 0): SchemaObject {
    if (depth > 24) return {};
    if (
      type.kind === 'scalar' ||
      type.kind === 'literal' ||
      type.kind === 'attribute' ||
      type.kind === 'input'
    )
      return this.write(type, depth);
    return this.tracker.memo(this.done, typeKey(type), () => this.write(type, depth));
  }

  private write(type: Type, depth: number): SchemaObject {
    const next = depth + 1;
    switch (type.kind) {
      case 'scalar': {
        const out: SchemaObject = { type: type.type };
        if (type.format) out.format = type.format;
        if (type.pattern) out.pattern = type.pattern;
        return out;
      }
      case 'literal':
        return literalSchema(type.value);
      case 'null':
        return literalSchema(null);
      case 'enum': {
        const values = this.models.enumValues(type.class);
        return values ? { type: values.type, enum: values.values } : {};
      }
      case 'shape':
        return this.object(type.fields, next);
      case 'list':
        return { type: 'array', items: this.itemSchema(type.items, next) };
      case 'map':
        return type.values.kind === 'unknown'
          ? { type: 'object', additionalProperties: true }
          : { type: 'object', additionalProperties: this.schema(type.values, next) };
      case 'model':
        return this.model(type, next);
      case 'paginator':
        return flatPaginator(type.style, this.itemSchema(type.items, next));
      case 'resource':
        return this.nestedResource(type, next);
      case 'response':
        return type.body ? this.schema(type.body, next) : {};
      case 'file':
        return { type: 'string', format: 'binary' };
      case 'object':
        return this.object_(type, next);
      case 'class':
        return { type: 'string' };
      case 'union':
        return unionSchema(type.of.map((t) => this.schema(t, next)));
      case 'optional':
      case 'merge':
        return this.schema(type.type, next);
      case 'attribute':
        return attributeSchema(type.json);
      case 'input':
        return fieldSchema(type.field);
      case 'builder':
      case 'rule':
      case 'fn':
      case 'sent':
      case 'never':
      case 'unknown':
        return {};
    }
  }

  /** A list's items: an empty list's unknown items stay `{}`. */
  private itemSchema(items: Type, depth: number): SchemaObject {
    return this.schema(items, depth);
  }

  private object(fields: readonly Field[], depth: number): SchemaObject {
    // No key at all: `{}` is all there is (`response()->json(null)`).
    if (fields.length === 0) return { type: 'object', maxProperties: 0 };
    const properties: Record<string, SchemaObject> = {};
    const required: string[] = [];
    for (const f of fields) {
      const value = f.type.kind === 'optional' ? f.type.type : f.type;
      properties[f.key] = this.schema(value, depth);
      if (!f.optional && f.type.kind !== 'optional') required.push(f.key);
    }
    const out: SchemaObject = { type: 'object', properties };
    if (required.length > 0) out.required = required;
    return out;
  }

  /** `$ref` to the model's schema; inline when relations are loaded or attributes hidden. */
  private model(type: Extract<Type, { kind: 'model' }>, depth: number): SchemaObject {
    if (!this.models.isModel(type.class)) return { type: 'object', additionalProperties: true };
    const ref = this.modelRef(type.class);
    const shown = type.shown ?? [];
    const relations = (type.loaded ?? []).flatMap((name) => {
      const relation = this.models.relation(type.class, name);
      if (!relation || !this.models.isModel(relation.related)) return [];
      // A relation the class hides stays out, unless `makeVisible()` shows it.
      const key = this.models.relationKey(type.class, name);
      if (!shown.includes(key) && !this.models.serialised(type.class, key)) return [];
      const columns = type.loadedColumns?.[name];
      const related = columns
        ? this.model({ kind: 'model', class: relation.related, visible: columns }, depth + 1)
        : this.modelRef(relation.related);
      const schema: SchemaObject = relation.many
        ? { type: 'array', items: related }
        : related.$ref
          ? { allOf: [related], nullable: true }
          : { ...related, nullable: true };
      return [[key, schema] as const];
    });
    // Attributes the class hides that `makeVisible()` shows.
    const hiddenShown = shown.filter((name) => !this.models.serialised(type.class, name));
    const candidates =
      hiddenShown.length === 0 ? [] : this.models.attributes(type.class, hiddenShown);
    const revealed = hiddenShown.flatMap((name) =>
      candidates
        .filter((a) => a.name === name)
        .map((a) => [a.name, this.attribute(type.class, a)] as const),
    );
    const extra = (type.extra ?? []).map((f) => [f.key, this.schema(f.type, depth)] as const);
    const added = [...revealed, ...relations, ...extra];
    const hidden = new Set(type.hidden ?? []);
    const visible = type.visible ?? [];
    if (hidden.size === 0 && visible.length === 0 && added.length === 0) return ref;
    if (hidden.size === 0 && visible.length === 0)
      return { allOf: [ref, { type: 'object', properties: Object.fromEntries(added) }] };
    const attributes = this.models
      .attributes(type.class, shown)
      .filter((a) => !hidden.has(a.name) && (visible.length === 0 || visible.includes(a.name)));
    const out: SchemaObject = {
      type: 'object',
      properties: {
        ...Object.fromEntries(attributes.map((a) => [a.name, this.attribute(type.class, a)])),
        ...Object.fromEntries(added),
      },
    };
    const required = attributes.filter((a) => a.always).map((a) => a.name);
    if (required.length > 0) out.required = required;
    return out;
  }

  modelRef(model: string): SchemaObject {
    return this.components.classRef(model, () => {
      const attributes = this.models.attributes(model);
      const schema: SchemaObject = {
        type: 'object',
        properties: Object.fromEntries(attributes.map((a) => [a.name, this.attribute(model, a)])),
      };
      const required = attributes.filter((a) => a.always).map((a) => a.name);
      if (required.length > 0) schema.required = required;
      return schema;
    });
  }

  /**
   * One attribute of a model's JSON: its column or cast, else (an appended accessor with no
   * declared type, `Attribute::make(get: fn () => ...)`) what the engine makes of reading it.
   */
  private attribute(model: string, attribute: Attribute): SchemaObject {
    if (attribute.json.kind !== 'unknown') return attributeSchema(attribute.json);
    const read = this.engine.property(
      { kind: 'model', class: model },
      attribute.name,
      frameOf(EMPTY_BODY, {}),
    );
    const known = members(read).every((t) => t.kind !== 'unknown' && t.kind !== 'attribute');
    return known ? this.schema(read) : attributeSchema(attribute.json);
  }

  /** A resource inside another value (no wrapping): its component, a list for collections. */
  private nestedResource(type: Extract<Type, { kind: 'resource' }>, depth: number): SchemaObject {
    void depth;
    const name = type.class;
    if (!this.resources.isResource(name)) return {};
    if (type.collection) return { type: 'array', items: this.resourceRef(name) };
    const ref = this.resourceRef(name);
    if (this.resources.isCollection(name)) return ref;
    const nullable = members(type.data).some((d) => d.kind === 'null');
    return nullable ? { allOf: [ref], nullable: true } : ref;
  }

  /** `$ref` to a resource's `toArray()` schema, built for the model it presents. */
  resourceRef(name: string): SchemaObject {
    return this.components.classRef(name, () => this.schema(this.resources.fields(name)));
  }

  /** An object serialised: its `toArray()`/`jsonSerialize()`, a date, a Data object's properties. */
  private object_(type: Extract<Type, { kind: 'object' }>, depth: number): SchemaObject {
    const serialised = this.serialise(type);
    return serialised ? this.schema(serialised, depth) : {};
  }

  /** What an object becomes in JSON, when the engine can tell. */
  serialise(type: Type): Type | undefined {
    const name = classOf(type);
    if (!name) return undefined;
    if (this.engine.isA(name, DATES))
      return { kind: 'scalar', type: 'string', format: 'date-time' };
    const frame = frameOf(EMPTY_BODY, {});
    for (const method of ['jsonSerialize', 'toArray']) {
      if (!this.engine.world.classes.method(name, method)) continue;
      const result = this.engine.call(type, method, [], frame);
      if (result.kind !== 'unknown') return result;
    }
    // A framework class the engine's tables know (a validator's `MessageBag`).
    if (!this.engine.world.classes.has(name)) {
      const known = this.engine.call(type, 'jsonSerialize', [], frame);
      if (known.kind !== 'unknown') return known;
    }
    return this.engine.publicProperties(name);
  }
}

const DATES = [
  'Carbon\\Carbon',
  'Carbon\\CarbonImmutable',
  'Illuminate\\Support\\Carbon',
  'DateTime',
  'DateTimeImmutable',
  'DateTimeInterface',
  'Carbon\\CarbonInterface',
];
