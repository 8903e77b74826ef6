import type { Ctx, Extension, MethodRule, StaticRule } from '../infer/api.js';
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
  withFields,
  type Field,
  type Type,
} from '../infer/type.js';
import { snake } from '../../core/inflect.js';
import { stringList } from '../php/value.js';
import { MODEL_BASES } from '../models/catalog.js';
import { RELATION_TYPES } from '../models/relations.js';

/**
 * Eloquent: query builders and relations (`where*`, `with`, scopes) until a terminal method
 * makes them data (`get`, `first`, `find`, `paginate`, `create`, ...), models' own methods, and
 * their attributes and relations as properties.
 * @see https://laravel.com/docs/eloquent
 */

type Builder = Extract<Type, { kind: 'builder' }>;
type Model = Extract<Type, { kind: 'model' }>;

/** What one row of a query is: a model, or a table's columns (`DB::table(...)`). */
const model = (b: Builder, extra: Partial<Model> = {}): Type =>
  (b.row && selectedRow(b.row, b)) ?? {
    kind: 'model',
    class: b.model,
    ...(b.loaded ? { loaded: b.loaded } : {}),
    ...(b.loadedColumns ? { loadedColumns: b.loadedColumns } : {}),
    ...(b.extra ? { extra: b.extra } : {}),
    ...(b.columns ? { visible: b.columns } : {}),
    ...extra,
  };
const many = (b: Builder): Type => listOf(model(b), true);

/** A table's row after `select(...)`: the columns chosen, then the aliases. */
function selectedRow(row: Type, b: Builder): Type {
  if (!b.columns || row.kind !== 'shape') return row;
  const kept = row.fields.filter((f) => b.columns!.includes(f.key));
  return { ...row, fields: [...kept, ...(b.extra ?? [])] };
}
/**
 * `->get(['id', 'name'])`: rows of only those columns (`*` or none: every attribute; after a
 * `select()`, Laravel keeps the query's columns and ignores these).
 */
const selected = (b: Builder, args: readonly Type[]): Type => {
  const { items } = selectArgs(args);
  if (b.row || b.selects || items.length === 0 || items.some((i) => i.kind === 'all'))
    return model(b);
  const columns = items.flatMap((i) => (i.key !== undefined ? [i.key] : []));
  return model(b, { visible: [...new Set(columns)].sort() });
};
const maybe = (b: Builder): Type => union([model(b), NULL]);

/**
 * `findOr($id, fn () => ...)`, `firstOr(fn () => ...)`: what was found, else what the callback
 * gives; a callback that only aborts or throws (a response it throws is the request's answer)
 * gives nothing.
 */
const orElse = (found: Type, callback: Type | undefined, ctx: Ctx): Type => {
  if (callback?.kind !== 'fn') return found;
  const other = ctx.infer.invoke(callback, [], ctx.frame);
  return callback.expr.returns.length === 0 ? found : union([found, other]);
};
const keep: MethodRule = (r) => r;

/** An argument that lists columns or relations: `'a'`, `['a', 'b']`, `'a', 'b'`. */
function names(args: readonly Type[]): string[] {
  return relationNames(args).map((n) => n.split(':')[0]!.split('.')[0]!);
}

const withLoaded: MethodRule = (r, args) => {
  if (r.kind !== 'builder' && r.kind !== 'model') return r;
  const loaded = [...new Set([...(r.loaded ?? []), ...names(args)])].sort();
  if (loaded.length === 0) return r;
  // `with('author:id,name')`: the relation's rows keep those columns (Laravel selects them).
  let loadedColumns = r.loadedColumns;
  for (const written of relationNames(args)) {
    const [name = '', columns] = written.split(':');
    if (name.includes('.') || !columns) continue;
    const kept = columns
      .split(',')
      .map((c) => c.trim().replace(/^.*\./, ''))
      .filter(Boolean);
    if (kept.length > 0 && !kept.includes('*')) loadedColumns = { ...loadedColumns, [name]: kept };
  }
  return loadedColumns ? { ...r, loaded, loadedColumns } : { ...r, loaded };
};

/** Builder methods that only narrow or order the query. */
const CHAINABLE = [
  'where',
  'orWhere',
  'whereNot',
  'orWhereNot',
  'whereIn',
  'whereNotIn',
  'orWhereIn',
  'whereNull',
  'whereNotNull',
  'orWhereNull',
  'whereBetween',
  'whereNotBetween',
  'whereDate',
  'whereMonth',
  'whereYear',
  'whereDay',
  'whereTime',
  'whereColumn',
  'whereHas',
  'orWhereHas',
  'whereDoesntHave',
  'whereRelation',
  'whereBelongsTo',
  'whereKey',
  'whereKeyNot',
  'whereLike',
  'whereAny',
  'whereAll',
  'whereJsonContains',
  'whereFullText',
  'whereExists',
  'whereRaw',
  'orWhereRaw',
  'has',
  'doesntHave',
  'withAggregate',
  'latest',
  'oldest',
  'orderBy',
  'orderByDesc',
  'orderByRaw',
  'reorder',
  'inRandomOrder',
  'distinct',
  'limit',
  'take',
  'skip',
  'offset',
  'forPage',
  'join',
  'leftJoin',
  'rightJoin',
  'crossJoin',
  'groupBy',
  'having',
  'havingRaw',
  'when',
  'unless',
  'tap',
  'withTrashed',
  'onlyTrashed',
  'withoutTrashed',
  'withoutGlobalScope',
  'withoutGlobalScopes',
  'lockForUpdate',
  'sharedLock',
  'newQuery',
  'query',
  'toBase',
  'withGlobalScope',
  'scopes',
  'applyScopes',
  'filter',
  'search',
  'active',
  'latestOfMany',
  'oldestOfMany',
  'ofMany',
  'wherePivot',
  'withPivot',
  'withTimestamps',
  'as',
  'using',
  'orderByPivot',
  'whereHasMorph',
  'withWhereHas',
  'cursor',
  'lazy',
  'lazyById',
  // spatie/laravel-query-builder: what the client may filter, sort and include.
  'allowedFilters',
  'allowedSorts',
  'allowedIncludes',
  'allowedFields',
  'allowedAppends',
  'defaultSort',
  'defaultSorts',
];

/**
 * `withCount('comments')`, `withSum('orders', 'total')`, `loadCount(...)`: each row gains the
 * aggregate under Laravel's key (`comments_count`, `orders_sum_total`, or the `as` alias).
 * `withAggregate` is left as it is: its function is an argument.
 * @see https://laravel.com/docs/eloquent-relationships#aggregating-related-models
 */
const AGGREGATES: Record<string, { type: Type; column: boolean }> = {
  withCount: { type: INTEGER, column: false },
  loadCount: { type: INTEGER, column: false },
  withExists: { type: BOOLEAN, column: false },
  withSum: { type: NUMBER, column: true },
  loadSum: { type: NUMBER, column: true },
  withAvg: { type: NUMBER, column: true },
  loadAvg: { type: NUMBER, column: true },
  withMax: { type: NUMBER, column: true },
  loadMax: { type: NUMBER, column: true },
  withMin: { type: NUMBER, column: true },
  loadMin: { type: NUMBER, column: true },
};

function aggregate(method: string): MethodRule {
  const { type, column } = AGGREGATES[method]!;
  const fn = method.replace(/^(with|load)/, '').toLowerCase();
  return (r, args) => {
    if (r.kind !== 'builder' && r.kind !== 'model') return r;
    const relations = column ? args.slice(0, 1) : args;
    const col = column ? (stringValues(args[1] ?? unknown())?.[0] ?? '') : '';
    const fields = relationNames(relations).map((written): Field => {
      const [name, alias] = written.split(/\s+as\s+/i);
      const key = alias?.trim() || aggregateKey(name!.trim(), fn, col);
      return { key, type };
    });
    return fields.length > 0 ? { ...r, extra: withFields(r.extra, fields) } : r;
  };
}

/** Laravel's key for an aggregate: `snake("{relation} {function} {column}")`, punctuation out. */
function aggregateKey(relation: string, fn: string, column: string): string {
  const words = `${relation} ${fn}${column && column !== '*' ? ` ${column}` : ''}`;
  return snake(words.replace(/[^\p{L}\p{N}\s_]/gu, ''))
    .replace(/\s+/g, '_')
    .replace(/_+/g, '_');
}

/** Names as written: `'a'`, `['a', 'b']`, `['a' => fn]`, `'a as b'`, `'a:id,name'`. */
function relationNames(args: readonly Type[]): string[] {
  const out: string[] = [];
  for (const a of args) {
    const direct = stringValues(a);
    if (direct) out.push(...direct);
    else if (a.kind === 'list') out.push(...(stringValues(a.items) ?? []));
    else if (a.kind === 'shape')
      for (const f of a.fields)
        out.push(/^\d+$/.test(f.key) ? (stringValues(f.type)?.[0] ?? '') : f.key);
  }
  return out.filter(Boolean);
}

const AGGREGATE_RULES = Object.fromEntries(Object.keys(AGGREGATES).map((m) => [m, aggregate(m)]));

/** `setAttribute('links', [...])`, `$model->links = [...]`: the key, with the value's type. */
const setAttribute: MethodRule = (r, args) => {
  const key = stringValues(args[0] ?? unknown())?.[0];
  if (r.kind !== 'model' || !key) return r;
  return { ...r, extra: withFields(r.extra, [{ key, type: args[1] ?? unknown() }]) };
};

/** `setRelation('pages', $pages)`: the relation's key as Laravel serialises relations. */
const setRelation: MethodRule = (r, args, ctx) => {
  const name = stringValues(args[0] ?? unknown())?.[0];
  if (r.kind !== 'model' || !name) return r;
  const key = ctx.infer.world.models.relationKey(r.class, name);
  return { ...r, extra: withFields(r.extra, [{ key, type: args[1] ?? unknown() }]) };
};

/** `append('url')`: the accessor's value under its key. */
const append: MethodRule = (r, args, ctx) => {
  if (r.kind !== 'model') return r;
  const fields = names(args).map((key): Field => ({ key, type: attribute(r.class, key, ctx) }));
  return fields.length > 0 ? { ...r, extra: withFields(r.extra, fields) } : r;
};

/**
 * `select(...)`, `addSelect(...)`, `selectRaw(...)`: the query's columns are chosen (see
 * `selected`). A column renamed (`'books.slug as book_slug'`, `'count(*) as total'`) or a
 * subquery under a key (`addSelect(['last_login_at' => Login::select('created_at')->...])`,
 * `'book_slug' => function ($query) {...}`) adds that key to each row.
 * @see https://laravel.com/docs/eloquent#subquery-selects
 */
const selecting =
  (only: boolean): MethodRule =>
  (r, args, ctx) => {
    if (r.kind !== 'builder') return r;
    // `'title as name'`: the column's type under its new name; a raw expression's is not known.
    const select = selectArgs(args);
    const renamed = renamedColumns(select.items);
    const typeOf = (key: string): Type => {
      const column = renamed.get(key);
      if (!column) return unknown('selected');
      if (r.row?.kind === 'shape')
        return r.row.fields.find((f) => f.key === column)?.type ?? unknown('selected');
      return r.row ? unknown('selected') : attribute(r.model, column, ctx);
    };
    const fields = selectedAliases(select.items).map((key): Field => ({ key, type: typeOf(key) }));
    const out: Builder =
      fields.length > 0
        ? { ...r, selects: true, extra: withFields(r.extra, fields) }
        : { ...r, selects: true };
    // `addSelect(['created_by'])` after a `select(...)` adds to the columns chosen.
    const named = plainColumns(select);
    const columns = only ? named : r.columns && named ? [...r.columns, ...named] : undefined;
    if (!columns) return out;
    // A table's rows keep the columns chosen (see `model`); a model's, its appended keys too.
    if (r.row) return { ...out, columns: [...new Set(columns)] };
    const appends = stringList(ctx.infer.world.classes.property(r.model, 'appends'));
    return { ...out, columns: [...new Set([...columns, ...appends])].sort() };
  };

/**
 * One item of a select as written: every column (`'*'`, `'users.*'`), a column (`'id'`,
 * `'users.name'`, renamed: `'title as name'`), or an expression (`'count(*) as total'`),
 * each under the key it gives each row.
 */
export type SelectItem =
  | { kind: 'all'; key?: undefined }
  | { kind: 'column'; column: string; key: string; renamed: boolean }
  | { kind: 'expression'; key?: string }
  /** `['last_login_at' => Login::select(...)]`, `'book_slug' => function ($query) {...}`. */
  | { kind: 'subquery'; key: string };

export function selectItem(written: string): SelectItem {
  const aliased = /^(.*?)\s+as\s+[`"']?(\w+)[`"']?\s*$/is.exec(written);
  const expr = (aliased ? aliased[1]! : written).trim();
  const alias = aliased?.[2];
  if (/^(\w+\.)?\*$/.test(expr)) return { kind: 'all' };
  const column = /^(?:\w+\.)?(\w+)$/.exec(expr)?.[1];
  if (column) return { kind: 'column', column, key: alias ?? column, renamed: alias !== undefined };
  return alias !== undefined ? { kind: 'expression', key: alias } : { kind: 'expression' };
}

/**
 * A select's arguments (`select('id', 'name')`, `select(['id', 'name'])`, `addSelect(['total'
 * => $subquery])`): its items in order, and whether one is not known (`DB::raw(...)`).
 */
function selectArgs(args: readonly Type[]): { items: SelectItem[]; unknown: boolean } {
  const items: SelectItem[] = [];
  let unknown = false;
  const written = (t: Type) => {
    const values = stringValues(t);
    if (values) items.push(...values.map(selectItem));
    else unknown = true;
  };
  for (const a of args) {
    if (a.kind === 'list') written(a.items);
    else if (a.kind === 'shape')
      for (const f of a.fields) {
        if (/^\d+$/.test(f.key)) written(f.type);
        else items.push({ kind: 'subquery', key: f.key });
      }
    else written(a);
  }
  return { items, unknown };
}

/** Aliases of plain columns (`'books.slug as book_slug'`): alias → column. */
function renamedColumns(items: readonly SelectItem[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const i of items) if (i.kind === 'column' && i.renamed) out.set(i.key, i.column);
  return out;
}

/**
 * The plain columns `select('id', 'users.name')` keeps, or undefined when the query keeps them
 * all (`*`, `users.*`) or one argument is not known (`DB::raw(...)`).
 */
function plainColumns(select: ReturnType<typeof selectArgs>): string[] | undefined {
  if (select.unknown) return undefined;
  const out: string[] = [];
  for (const i of select.items) {
    if (i.kind === 'all' || (i.kind === 'expression' && i.key === undefined)) return undefined;
    if (i.kind === 'column' && !i.renamed) out.push(i.column);
  }
  return out.length > 0 ? out : undefined;
}

/** The keys a select names beyond the table's columns: `as` aliases and keyed subqueries. */
function selectedAliases(items: readonly SelectItem[]): string[] {
  const keys = items.flatMap((i) =>
    i.key !== undefined && (i.kind !== 'column' || i.renamed) ? [i.key] : [],
  );
  return [...new Set(keys)];
}

const BUILDER: Record<string, MethodRule> = {
  ...Object.fromEntries(CHAINABLE.map((m) => [m, keep])),
  select: selecting(true),
  addSelect: selecting(false),
  selectRaw: selecting(false),
  ...AGGREGATE_RULES,
  with: withLoaded,
  load: withLoaded,
  get: (r, args) => (r.kind === 'builder' ? listOf(selected(r, args), true) : undefined),
  all: (r) => (r.kind === 'builder' ? many(r) : undefined),
  cursor: (r) => (r.kind === 'builder' ? many(r) : undefined),
  lazy: (r) => (r.kind === 'builder' ? many(r) : undefined),
  paginate: (r) =>
    r.kind === 'builder' ? { kind: 'paginator', style: 'length', items: model(r) } : undefined,
  fastPaginate: (r) =>
    r.kind === 'builder' ? { kind: 'paginator', style: 'length', items: model(r) } : undefined,
  simplePaginate: (r) =>
    r.kind === 'builder' ? { kind: 'paginator', style: 'simple', items: model(r) } : undefined,
  cursorPaginate: (r) =>
    r.kind === 'builder' ? { kind: 'paginator', style: 'cursor', items: model(r) } : undefined,
  find: (r, args) =>
    r.kind !== 'builder' ? undefined : args[0]?.kind === 'list' ? many(r) : maybe(r),
  first: (r) => (r.kind === 'builder' ? maybe(r) : undefined),
  firstWhere: (r) => (r.kind === 'builder' ? maybe(r) : undefined),
  findOrFail: (r, args) =>
    r.kind !== 'builder' ? undefined : args[0]?.kind === 'list' ? many(r) : model(r),
  firstOrFail: (r) => (r.kind === 'builder' ? model(r) : undefined),
  findOr: (r, args, ctx) =>
    r.kind !== 'builder'
      ? undefined
      : orElse(args[0]?.kind === 'list' ? many(r) : model(r), args.at(-1), ctx),
  firstOr: (r, args, ctx) =>
    r.kind === 'builder' ? orElse(model(r), args.at(-1), ctx) : undefined,
  sole: (r) => (r.kind === 'builder' ? model(r) : undefined),
  findOrNew: (r) => (r.kind === 'builder' ? model(r) : undefined),
  firstOrNew: (r) => (r.kind === 'builder' ? model(r) : undefined),
  findMany: (r) => (r.kind === 'builder' ? many(r) : undefined),
  make: (r) => (r.kind === 'builder' ? model(r, { created: 'new' }) : undefined),
  create: (r) => (r.kind === 'builder' ? model(r, { created: 'yes' }) : undefined),
  forceCreate: (r) => (r.kind === 'builder' ? model(r, { created: 'yes' }) : undefined),
  createQuietly: (r) => (r.kind === 'builder' ? model(r, { created: 'yes' }) : undefined),
  save: (r, args) => args[0] ?? undefined,
  firstOrCreate: (r) => (r.kind === 'builder' ? model(r, { created: 'maybe' }) : undefined),
  updateOrCreate: (r) => (r.kind === 'builder' ? model(r, { created: 'maybe' }) : undefined),
  createMany: (r) =>
    r.kind === 'builder' ? listOf(model(r, { created: 'yes' }), true) : undefined,
  count: () => INTEGER,
  exists: () => BOOLEAN,
  doesntExist: () => BOOLEAN,
  sum: () => NUMBER,
  avg: () => NUMBER,
  average: () => NUMBER,
  min: () => NUMBER,
  max: () => NUMBER,
  update: () => INTEGER,
  delete: () => INTEGER,
  forceDelete: () => INTEGER,
  increment: () => INTEGER,
  decrement: () => INTEGER,
  insert: () => BOOLEAN,
  upsert: () => INTEGER,
  toSql: () => STRING,
  pluck: (r, args, ctx) => {
    const column = stringValues(args[0] ?? unknown())?.[0];
    const item = r.kind === 'builder' && column ? attribute(r.model, column, ctx) : unknown();
    return args[1] ? { kind: 'map', values: item, collection: true } : listOf(item, true);
  },
  value: (r, args, ctx) => {
    const column = stringValues(args[0] ?? unknown())?.[0];
    return r.kind === 'builder' && column
      ? union([attribute(r.model, column, ctx), NULL])
      : undefined;
  },
  getModel: (r) => (r.kind === 'builder' ? model(r) : undefined),
  /** A local scope (`scopeActive`), or a method Laravel forwards: the query goes on. */
  '*': (r, args, ctx) => {
    if (r.kind !== 'builder' || !ctx.method) return undefined;
    // Dynamic wheres: `whereEmail($email)`, `orWhereTeamId($id)`.
    if (/^(or)?[wW]here[A-Z]/.test(ctx.method)) return r;
    const scope = `scope${ctx.method.charAt(0).toUpperCase()}${ctx.method.slice(1)}`;
    if (!ctx.infer.world.classes.method(r.model, scope)) return undefined;
    const result = ctx.infer.call(
      { kind: 'model', class: r.model },
      scope,
      [r, ...args],
      ctx.frame,
    );
    return members(result).some((t) => t.kind === 'builder') ? result : r;
  },
};

/** A model attribute's type: a relation, an accessor, a column or cast, a `@property` tag. */
export function attribute(modelClass: string, name: string, ctx: Ctx): Type {
  const { world } = ctx.infer;
  const relation = world.models.relation(modelClass, name);
  if (relation && world.models.isModel(relation.related)) {
    const related: Model = { kind: 'model', class: relation.related };
    return relation.many ? listOf(related, true) : union([related, NULL]);
  }
  const studly = name.replace(/(^|_)(\w)/g, (_m, _s, c: string) => c.toUpperCase());
  const legacy = `get${studly}Attribute`;
  if (world.classes.method(modelClass, legacy))
    return ctx.infer.call({ kind: 'model', class: modelClass }, legacy, [], ctx.frame);
  const camel = studly.charAt(0).toLowerCase() + studly.slice(1);
  const accessor = world.classes.method(modelClass, camel);
  if (accessor && /(^|\\)Attribute$/.test(accessor.facts.returnType ?? '')) {
    const made = ctx.infer.call({ kind: 'model', class: modelClass }, camel, [], ctx.frame);
    const getter = members(made).find((t) => t.kind === 'object' && t.state?.get);
    if (getter?.kind === 'object' && getter.state?.get)
      return ctx.infer.invoke(getter.state.get, [], ctx.frame);
  }
  const json = world.models.attribute(modelClass, name);
  // An enum cast is the enum's case, whose `->name`, `->value` and methods a resource reads.
  if (json?.kind === 'enum' && json.class && world.classes.get(json.class)?.facts.kind === 'enum') {
    const value: Type = { kind: 'enum', class: json.class };
    return json.nullable ? union([value, NULL]) : value;
  }
  if (json) return { kind: 'attribute', json };
  for (const c of world.classes.lineage(modelClass)) {
    const hint = c.facts.propertyHints?.[name];
    if (hint) return ctx.infer.fromDoc(hint, modelClass);
  }
  return unknown(`attribute ${name}`);
}

/** The model with its list `key` set to `keys`, or without the list when `keys` is empty. */
function withKeys(
  model: Extract<Type, { kind: 'model' }>,
  key: 'hidden' | 'shown',
  keys: string[],
): Extract<Type, { kind: 'model' }> {
  const out = { ...model };
  if (keys.length > 0) out[key] = keys;
  else delete out[key];
  return out;
}

const hide =
  (key: 'hidden' | 'visible'): MethodRule =>
  (r, args) => {
    if (r.kind !== 'model') return undefined;
    const list = [...new Set([...(r[key] ?? []), ...names(args)])].sort();
    return { ...r, [key]: list };
  };

const MODEL: Record<string, MethodRule> = {
  load: withLoaded,
  loadMissing: withLoaded,
  ...AGGREGATE_RULES,
  fresh: (r) => (r.kind === 'model' ? { kind: 'model', class: r.class } : r),
  refresh: keep,
  fill: keep,
  forceFill: keep,
  setAttribute,
  setRawAttributes: keep,
  syncOriginal: keep,
  unsetRelations: keep,
  makeHidden: (r, args, ctx) => {
    const out = hide('hidden')(r, args, ctx);
    if (out?.kind !== 'model' || !out.shown) return out;
    const hidden = new Set(names(args));
    return withKeys(
      out,
      'shown',
      out.shown.filter((s) => !hidden.has(s)),
    );
  },
  makeVisible: (r, args) => {
    if (r.kind !== 'model') return undefined;
    const given = names(args);
    if (given.length === 0) return r;
    const shown = new Set(given);
    const visible = withKeys(
      r,
      'hidden',
      (r.hidden ?? []).filter((h) => !shown.has(h)),
    );
    return { ...visible, shown: [...new Set([...(r.shown ?? []), ...given])].sort() };
  },
  setVisible: hide('visible'),
  setHidden: hide('hidden'),
  append,
  setAppends: keep,
  setRelation,
  unsetRelation: keep,
  withoutRelations: keep,
  toArray: keep,
  jsonSerialize: keep,
  attributesToArray: keep,
  replicate: (r) =>
    r.kind === 'model' ? { kind: 'model', class: r.class, created: 'new' } : undefined,
  save: () => BOOLEAN,
  push: () => BOOLEAN,
  update: () => BOOLEAN,
  delete: () => BOOLEAN,
  forceDelete: () => BOOLEAN,
  restore: () => BOOLEAN,
  touch: () => BOOLEAN,
  getKey: () => INTEGER,
  getRouteKey: () => STRING,
  // Sanctum's `HasApiTokens`.
  createToken: () => ({ kind: 'object', class: 'Laravel\\Sanctum\\NewAccessToken' }),
  toJson: () => STRING,
  is: () => BOOLEAN,
  isNot: () => BOOLEAN,
  trashed: () => BOOLEAN,
  getAttribute: (r, args, ctx) => {
    const name = stringValues(args[0] ?? unknown())?.[0];
    return r.kind === 'model' && name ? attribute(r.class, name, ctx) : undefined;
  },
  only: (r, args, ctx) =>
    r.kind === 'model'
      ? {
          kind: 'shape',
          fields: names(args).map((key) => ({ key, type: attribute(r.class, key, ctx) })),
        }
      : undefined,
  // Relation methods on the model: `$this->hasMany(Post::class)`.
  ...Object.fromEntries(
    Object.keys(RELATION_TYPES).map((relation) => [
      relation,
      ((_r, args) => {
        const related = args[0];
        const cls =
          related?.kind === 'class'
            ? related.class
            : related?.kind === 'literal'
              ? String(related.value)
              : undefined;
        return cls ? { kind: 'builder', model: cls } : unknown(relation);
      }) satisfies MethodRule,
    ]),
  ),
};

/** Statement-level calls that change a model: saving a new one creates it. */
const MODEL_EFFECTS: Record<string, MethodRule> = {
  save: (r) => (r.kind === 'model' && r.created === 'new' ? { ...r, created: 'yes' } : r),
  push: (r) => (r.kind === 'model' && r.created === 'new' ? { ...r, created: 'yes' } : r),
  load: withLoaded,
  loadMissing: withLoaded,
  makeHidden: hide('hidden'),
  makeVisible: MODEL.makeVisible!,
  setVisible: hide('visible'),
  setHidden: hide('hidden'),
  refresh: keep,
  setAttribute,
  setRelation,
  append,
  // `$model->key = $value;`
  __set: setAttribute,
  ...AGGREGATE_RULES,
};

const STATICS: Record<string, StaticRule> = {
  query: (c) => ({ kind: 'builder', model: c }),
  newQuery: (c) => ({ kind: 'builder', model: c }),
  on: (c) => ({ kind: 'builder', model: c }),
  all: (c) => listOf({ kind: 'model', class: c }, true),
  with: (c, args, ctx) => withLoaded({ kind: 'builder', model: c }, args, ctx),
  make: (c) => ({ kind: 'model', class: c, created: 'new' }),
  destroy: () => INTEGER,
};

/**
 * spatie/laravel-query-builder's `QueryBuilder::for(Post::class)` (or a query, a relation): the
 * model's query, which the `allowed*` calls leave as it is.
 */
const SPATIE_QUERY_BUILDER: Record<string, StaticRule> = {
  for: (_c, args) => {
    const [subject] = args;
    if (subject?.kind === 'builder') return subject;
    if (subject?.kind === 'class') return { kind: 'builder', model: subject.class };
    return subject?.kind === 'literal' && typeof subject.value === 'string'
      ? { kind: 'builder', model: subject.value.replace(/^\\/, '') }
      : undefined;
  },
};

export const eloquent: Extension = {
  methods: { builder: BUILDER, model: MODEL },
  effects: {
    model: MODEL_EFFECTS,
    builder: { with: withLoaded, load: withLoaded, ...AGGREGATE_RULES },
  },
  properties: {
    model: (r, name, ctx) => {
      if (r.kind !== 'model') return undefined;
      return r.extra?.find((f) => f.key === name)?.type ?? attribute(r.class, name, ctx);
    },
  },
  classes: [
    { classes: MODEL_BASES, statics: STATICS },
    { classes: ['Spatie\\QueryBuilder\\QueryBuilder'], statics: SPATIE_QUERY_BUILDER },
  ],
};
