import type { Ctx, Extension, MethodRule } from '../infer/api.js';
import { element } from '../infer/access.js';
import {
  INTEGER,
  NULL,
  STRING,
  listOf,
  members,
  union,
  unknown,
  type Field,
  type Type,
} from '../infer/type.js';
import { studly } from '../../core/inflect.js';
import { stringList } from '../php/value.js';

/**
 * league/fractal: `new Item($model, new PostTransformer)`, `new Collection(...)` with
 * `setPaginator()`, a `Manager` and its serializer (`setSerializer(new JsonApiSerializer)`),
 * `createData($resource)->toArray()`: the transformer's `transform()` output, shaped by the
 * serializer.
 * @see https://fractal.thephpleague.com/serializers/
 */

const MANAGER = 'League\\Fractal\\Manager';
const SCOPE = 'League\\Fractal\\Scope';
const ITEM = 'League\\Fractal\\Resource\\Item';
const COLLECTION = 'League\\Fractal\\Resource\\Collection';
const PRIMITIVE = 'League\\Fractal\\Resource\\Primitive';
const TRANSFORMER = 'League\\Fractal\\TransformerAbstract';
const JSON_API = 'League\\Fractal\\Serializer\\JsonApiSerializer';
const ARRAY = 'League\\Fractal\\Serializer\\ArraySerializer';
const DATA_ARRAY = 'League\\Fractal\\Serializer\\DataArraySerializer';
const SPATIE = 'Spatie\\Fractal\\Fractal';
const SPATIE_FACADE = 'Spatie\\Fractal\\Facades\\Fractal';

type Obj = Extract<Type, { kind: 'object' }>;

const withState = (r: Type, state: Record<string, Type>): Type =>
  r.kind === 'object' ? { ...r, state: { ...r.state, ...state } } : r;

const resource =
  (className: string) =>
  (_c: string, args: Type[], ctx: Ctx): Type => ({
    kind: 'object',
    class: className,
    state: {
      data: args[0] ?? ctx.named?.data ?? unknown(),
      transformer: args[1] ?? ctx.named?.transformer ?? unknown(),
      key: args[2] ?? ctx.named?.resourceKey ?? NULL,
    },
  });

const setSerializer: MethodRule = (r, args) => withState(r, { serializer: args[0] ?? unknown() });
const setPaginator: MethodRule = (r) =>
  withState(r, { paginated: { kind: 'literal', value: true } });

/** How a nested resource (an include) is serialized: as the root's serializer would. */
type Nest = (resource: Type) => Type;

/**
 * What the transformer makes of one item: its `transform()` (or a closure's result), with its
 * default includes (`nest` given): each of `$defaultIncludes` under its name, serialized as the
 * root is. `$availableIncludes`, sent only when the client asks (`?include=`), are left out.
 * @see https://fractal.thephpleague.com/transformers/#including-data
 */
function transform(transformer: Type, item: Type, ctx: Ctx, nest?: Nest): Type {
  return union(
    members(transformer).map((t) => {
      if (t.kind === 'fn') return ctx.infer.invoke(t, [item], ctx.frame);
      const instance = t.kind === 'class' ? ctx.infer.instantiate(t.class, [], ctx.frame) : t;
      if (instance.kind !== 'object' && instance.kind !== 'unknown') return unknown('transformer');
      if (instance.kind === 'unknown') return unknown('transformer');
      const made = ctx.infer.call(instance, 'transform', [item], ctx.frame);
      return nest ? withIncludes(made, instance, item, ctx, nest) : made;
    }),
  );
}

function withIncludes(made: Type, transformer: Obj, item: Type, ctx: Ctx, nest: Nest): Type {
  const { classes } = ctx.infer.world;
  const fields: Field[] = [];
  for (const name of stringList(classes.property(transformer.class, 'defaultIncludes'))) {
    const method = `include${studly(name)}`;
    if (!classes.method(transformer.class, method) || fields.some((f) => f.key === name)) continue;
    fields.push({ key: name, type: nest(ctx.infer.call(transformer, method, [item], ctx.frame)) });
  }
  if (fields.length === 0) return made;
  return union(
    members(made).map((t) =>
      t.kind === 'shape'
        ? {
            ...t,
            fields: [...t.fields, ...fields.filter((f) => !t.fields.some((g) => g.key === f.key))],
          }
        : t,
    ),
  );
}

const PAGINATION: Type = {
  kind: 'shape',
  fields: [
    { key: 'total', type: INTEGER },
    { key: 'count', type: INTEGER },
    { key: 'per_page', type: INTEGER },
    { key: 'current_page', type: INTEGER },
    { key: 'total_pages', type: INTEGER },
    {
      key: 'links',
      type: {
        kind: 'shape',
        fields: [
          {
            key: 'previous',
            type: { kind: 'scalar', type: 'string', format: 'uri' },
            optional: true,
          },
          { key: 'next', type: { kind: 'scalar', type: 'string', format: 'uri' }, optional: true },
        ],
      },
    },
  ],
};

const META: Field = {
  key: 'meta',
  type: { kind: 'shape', fields: [{ key: 'pagination', type: PAGINATION }] },
};

/**
 * `createData($resource)->toArray()`; with `includes`, a transformer's default includes too (an
 * include's own includes are not followed).
 */
function serialize(scope: Obj, ctx: Ctx, includes = true): Type {
  const res = scope.state?.resource;
  if (!res) return unknown('fractal resource');
  return union(
    members(res).map((r) => {
      if (r.kind === 'null') return NULL;
      if (r.kind !== 'object' || !r.state) return unknown('fractal resource');
      const isList = ctx.infer.isA(r.class, [COLLECTION]);
      const data = r.state.data ?? unknown();
      // An include is serialized as the root is (JSON:API puts them elsewhere: not followed).
      const nest: Nest | undefined =
        !includes || serializerOf(serializerObject(scope.state?.serializer), ctx) === 'json-api'
          ? undefined
          : (included) =>
              serialize(
                {
                  kind: 'object',
                  class: SCOPE,
                  state: { ...scope.state, resource: included },
                },
                ctx,
                false,
              );
      const transformed = transform(
        r.state.transformer ?? unknown(),
        isList ? element(data) : data,
        ctx,
        nest,
      );
      const paginated = r.state.paginated !== undefined;
      if (ctx.infer.isA(r.class, [PRIMITIVE])) return transformed;
      const found = serializerObject(scope.state?.serializer);
      const own = found && ownSerialization(found, isList, r.state.key, transformed, ctx);
      if (own) return paginated ? withMeta(own) : own;
      const serializer = serializerOf(found, ctx);
      if (serializer === 'json-api') return jsonApi(transformed, r.state.key, isList, paginated);
      const fields: Field[] = [];
      if (isList || serializer === 'data')
        fields.push({ key: 'data', type: isList ? listOf(transformed) : transformed });
      else return transformed;
      if (paginated) fields.push(META);
      return { kind: 'shape', fields };
    }),
  );
}

/**
 * The application's own serializer (a `SerializerAbstract` subclass that overrides
 * `collection()` or `item()`): that method, run on the transformed data.
 */
function ownSerialization(
  found: Obj,
  isList: boolean,
  key: Type | undefined,
  transformed: Type,
  ctx: Ctx,
): Type | undefined {
  const method = isList ? 'collection' : 'item';
  if (!ctx.infer.world.classes.method(found.class, method)) return undefined;
  const data = isList ? listOf(transformed) : transformed;
  const result = ctx.infer.call(found, method, [key ?? NULL, data], ctx.frame);
  return result.kind === 'unknown' ? undefined : result;
}

/**
 * Fractal merges the paginator's `meta` into what the serializer made: a key of an object; a
 * list (a serializer that returns the data as is) keeps its items, the `meta` key being
 * something JSON cannot say of a list.
 */
function withMeta(serialized: Type): Type {
  return union(
    members(serialized).map((t) =>
      t.kind === 'shape' && !t.fields.some((f) => f.key === 'meta')
        ? { ...t, fields: [...t.fields, META] }
        : t,
    ),
  );
}

/** The serializer a manager was given, when it is an object. */
function serializerObject(serializer: Type | undefined): Obj | undefined {
  const found = serializer && members(serializer).find((t) => t.kind === 'object');
  return found?.kind === 'object' ? found : undefined;
}

function serializerOf(found: Obj | undefined, ctx: Ctx): 'json-api' | 'array' | 'data' {
  if (!found) return 'data';
  if (ctx.infer.isA(found.class, [JSON_API])) return 'json-api';
  if (ctx.infer.isA(found.class, [DATA_ARRAY])) return 'data';
  if (ctx.infer.isA(found.class, [ARRAY])) return 'array';
  return 'data';
}

/** JSON:API: `{data: {type, id, attributes}}`, the `id` taken out of the attributes. */
function jsonApi(
  transformed: Type,
  key: Type | undefined,
  isList: boolean,
  paginated: boolean,
): Type {
  const attributes = union(
    members(transformed).map((t) =>
      t.kind === 'shape' ? { ...t, fields: t.fields.filter((f) => f.key !== 'id') } : t,
    ),
  );
  const type: Type =
    key?.kind === 'literal' ? { kind: 'literal', value: String(key.value) } : STRING;
  const object: Type = {
    kind: 'shape',
    fields: [
      { key: 'type', type },
      { key: 'id', type: STRING },
      { key: 'attributes', type: attributes },
      {
        key: 'links',
        type: {
          kind: 'shape',
          fields: [{ key: 'self', type: { kind: 'scalar', type: 'string', format: 'uri' } }],
        },
        optional: true,
      },
    ],
  };
  const fields: Field[] = [{ key: 'data', type: isList ? listOf(object) : object }];
  if (paginated) {
    fields.push(META);
    fields.push({
      key: 'links',
      type: {
        kind: 'shape',
        fields: ['self', 'first', 'next', 'prev', 'last'].map((k) => ({
          key: k,
          type: { kind: 'scalar', type: 'string', format: 'uri' } as Type,
          ...(k === 'next' || k === 'prev' ? { optional: true as const } : {}),
        })),
      },
    });
  }
  return { kind: 'shape', fields };
}

/** spatie/laravel-fractal: `fractal($data, $transformer)->toArray()`. */
const spatieMethods: Record<string, MethodRule> = {
  collection: (r, args) =>
    withState(r, {
      data: args[0] ?? unknown(),
      transformer: args[1] ?? unknown(),
      list: { kind: 'literal', value: true },
    }),
  item: (r, args) =>
    withState(r, { data: args[0] ?? unknown(), transformer: args[1] ?? unknown(), list: NULL }),
  transformWith: (r, args) => withState(r, { transformer: args[0] ?? unknown() }),
  serializeWith: (r, args) => withState(r, { serializer: args[0] ?? unknown() }),
  withResourceName: (r, args) => withState(r, { key: args[0] ?? NULL }),
  paginateWith: (r) => withState(r, { paginated: { kind: 'literal', value: true } }),
  parseIncludes: (r) => r,
  toArray: (r, _args, ctx) => spatieSerialize(r, ctx),
  jsonSerialize: (r, _args, ctx) => spatieSerialize(r, ctx),
  respond: (r, args, ctx) => ({
    kind: 'response',
    body: spatieSerialize(r, ctx),
    ...statusLiteral(args[0]),
  }),
};

function statusLiteral(arg: Type | undefined): { status?: number } {
  return arg?.kind === 'literal' && typeof arg.value === 'number' ? { status: arg.value } : {};
}

function spatieSerialize(r: Type, ctx: Ctx): Type {
  if (r.kind !== 'object' || !r.state) return unknown('fractal');
  const data = r.state.data ?? unknown();
  const isList = r.state.list
    ? r.state.list.kind === 'literal'
    : members(data).some((d) => d.kind === 'list' || d.kind === 'paginator');
  const res: Type = {
    kind: 'object',
    class: isList ? COLLECTION : ITEM,
    state: {
      data,
      transformer: r.state.transformer ?? unknown(),
      key: r.state.key ?? NULL,
      ...(r.state.paginated || members(data).some((d) => d.kind === 'paginator')
        ? { paginated: { kind: 'literal', value: true } as Type }
        : {}),
    },
  };
  const scope: Obj = {
    kind: 'object',
    class: SCOPE,
    state: { resource: res, serializer: r.state.serializer ?? { kind: 'object', class: ARRAY } },
  };
  return serialize(scope, ctx);
}

export const fractal: Extension = {
  functions: {
    fractal: (args) => ({
      kind: 'object',
      class: SPATIE,
      state: {
        data: args[0] ?? unknown(),
        transformer: args[1] ?? unknown(),
        ...(args[2] ? { serializer: args[2] } : {}),
      },
    }),
  },
  classes: [
    {
      classes: [MANAGER],
      methods: {
        setSerializer,
        parseIncludes: (r) => r,
        parseExcludes: (r) => r,
        parseFieldsets: (r) => r,
        createData: (r, args) => ({
          kind: 'object',
          class: SCOPE,
          state: {
            resource: args[0] ?? unknown(),
            ...(r.kind === 'object' && r.state?.serializer
              ? { serializer: r.state.serializer }
              : {}),
          },
        }),
      },
      effects: { setSerializer },
    },
    {
      classes: [SCOPE],
      methods: {
        toArray: (r, _a, ctx) => (r.kind === 'object' ? serialize(r, ctx) : undefined),
        jsonSerialize: (r, _a, ctx) => (r.kind === 'object' ? serialize(r, ctx) : undefined),
        toJson: () => STRING,
      },
    },
    {
      classes: [ITEM],
      construct: resource(ITEM),
      methods: {
        setPaginator,
        setMeta: (r) => r,
        setResourceKey: (r, a) => withState(r, { key: a[0] ?? NULL }),
      },
      effects: {
        setPaginator,
        setMeta: (r) => r,
        setResourceKey: (r, a) => withState(r, { key: a[0] ?? NULL }),
      },
    },
    {
      classes: [COLLECTION],
      construct: resource(COLLECTION),
      methods: { setPaginator, setCursor: setPaginator, setMeta: (r) => r },
      effects: { setPaginator, setCursor: setPaginator, setMeta: (r) => r },
    },
    { classes: [PRIMITIVE], construct: resource(PRIMITIVE) },
    {
      // A transformer's own helpers for its includes: `$this->collection($x, new T)`.
      classes: [TRANSFORMER],
      methods: {
        item: (_r, args, ctx) => resource(ITEM)(ITEM, args, ctx),
        collection: (_r, args, ctx) => resource(COLLECTION)(COLLECTION, args, ctx),
        primitive: (_r, args, ctx) => resource(PRIMITIVE)(PRIMITIVE, args, ctx),
        null: () => NULL,
      },
    },
    { classes: [SPATIE], methods: spatieMethods, effects: spatieMethods },
    {
      classes: [SPATIE_FACADE],
      statics: {
        create: (_c, args) => ({
          kind: 'object',
          class: SPATIE,
          state: { data: args[0] ?? unknown(), transformer: args[1] ?? unknown() },
        }),
        collection: (_c, args, ctx) =>
          spatieMethods.collection!({ kind: 'object', class: SPATIE }, args, ctx),
        item: (_c, args, ctx) => spatieMethods.item!({ kind: 'object', class: SPATIE }, args, ctx),
      },
    },
  ],
};
