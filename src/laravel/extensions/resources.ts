import type { Ctx, Extension, MethodRule, StaticRule } from '../infer/api.js';
import { element } from '../infer/access.js';
import { attributesShape } from '../infer/support.js';
import {
  STRING,
  isUnknown,
  listOf,
  members,
  union,
  unknown,
  type Field,
  type Type,
} from '../infer/type.js';

/**
 * API resources: `new PostResource($post)`, `PostResource::make`, `::collection`, resource
 * collections, `additional()`, and inside `toArray()` what `$this->name` reads and what the
 * conditional helpers (`when`, `whenLoaded`, `mergeWhen`, ...) make of a key.
 * @see https://laravel.com/docs/eloquent-resources
 */

export const JSON_RESOURCE = 'Illuminate\\Http\\Resources\\Json\\JsonResource';
export const RESOURCE_COLLECTION = 'Illuminate\\Http\\Resources\\Json\\ResourceCollection';
const RESOURCE_BASES = [JSON_RESOURCE, RESOURCE_COLLECTION];

type Resource = Extract<Type, { kind: 'resource' }>;

const optional = (type: Type | undefined): Type => ({ kind: 'optional', type: type ?? unknown() });

/** `when($condition, $value, $default)`: the value, or the key left out (or the default). */
const conditional =
  (valueAt: number): MethodRule =>
  (_r, args, ctx) => {
    const value = resolveValue(args[valueAt], ctx);
    const fallback = args[valueAt + 1];
    return fallback ? union([value, resolveValue(fallback, ctx)]) : optional(value);
  };

/** A value or a closure that yields it (Laravel calls closures given to `when`). */
function resolveValue(value: Type | undefined, ctx: Ctx): Type {
  if (!value) return unknown();
  return union(
    members(value).map((v) => (v.kind === 'fn' ? ctx.infer.invoke(v, [], ctx.frame) : v)),
  );
}

const dataOf = (r: Type): Type => (r.kind === 'resource' ? r.data : unknown());

const whenLoaded: MethodRule = (r, args, ctx) => {
  const relation = args[0]?.kind === 'literal' ? String(args[0].value) : undefined;
  const value = args[1]
    ? resolveValue(args[1], ctx)
    : relation
      ? ctx.infer.property(dataOf(r), relation, ctx.frame)
      : unknown();
  return args[2] ? union([value, resolveValue(args[2], ctx)]) : optional(value);
};

const merge =
  (valueAt: number, isOptional: boolean): MethodRule =>
  (r, args, ctx) => {
    const value = resolveValue(args[valueAt], ctx);
    const shaped = union(
      members(value).map((v) => (v.kind === 'model' ? attributesShape(v, ctx.infer.world) : v)),
    );
    void r;
    return isOptional
      ? { kind: 'merge', type: shaped, optional: true }
      : { kind: 'merge', type: shaped };
  };

const RESOURCE_METHODS: Record<string, MethodRule> = {
  when: conditional(1),
  unless: conditional(1),
  whenNotNull: conditional(0),
  whenNull: conditional(0),
  whenHas: (r, args, ctx) => {
    const name = args[0]?.kind === 'literal' ? String(args[0].value) : undefined;
    const value = args[1]
      ? resolveValue(args[1], ctx)
      : name
        ? ctx.infer.property(dataOf(r), name, ctx.frame)
        : unknown();
    return args[2] ? union([value, resolveValue(args[2], ctx)]) : optional(value);
  },
  whenLoaded,
  whenCounted: (r, args, ctx) =>
    args[1] ? whenLoaded(r, args, ctx) : optional({ kind: 'scalar', type: 'integer' }),
  whenAggregated: () => optional({ kind: 'scalar', type: 'number' }),
  whenExistsLoaded: () => optional({ kind: 'scalar', type: 'boolean' }),
  whenPivotLoaded: conditional(1),
  whenPivotLoadedAs: conditional(2),
  merge: merge(0, false),
  mergeWhen: merge(1, true),
  mergeUnless: merge(1, true),
  additional: (r, args) =>
    r.kind === 'resource' && args[0] ? { ...r, additional: args[0] } : undefined,
  response: (r) => ({ kind: 'response', body: r, wrap: true }),
  toResponse: (r) => ({ kind: 'response', body: r, wrap: true }),
  withResponse: (r) => r,
  preserveQuery: (r) => r,
  withQuery: (r) => r,
  resolve: (r, _args, ctx) => ctx.infer.call(r, 'toArray', [], ctx.frame),
  jsonSerialize: (r, _args, ctx) => ctx.infer.call(r, 'toArray', [], ctx.frame),
  // A method neither Laravel nor the class has goes to what it wraps (`$this->fullName()`).
  '*': (r, args, ctx) =>
    r.kind === 'resource' && ctx.method
      ? ctx.infer.call(r.data, ctx.method, args, ctx.frame)
      : undefined,
};

/** What the resource class's own `toArray()` would give when it does not override it. */
const baseToArray: MethodRule = (r, _args, ctx) => {
  if (r.kind !== 'resource') return undefined;
  if (!r.collection && ctx.infer.isA(r.class, [JSON_API_RESOURCE])) return jsonApiObject(r, ctx);
  if (ctx.infer.isA(r.class, [RESOURCE_COLLECTION]) || r.collection) return collected(r, ctx);
  return union(
    members(r.data).map((d) => (d.kind === 'model' ? attributesShape(d, ctx.infer.world) : d)),
  );
};

const ANONYMOUS_COLLECTION = 'Illuminate\\Http\\Resources\\Json\\AnonymousResourceCollection';
const JSON_API_RESOURCE = 'Illuminate\\Http\\Resources\\JsonApi\\JsonApiResource';

/**
 * A Laravel 12 JSON:API resource: `{id, type, attributes, relationships}`, its attributes from
 * `toAttributes()`, each relationship `toRelationships()` names (present when loaded) as the
 * related resource's identifier, or a list of them.
 * @see https://jsonapi.org/format/#document-resource-objects
 */
function jsonApiObject(r: Resource, ctx: Ctx): Type {
  const attributes = ctx.infer.call(r, 'toAttributes', [], ctx.frame);
  const named = ctx.infer.call(r, 'toRelationships', [], ctx.frame);
  const identifier: Type = {
    kind: 'shape',
    fields: [
      { key: 'id', type: STRING },
      { key: 'type', type: STRING },
    ],
  };
  const linkage: Type = {
    kind: 'shape',
    fields: [{ key: 'data', type: union([identifier, listOf(identifier)]) }],
  };
  const relationships = members(named).flatMap((t) =>
    t.kind === 'shape'
      ? t.fields.map((f): Field => ({ key: f.key, type: linkage, optional: true }))
      : [],
  );
  const fields: Field[] = [
    { key: 'id', type: STRING },
    { key: 'type', type: STRING },
    {
      key: 'attributes',
      type: isUnknown(attributes) ? { kind: 'map', values: unknown() } : attributes,
    },
  ];
  if (relationships.length > 0)
    fields.push({
      key: 'relationships',
      type: { kind: 'shape', fields: relationships },
      optional: true,
    });
  return { kind: 'shape', fields };
}

/** `$this->collection` of a resource collection: each item in the resource it collects. */
function collected(r: Resource, ctx: Ctx): Type {
  const collects = collectsOf(r.class, ctx);
  const item = element(r.data);
  if (!collects) return listOf(item, true);
  return listOf({ kind: 'resource', class: collects, data: item }, true);
}

/** The resource a collection class collects (`$collects`, or its name less `Collection`). */
export function collectsOf(collection: string, ctx: Ctx): string | undefined {
  const { classes } = ctx.infer.world;
  const declared = classes.property(collection, 'collects');
  if (typeof declared === 'string') return declared;
  if (typeof declared === 'object' && declared?.kind === 'class') return declared.name;
  if (!collection.endsWith('Collection')) return undefined;
  const base = collection.slice(0, -'Collection'.length);
  return [base, `${base}Resource`].find((c) => classes.has(c) && ctx.infer.isA(c, [JSON_RESOURCE]));
}

/**
 * A resource of some data; of data that may be missing (`$this->whenLoaded('user')`), a
 * resource that may be (Laravel leaves the key out).
 */
function resourceOf(className: string, data: Type | undefined, collection = false): Type {
  const given = data ?? unknown('resource data');
  const missing = members(given).some((t) => t.kind === 'optional');
  const inner = union(members(given).map((t) => (t.kind === 'optional' ? t.type : t)));
  const resource: Type = collection
    ? { kind: 'resource', class: className, data: inner, collection: true }
    : { kind: 'resource', class: className, data: inner };
  return missing ? { kind: 'optional', type: resource } : resource;
}

const make: StaticRule = (className, args) => resourceOf(className, args[0]);

export const resources: Extension = {
  methods: { resource: RESOURCE_METHODS },
  properties: {
    resource: (r, name, ctx) => {
      if (r.kind !== 'resource') return undefined;
      if (name === 'resource') return r.data;
      if (name === 'collection') return collected(r, ctx);
      if (name === 'additional') return r.additional ?? { kind: 'list', items: unknown() };
      // A resource reads its model's attributes and relations (`$this->name`).
      return ctx.infer.property(r.data, name, ctx.frame);
    },
  },
  classes: [
    {
      classes: RESOURCE_BASES,
      construct: (className, args, ctx) => {
        // `new AnonymousResourceCollection($items, PostResource::class)` (an app's own subclass
        // too, as a custom `collection()` builds it): `PostResource::collection($items)`.
        const collects = args[1];
        if (collects?.kind === 'class' && ctx.infer.isA(className, [ANONYMOUS_COLLECTION]))
          return resourceOf(collects.class, args[0], true);
        return resourceOf(className, args[0]);
      },
      statics: {
        make,
        collection: (className, args) => resourceOf(className, args[0], true),
        // `parent::toArray($request)` from the resource's own `toArray()`.
        toArray: (_c, args, ctx) =>
          ctx.frame.this ? baseToArray(ctx.frame.this, args, ctx) : undefined,
      },
      methods: { toArray: baseToArray },
    },
  ],
};
