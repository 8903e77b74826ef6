import { attributesShape } from '../infer/support.js';
import type { Ctx, Extension, MethodRule, PropertyRule } from '../infer/api.js';
import { access, element } from '../infer/access.js';
import {
  BOOLEAN,
  INTEGER,
  NULL,
  NUMBER,
  STRING,
  listOf,
  members,
  stringValues,
  union,
  unknown,
  type Type,
} from '../infer/type.js';
import { attribute } from './eloquent.js';
import { ARRAY_UNION } from '../ir/types.js';

/**
 * Laravel's collections (`collect()`, `Collection` methods) and PHP's array functions: what
 * each gives back, so that `$users->map(fn ($u) => [...])->values()` is a list of those arrays.
 * @see https://laravel.com/docs/collections
 */

type Listish = Extract<Type, { kind: 'list' | 'map' | 'shape' }>;

const isList = (t: Type): t is Listish =>
  t.kind === 'list' || t.kind === 'map' || t.kind === 'shape';

/** A value as a collection (`collect($x)`): a model gives its attributes. */
export function collect(value: Type | undefined, ctx: Ctx): Type {
  if (!value) return listOf(unknown('empty collection'), true);
  return union(
    members(value).map((t): Type => {
      if (isList(t)) return { ...t, collection: true };
      if (t.kind === 'model')
        return { ...attributesShape(t, ctx.infer.world), collection: true } as Type;
      if (t.kind === 'paginator') return listOf(t.items, true);
      if (t.kind === 'null') return listOf(unknown(), true);
      return listOf(unknown('collect()'), true);
    }),
  );
}

/** The items of a collection or array. */
const items = (t: Type): Type => element(t);

const same: MethodRule = (r) => (isList(r) ? r : undefined);
const toList: MethodRule = (r) => (isList(r) ? listOf(items(r), !!r.collection) : undefined);
const first: MethodRule = (r, args) =>
  isList(r) ? (args.length > 1 ? items(r) : union([items(r), NULL])) : undefined;
const mapped =
  (keyed: boolean): MethodRule =>
  (r, args, ctx) => {
    if (!isList(r) || !args[0]) return undefined;
    const result = ctx.infer.invoke(args[0], [items(r), STRING], ctx.frame);
    if (keyed || r.kind === 'map') return { kind: 'map', values: result, collection: true };
    return listOf(result, true);
  };

/**
 * `$user->tokens->sortByDesc(...)->map(fn ($token) => [...])` where the engine does not know the
 * collection (a relation of a vendor trait): still a list of what the closure builds.
 */
const mapOfUnknown: MethodRule = (_r, args, ctx) => {
  if (args[0]?.kind !== 'fn') return undefined;
  const result = ctx.infer.invoke(args[0], [unknown('item'), STRING], ctx.frame);
  return members(result).every((t) => t.kind === 'unknown') ? undefined : listOf(result, true);
};

const pluck: MethodRule = (r, args, ctx) => {
  if (!isList(r)) return undefined;
  const column = stringValues(args[0] ?? unknown())?.[0];
  const values = union(
    members(items(r)).map((item) => {
      if (!column) return unknown();
      if (item.kind === 'model') return attribute(item.class, column, ctx);
      return access(item, { kind: 'literal', value: column });
    }),
  );
  return args[1] ? { kind: 'map', values, collection: true } : listOf(values, true);
};

const withField =
  (position: 'key' | 'prepend'): MethodRule =>
  (r, args) => {
    if (!isList(r)) return undefined;
    const [value, key] = position === 'prepend' ? [args[0], args[1]] : [args[1], args[0]];
    const name = key?.kind === 'literal' ? String(key.value) : undefined;
    if (r.kind === 'shape' && name !== undefined && value) {
      const fields = r.fields.filter((f) => f.key !== name);
      const added = { key: name, type: value };
      return { ...r, fields: position === 'prepend' ? [added, ...fields] : [...fields, added] };
    }
    if (r.kind === 'list' && value) return { ...r, items: union([r.items, value]) };
    return r;
  };

/** `only(['a', 'b'])`, `except('c')` on an array with known keys (others are left as they are). */
export function pickKeys(value: Type, args: readonly Type[], keep: boolean): Type {
  if (value.kind !== 'shape') return value;
  const names = new Set(args.flatMap((a) => stringValues(a.kind === 'list' ? a.items : a) ?? []));
  return { ...value, fields: value.fields.filter((f) => names.has(f.key) === keep) };
}

const except: MethodRule = (r, args) => (isList(r) ? pickKeys(r, args, false) : undefined);
const only: MethodRule = (r, args) => (isList(r) ? pickKeys(r, args, true) : undefined);

const merge: MethodRule = (r, args, ctx) => (isList(r) ? arrayMerge([r, ...args], ctx) : undefined);

export const COLLECTION_METHODS: Record<string, MethodRule> = {
  map: mapped(false),
  transform: mapped(false),
  mapWithKeys: (r, args, ctx) => {
    if (!isList(r) || !args[0]) return undefined;
    const pairs = ctx.infer.invoke(args[0], [items(r), STRING], ctx.frame);
    return {
      kind: 'map',
      values: union(members(pairs).map((p) => access(p, undefined))),
      collection: true,
    };
  },
  flatMap: (r, args, ctx) => {
    const m = mapped(false)(r, args, ctx);
    return m && m.kind === 'list' ? listOf(element(m.items), true) : m;
  },
  keyBy: (r) => (isList(r) ? { kind: 'map', values: items(r), collection: true } : undefined),
  groupBy: (r) =>
    isList(r) ? { kind: 'map', values: listOf(items(r), true), collection: true } : undefined,
  values: toList,
  all: same,
  toArray: same,
  jsonSerialize: same,
  collect: same,
  toBase: same,
  filter: same,
  reject: same,
  where: same,
  whereIn: same,
  whereNotIn: same,
  whereNotNull: same,
  whereNull: same,
  whereStrict: same,
  whereBetween: same,
  whereInstanceOf: same,
  sortBy: same,
  sortByDesc: same,
  sort: same,
  sortDesc: same,
  sortKeys: same,
  sortKeysDesc: same,
  reverse: same,
  take: same,
  skip: same,
  slice: same,
  splice: same,
  unique: same,
  uniqueStrict: same,
  shuffle: same,
  forPage: same,
  each: same,
  tap: same,
  when: same,
  unless: same,
  whenEmpty: same,
  whenNotEmpty: same,
  load: same,
  loadMissing: same,
  makeHidden: same,
  makeVisible: same,
  append: same,
  fresh: same,
  keys: (r) => (isList(r) ? listOf(STRING, true) : undefined),
  flatten: (r) => (isList(r) ? listOf(element(items(r)), true) : undefined),
  collapse: (r) => (isList(r) ? listOf(element(items(r)), true) : undefined),
  chunk: (r) => (isList(r) ? listOf(listOf(items(r), true), true) : undefined),
  pluck,
  first,
  last: first,
  firstWhere: first,
  get: (r, args) =>
    r.kind === 'shape' && args[0]?.kind === 'literal'
      ? (access(r, args[0]) ?? NULL)
      : isList(r)
        ? union([items(r), args[1] ?? NULL])
        : undefined,
  pull: first,
  pop: first,
  shift: first,
  random: (r, args) => (isList(r) ? (args[0] ? listOf(items(r), true) : items(r)) : undefined),
  sole: (r) => (isList(r) ? items(r) : undefined),
  find: first,
  count: () => INTEGER,
  sum: () => NUMBER,
  avg: () => NUMBER,
  average: () => NUMBER,
  min: () => NUMBER,
  max: () => NUMBER,
  median: () => NUMBER,
  isEmpty: () => BOOLEAN,
  isNotEmpty: () => BOOLEAN,
  contains: () => BOOLEAN,
  has: () => BOOLEAN,
  every: () => BOOLEAN,
  some: () => BOOLEAN,
  search: () => union([INTEGER, STRING, { kind: 'literal', value: false }]),
  implode: () => STRING,
  join: () => STRING,
  toJson: () => STRING,
  put: withField('key'),
  prepend: withField('prepend'),
  push: (r, args) =>
    r.kind === 'list' && args[0] ? { ...r, items: union([r.items, ...args]) } : r,
  concat: merge,
  merge,
  union: merge,
  except,
  forget: except,
  only,
  reduce: (r, args, ctx) =>
    isList(r) && args[0]
      ? ctx.infer.invoke(args[0], [args[1] ?? NULL, items(r)], ctx.frame)
      : undefined,
  pipe: (r, args, ctx) => (args[0] ? ctx.infer.invoke(args[0], [r], ctx.frame) : undefined),
};

/**
 * `array_merge($a, $b, ...)`: keyed arrays merge their fields, lists concatenate. An argument
 * that is one of several arrays (keys a loop may add) is merged as each of them, the results
 * joined: PHP merges whichever one it is.
 */
export function arrayMerge(args: readonly Type[], ctx: Ctx): Type {
  // An argument's members that are not arrays (unknown, null) add no key a document can name.
  const choices = args.map((a) => {
    const all = members(a);
    const arrays = all.filter(isArray);
    return arrays.length > 0 &&
      all.every((t) => isArray(t) || t.kind === 'unknown' || t.kind === 'null')
      ? arrays
      : all;
  });
  const combinations = choices.reduce((n, c) => n * c.length, 1);
  const narrowed = choices.some((c, i) => c.length !== members(args[i]!).length);
  if (
    (combinations > 1 || narrowed) &&
    combinations <= MAX_COMBINATIONS &&
    choices.flat().every(isArray)
  )
    return union(
      choices
        .reduce<Type[][]>((acc, c) => acc.flatMap((prefix) => c.map((t) => [...prefix, t])), [[]])
        .map((parts) => mergeArrays(parts, ctx)),
    );
  return mergeArrays(args, ctx);
}

/** Beyond this many ways to merge, the arguments are merged as they are. */
const MAX_COMBINATIONS = 8;

function isEmptyList(t: Type): boolean {
  return t.kind === 'list' && t.items.kind === 'unknown' && t.items.reason === 'empty array';
}

function isArray(t: Type): boolean {
  return t.kind === 'shape' || t.kind === 'list' || t.kind === 'map';
}

function mergeArrays(args: readonly Type[], ctx: Ctx): Type {
  // `[]` adds nothing (a property declared `= []` that a loop fills by keys known at run time).
  const given = args.map((a) => collectOrSelf(a, ctx));
  const filled = given.filter((p) => !isEmptyList(p));
  const parts = filled.some(isArray) ? filled : given;
  if (parts.every((p) => p.kind === 'shape')) {
    const fields = new Map<string, Extract<Type, { kind: 'shape' }>['fields'][number]>();
    for (const p of parts) if (p.kind === 'shape') for (const f of p.fields) fields.set(f.key, f);
    return { kind: 'shape', fields: [...fields.values()] };
  }
  if (parts.every((p) => p.kind === 'list')) return listOf(union(parts.map(items)));
  const shapes = parts.filter((p) => p.kind === 'shape');
  if (
    shapes.length > 0 &&
    parts.every((p) => p.kind === 'shape' || p.kind === 'map' || p.kind === 'unknown')
  )
    return mergeArrays(shapes, ctx);
  return { kind: 'map', values: union(parts.map(items)) };
}

/** `$a + $b` (see `ARRAY_UNION`): the left's keys first and winning, then the right's others. */
function arrayUnion(args: readonly Type[], ctx: Ctx): Type {
  const [left, right] = args;
  if (!left || !right) return left ?? unknown('array union');
  const merged = arrayMerge([right, left], ctx);
  if (merged.kind !== 'shape' || left.kind !== 'shape') return merged;
  const first = new Set(left.fields.map((f) => f.key));
  return {
    ...merged,
    fields: [
      ...merged.fields
        .filter((f) => first.has(f.key))
        .sort(
          (a, b) =>
            left.fields.findIndex((f) => f.key === a.key) -
            left.fields.findIndex((f) => f.key === b.key),
        ),
      ...merged.fields.filter((f) => !first.has(f.key)),
    ],
  };
}

function collectOrSelf(t: Type, ctx: Ctx): Type {
  if (t.kind === 'model') return attributesShape(t, ctx.infer.world);
  if (t.kind === 'shape' || t.kind === 'list' || t.kind === 'map') {
    const { collection: _c, ...plain } = t;
    void _c;
    return plain as Type;
  }
  return t;
}

/**
 * `array_keys(['all' => [...], 'normal' => [...]])`: an array with keys written out gives
 * them, in order (`implode(',', array_keys($this->types))` names a rule's values).
 */
function arrayKeys(array: Type | undefined): Type {
  if (array?.kind !== 'shape' || array.collection || array.fields.length === 0)
    return listOf(STRING);
  // A key written as an expression the engine could not fold (`Type::Cash->value`) names no
  // value a document can list.
  const keys = array.fields
    .filter((f) => !/::|->|^\$/.test(f.key))
    .map((f): Type => ({
      kind: 'literal',
      value: /^(0|[1-9]\d*)$/.test(f.key) ? Number(f.key) : f.key,
    }));
  if (keys.length === 0) return listOf(STRING);
  return { kind: 'list', items: union(keys), tuple: keys };
}

/** PHP's array functions and Laravel's array helpers. */
const FUNCTIONS: Extension['functions'] = {
  collect: (args, ctx) => collect(args[0], ctx),
  array_merge: arrayMerge,
  array_merge_recursive: arrayMerge,
  array_replace: arrayMerge,
  [ARRAY_UNION]: arrayUnion,
  array_values: (args) => (args[0] ? listOf(items(args[0])) : undefined),
  array_keys: (args) => arrayKeys(args[0]),
  array_map: (args, ctx) =>
    args[0] && args[1] ? listOf(ctx.infer.invoke(args[0], [items(args[1])], ctx.frame)) : undefined,
  array_filter: (args) => args[0],
  array_slice: (args) => args[0],
  array_unique: (args) => args[0],
  array_reverse: (args) => args[0],
  array_column: (args, ctx) => {
    if (!args[0]) return undefined;
    const column = args[1];
    const item = items(args[0]);
    const value = column
      ? union(
          members(item).map((i) =>
            column.kind === 'literal' &&
            (i.kind === 'model' || i.kind === 'enum' || i.kind === 'object')
              ? ctx.infer.property(i, String(column.value), ctx.frame)
              : access(i, column),
          ),
        )
      : item;
    return args[2] ? { kind: 'map', values: value } : listOf(value);
  },
  array_combine: (args) => (args[1] ? { kind: 'map', values: items(args[1]) } : undefined),
  array_fill_keys: (args) => (args[1] ? { kind: 'map', values: args[1] } : undefined),
  array_flip: () => ({ kind: 'map', values: STRING }),
  array_sum: () => NUMBER,
  array_key_exists: () => BOOLEAN,
  in_array: () => BOOLEAN,
  array_search: () => union([INTEGER, STRING, { kind: 'literal', value: false }]),
  count: () => INTEGER,
  compact: (args, ctx) => {
    const names = args.flatMap((a) => stringValues(a) ?? []);
    return {
      kind: 'shape',
      fields: names.map((key) => ({ key, type: ctx.frame.params.get(key) ?? unknown(`$${key}`) })),
    };
  },
  array_wrap: (args) =>
    args[0] ? (args[0].kind === 'list' ? args[0] : listOf(args[0])) : undefined,
  data_get: (args) => (args[0] && args[1] ? access(args[0], args[1]) : undefined),
  head: (args) => (args[0] ? items(args[0]) : undefined),
  last: (args) => (args[0] ? items(args[0]) : undefined),
  reset: (args) => (args[0] ? items(args[0]) : undefined),
  end: (args) => (args[0] ? items(args[0]) : undefined),
  current: (args) => (args[0] ? items(args[0]) : undefined),
  iterator_to_array: (args) => (args[0] ? listOf(items(args[0])) : undefined),
};

/** A model's `toArray()` as the shape of its attributes, for the helpers that pick keys. */
function asArray(value: Type, ctx: Ctx): Type {
  return union(
    members(value).map((t) => (t.kind === 'model' ? attributesShape(t, ctx.infer.world) : t)),
  );
}

/** A dotted key (`Arr::get($a, 'user.name')`), followed one level at a time. */
function dotted(value: Type, key: Type | undefined): Type {
  if (key?.kind !== 'literal') return access(value, key);
  return String(key.value)
    .split('.')
    .reduce((at, part) => access(at, { kind: 'literal', value: part }), value);
}

/** Illuminate\Support\Arr: what its helpers make of an array's type. */
const ARR: Record<string, (className: string, args: Type[], ctx: Ctx) => Type | undefined> = {
  only: (_c, [value, ...keys], ctx) =>
    value ? pickKeys(asArray(value, ctx), keys, true) : undefined,
  except: (_c, [value, ...keys], ctx) =>
    value ? pickKeys(asArray(value, ctx), keys, false) : undefined,
  get: (_c, [value, key, fallback]) =>
    value ? union([dotted(value, key), ...(fallback ? [fallback] : [])]) : undefined,
  first: (_c, [value]) => (value ? element(value) : undefined),
  last: (_c, [value]) => (value ? element(value) : undefined),
  // `Arr::wrap($x)`: an array as it is, anything else in a list of one (null: an empty list).
  wrap: (_c, [value]) =>
    value
      ? union(
          members(value).map((t): Type =>
            t.kind === 'shape' || t.kind === 'list' || t.kind === 'map'
              ? t
              : t.kind === 'null'
                ? listOf(unknown())
                : listOf(t),
          ),
        )
      : undefined,
  has: () => BOOLEAN,
  exists: () => BOOLEAN,
  isList: () => BOOLEAN,
  isAssoc: () => BOOLEAN,
};

const HIGHER_ORDER = 'Illuminate\\Support\\HigherOrderCollectionProxy';

/** The methods that take a higher-order message (`$users->map->name`, `->each->delete()`). */
const PROXIED = new Set([
  'average',
  'avg',
  'contains',
  'doesntContain',
  'each',
  'every',
  'filter',
  'first',
  'flatMap',
  'groupBy',
  'keyBy',
  'map',
  'max',
  'min',
  'partition',
  'reject',
  'skipUntil',
  'skipWhile',
  'some',
  'sortBy',
  'sortByDesc',
  'sum',
  'takeUntil',
  'takeWhile',
  'unique',
  'unless',
  'until',
  'when',
]);

/** `$collection->map`: the proxy that sends the next call or property read to every item. */
const proxy: PropertyRule = (r, name) =>
  isList(r) && r.collection && PROXIED.has(name)
    ? {
        kind: 'object',
        class: HIGHER_ORDER,
        state: { collection: r, method: { kind: 'literal', value: name } },
      }
    : undefined;

/**
 * What a higher-order message gives: the proxied method applied with each item's answer
 * (`perItem`) as its callback's (`->map->only(['id'])`, `->sum->price`, `->filter->isActive()`).
 * @see https://laravel.com/docs/collections#higher-order-messages
 */
function higherOrder(r: Type, perItem: (item: Type) => Type): Type | undefined {
  const collection = r.kind === 'object' ? r.state?.collection : undefined;
  const method = r.kind === 'object' ? r.state?.method : undefined;
  if (!collection || method?.kind !== 'literal') return undefined;
  const item = items(collection);
  switch (method.value) {
    case 'map':
      return collection.kind === 'map'
        ? { kind: 'map', values: perItem(item), collection: true }
        : listOf(perItem(item), true);
    case 'flatMap':
      return listOf(element(perItem(item)), true);
    case 'max':
    case 'min':
      return perItem(item);
    case 'sum':
    case 'avg':
    case 'average':
      return NUMBER;
    case 'contains':
    case 'doesntContain':
    case 'every':
    case 'some':
      return BOOLEAN;
    case 'first':
      return union([item, NULL]);
    case 'groupBy':
      return { kind: 'map', values: listOf(item, true), collection: true };
    case 'keyBy':
      return { kind: 'map', values: item, collection: true };
    case 'partition':
      return listOf(collection, true);
    default:
      // Filters, sorts and `each`: the same items.
      return collection;
  }
}

export const collections: Extension = {
  functions: FUNCTIONS,
  methods: {
    list: COLLECTION_METHODS,
    map: COLLECTION_METHODS,
    shape: COLLECTION_METHODS,
    unknown: { map: mapOfUnknown },
  },
  properties: { list: proxy, map: proxy, shape: proxy },
  effects: {
    list: {
      push: COLLECTION_METHODS.push!,
      put: withField('key'),
      prepend: withField('prepend'),
      transform: mapped(false),
    },
    shape: { put: withField('key'), prepend: withField('prepend'), forget: except },
  },
  classes: [
    {
      classes: [HIGHER_ORDER],
      methods: new Proxy({} as Record<string, MethodRule>, {
        get:
          (_rules, method: string): MethodRule =>
          (r, args, ctx) =>
            higherOrder(r, (item) => ctx.infer.call(item, method, args, ctx.frame)),
      }),
      properties: (r, name, ctx) =>
        higherOrder(r, (item) => ctx.infer.property(item, name, ctx.frame)),
    },
    {
      classes: ['Illuminate\\Support\\Collection', 'Illuminate\\Database\\Eloquent\\Collection'],
      construct: (_c, args, ctx) => collect(args[0], ctx),
      statics: {
        make: (_c, args, ctx) => collect(args[0], ctx),
        times: () => listOf(unknown(), true),
      },
    },
    { classes: ['Illuminate\\Support\\Arr'], statics: ARR },
  ],
};
