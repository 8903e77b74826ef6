import type { Expr } from '../ir/types.js';
import type { InputField } from '../model/inputs.js';
import type { AttributeType } from '../models/attribute-type.js';

/**
 * What the type engine knows of a PHP value, in terms of what it becomes as JSON: scalars,
 * arrays (shapes with known keys, lists, maps), Eloquent models and query builders,
 * paginators, API resources, responses, other objects. Built only in memory, per run.
 */
export type Type =
  | {
      kind: 'scalar';
      type: ScalarName;
      format?: string;
      pattern?: string;
      /** A string holding this value's JSON (`json_encode($data)`), which a response sends as is. */
      json?: Type;
      /**
       * The value as the project writes it, where another install or request may differ: a
       * setting's value in the config files, a string built with parts known only at run time
       * (in braces: `exists:teams,id,{$user->id}`). A validation rule reads it; a response
       * documents the type alone.
       */
      written?: string;
    }
  | { kind: 'literal'; value: string | number | boolean }
  | { kind: 'null' }
  /** A backed enum's case (serialised as its value). */
  | { kind: 'enum'; class: string }
  /** An array (or collection) with known keys. */
  | { kind: 'shape'; fields: Field[]; collection?: true }
  /**
   * A list (a PHP list, a collection's values); `tuple` the items one by one, in order, for a
   * list written out (`['required', 'max:3']`), which a rule list is read from.
   */
  | { kind: 'list'; items: Type; collection?: true; tuple?: Type[] }
  /** An array with keys not known in advance. */
  | { kind: 'map'; values: Type; collection?: true }
  /** An Eloquent model instance: its attributes as JSON. */
  | {
      kind: 'model';
      class: string;
      created?: Created;
      loaded?: string[];
      /** The columns a loaded relation keeps (`with('author:id,name')`), by relation. */
      loadedColumns?: Record<string, string[]>;
      hidden?: string[];
      visible?: string[];
      /** Attributes and relations `makeVisible()` shows despite the class's `$hidden`/`$visible`. */
      shown?: string[];
      /**
       * Keys set on this instance beyond its attributes and loaded relations, by key:
       * `setAttribute()`, `setRelation()`, `$model->key = ...`, `append()`, `loadCount()`.
       */
      extra?: Field[];
    }
  /**
   * A query builder or relation of a model, not yet run; `row` for a query of a table
   * (`DB::table('users')`), whose rows are its columns.
   */
  | {
      kind: 'builder';
      model: string;
      loaded?: string[];
      loadedColumns?: Record<string, string[]>;
      row?: Type;
      extra?: Field[];
      /** `select()` was called: `get($columns)` then keeps the query's columns, as Laravel does. */
      selects?: true;
      /** The keys each row keeps after `select('id', 'name')` (its appended accessors too). */
      columns?: string[];
    }
  | { kind: 'paginator'; style: 'length' | 'simple' | 'cursor'; items: Type }
  /** An API resource (`new PostResource($post)`, `PostResource::collection($posts)`). */
  | {
      kind: 'resource';
      class: string;
      data: Type;
      /** `::collection()`: an anonymous collection of `class`. */
      collection?: true;
      additional?: Type;
    }
  /**
   * An HTTP response with a status and a body (none for `noContent()`); `wrap` when the body is
   * a resource sent as its own response (`->response()`), which Laravel wraps in `data`.
   */
  | { kind: 'response'; status?: number; body?: Type; media?: string; wrap?: true }
  /** A file download or stream. */
  | { kind: 'file'; media?: string }
  /** An instance of any other class, with what the engine learnt of it. */
  | { kind: 'object'; class: string; args?: Type[]; state?: Record<string, Type> }
  /**
   * A validation rule object of Laravel's, as written (`Rule::in([...])`, `new Enum(X::class)`,
   * `Password::min(8)->mixedCase()`): `callee` is `Class::method`, `Class::new` for `new`. The
   * rule layer (`rules/`) reads what it stands for.
   */
  | { kind: 'rule'; callee: string; args: Type[]; named?: Named; chain?: RuleCall[] }
  /** `Foo::class`: a class name, which `new $name` instantiates. */
  | { kind: 'class'; class: string }
  /** A closure, evaluated when called (`->map(fn ($x) => ...)`). */
  | { kind: 'fn'; expr: Extract<Expr, { kind: 'fn' }>; frame: unknown }
  | { kind: 'union'; of: Type[] }
  /** Absent from the output when its condition fails (`$this->when(...)` in a resource). */
  | { kind: 'optional'; type: Type }
  /** Fields merged into the enclosing array (`$this->merge(...)`, `mergeWhen`). */
  | { kind: 'merge'; type: Type; optional?: true }
  /** A model attribute or a table's column, as its migration and cast describe it. */
  | { kind: 'attribute'; json: AttributeType }
  /** A validated input field, as its rules describe it (`$request->validated()`). */
  | { kind: 'input'; field: InputField }
  /**
   * What the client sent, before validation, which a FormRequest's `validationData()` reads:
   * the whole input, or the input `name` (`$this->input('user')`, dotted below it); `fields`
   * the keys set over the whole input (`array_merge($this->all(), ['user_id' => ...])`).
   */
  | { kind: 'sent'; name?: string; fields?: Field[] }
  /** The end of a path that never returns (`abort()`, `throw`). */
  | { kind: 'never' }
  | { kind: 'unknown'; reason?: string };

/** A method chained on a rule object (`->ignore($id)`). */
export interface RuleCall {
  method: string;
  args: Type[];
}

type Named = Record<string, Type>;

export type ScalarName = 'string' | 'integer' | 'number' | 'boolean';
export type Created = 'yes' | 'maybe' | 'new';

export interface Field {
  key: string;
  type: Type;
  optional?: true;
}

export const UNKNOWN: Type = { kind: 'unknown' };
export const NULL: Type = { kind: 'null' };
export const STRING: Type = { kind: 'scalar', type: 'string' };
export const INTEGER: Type = { kind: 'scalar', type: 'integer' };
export const NUMBER: Type = { kind: 'scalar', type: 'number' };
export const BOOLEAN: Type = { kind: 'scalar', type: 'boolean' };
export const DATE_TIME: Type = { kind: 'scalar', type: 'string', format: 'date-time' };

export function scalar(type: ScalarName, format?: string): Type {
  return format ? { kind: 'scalar', type, format } : { kind: 'scalar', type };
}

export function unknown(reason?: string): Type {
  return reason ? { kind: 'unknown', reason } : UNKNOWN;
}

export function listOf(items: Type, collection = false): Type {
  return collection ? { kind: 'list', items, collection: true } : { kind: 'list', items };
}

/** The union of types, flattened, without duplicates and `never`. */
export function union(types: readonly Type[]): Type {
  const out: Type[] = [];
  const seen = new Set<string>();
  for (const t of types.flatMap((t) => (t.kind === 'union' ? t.of : [t]))) {
    if (t.kind === 'never') continue;
    const key = typeKey(t);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(t);
  }
  if (out.length === 0) return types.length > 0 ? { kind: 'never' } : UNKNOWN;
  const merged = mergeShapes(withoutEmptyBeside(out));
  return merged.length === 1 ? merged[0]! : { kind: 'union', of: merged };
}

/**
 * An array that starts empty and gains keys (`$out = []; foreach (...) $out[$k] = ...;`, `if`s
 * that add keys, items): an object whose keys may all be missing, a map or a list, not also an
 * empty list.
 */
function withoutEmptyBeside(types: Type[]): Type[] {
  const isEmpty = (t: Type) =>
    t.kind === 'list' &&
    !t.collection &&
    t.items.kind === 'unknown' &&
    t.items.reason === 'empty array';
  if (!types.some(isEmpty)) return types;
  // `$counts = []` then `$counts[$key] = ...` (or `$out[] = ...`) on some paths: a map or a
  // list, sometimes empty.
  if (types.some((t) => t.kind === 'map' || (t.kind === 'list' && !isEmpty(t))))
    return types.filter((t) => !isEmpty(t));
  if (!types.some((t) => t.kind === 'shape' && t.fields.length > 0)) return types;
  return types.map((t) => (isEmpty(t) ? { kind: 'shape', fields: [] } : t));
}

/**
 * Arrays with known keys that one value may be (`if ($x) $data['a'] = ...;` on several paths, a
 * ternary between two envelopes) become one shape: every key any of them has, required where
 * all have it, its type the union of theirs. A union of every combination of optional keys
 * would grow as 2^n (and document nothing a reader or a mock could use).
 */
function mergeShapes(types: Type[]): Type[] {
  const shapes = types.filter((t) => t.kind === 'shape');
  if (shapes.length < 2) return mergeSent(types);
  const fields = joinFields(shapes.map((s) => s.fields));
  const shape: Type = shapes.every((s) => s.collection)
    ? { kind: 'shape', fields, collection: true }
    : { kind: 'shape', fields };
  const first = types.indexOf(shapes[0]!);
  return mergeSent(
    types.flatMap((t, i): Type[] => (i === first ? [shape] : t.kind === 'shape' ? [] : [t])),
  );
}

/**
 * The whole input with keys set over it on several paths (`if (isset($input['x'])) $input['x']
 * = ...;`, one after another): one input, the keys some path does not set optional, as shapes
 * are joined.
 */
function mergeSent(types: Type[]): Type[] {
  const whole = types.filter((t) => t.kind === 'sent' && t.name === undefined);
  if (whole.length < 2) return types;
  const fields = joinFields(whole.map((t) => (t.kind === 'sent' ? (t.fields ?? []) : [])));
  const sent: Type = fields.length > 0 ? { kind: 'sent', fields } : { kind: 'sent' };
  const first = types.indexOf(whole[0]!);
  return types.flatMap((t, i): Type[] => (i === first ? [sent] : whole.includes(t) ? [] : [t]));
}

/** Every key of the field lists, required where all have it, its type the union of theirs. */
function joinFields(lists: readonly (readonly Field[])[]): Field[] {
  const order: string[] = [];
  const byKey = new Map<string, { types: Type[]; optional: boolean; count: number }>();
  for (const list of lists)
    for (const f of list) {
      let entry = byKey.get(f.key);
      if (!entry) {
        entry = { types: [], optional: false, count: 0 };
        byKey.set(f.key, entry);
        order.push(f.key);
      }
      entry.count += 1;
      if (f.optional || f.type.kind === 'optional') entry.optional = true;
      entry.types.push(f.type.kind === 'optional' ? f.type.type : f.type);
    }
  return order.map((key): Field => {
    const entry = byKey.get(key)!;
    const type = union(entry.types);
    return entry.optional || entry.count < lists.length
      ? { key, type, optional: true }
      : { key, type };
  });
}

/** The members of a type (itself, or a union's). */
export function members(type: Type): Type[] {
  return type.kind === 'union' ? type.of : [type];
}

/** Without `null` (what `?->` and `?? throw` leave). */
export function nonNull(type: Type): Type {
  return union(members(type).filter((t) => t.kind !== 'null'));
}

export function isUnknown(type: Type): boolean {
  return type.kind === 'unknown';
}

/** A union's known members when some are known: one unknown branch does not hide the rest. */
export function known(type: Type): Type {
  if (type.kind !== 'union') return type;
  const found = type.of.filter((t) => t.kind !== 'unknown');
  return found.length > 0 ? union(found) : type;
}

/**
 * A short key that two types share exactly when they are equal, for memo keys and
 * de-duplication. Types are never changed once made, so each one's key is computed once, from
 * its parts' keys, and interned (`#1f`): composite keys stay short however deep the type.
 */
/** Loaded relations' columns in a key (`with('author:id,name')`). */
function columnsKey(columns: Record<string, string[]> | undefined): string {
  if (!columns) return '';
  return `{${Object.keys(columns)
    .sort()
    .map((k) => `${k}:${columns[k]!.join(',')}`)
    .join(';')}}`;
}

export function typeKey(type: Type): string {
  const hit = keys.get(type);
  if (hit !== undefined) return hit;
  const key = intern(structure(type));
  keys.set(type, key);
  return key;
}

let keys = new WeakMap<object, string>();
let interned = new Map<string, string>();
const identities = new WeakMap<object, number>();
let nextIdentity = 0;

function intern(text: string): string {
  let id = interned.get(text);
  if (id === undefined) {
    // A long-running process (`apidoc watch`) starts over rather than grow without bound.
    if (interned.size > 1_000_000) {
      interned = new Map();
      keys = new WeakMap();
    }
    id = `#${interned.size.toString(36)}`;
    interned.set(text, id);
  }
  return id;
}

/** An object's identity (closures are equal only to themselves). */
function identity(value: object): number {
  let id = identities.get(value);
  if (id === undefined) identities.set(value, (id = nextIdentity++));
  return id;
}

function inputKey(field: InputField): string {
  const hit = keys.get(field);
  if (hit !== undefined) return hit;
  const key = intern(JSON.stringify(field));
  keys.set(field, key);
  return key;
}

function structure(t: Type): string {
  const c = (x: { collection?: true }) => (x.collection ? '*' : '');
  const list = (xs: readonly string[] | undefined) => (xs ? xs.join(',') : '');
  switch (t.kind) {
    case 'scalar':
      return `s:${t.type}:${t.format ?? ''}:${t.pattern ?? ''}${t.json ? `:${typeKey(t.json)}` : ''}${t.written === undefined ? '' : `:w${JSON.stringify(t.written)}`}`;
    case 'literal':
      return `l:${JSON.stringify(t.value)}`;
    case 'null':
    case 'never':
      return t.kind;
    case 'unknown':
      return `?:${t.reason ?? ''}`;
    case 'enum':
      return `e:${t.class}`;
    case 'class':
      return `c:${t.class}`;
    case 'shape':
      return `h${c(t)}{${t.fields.map((f) => `${JSON.stringify(f.key)}${f.optional ? '?' : ''}:${typeKey(f.type)}`).join(',')}}`;
    case 'list':
      return `a${c(t)}[${typeKey(t.items)}]${t.tuple ? `(${t.tuple.map(typeKey).join(',')})` : ''}`;
    case 'map':
      return `m${c(t)}[${typeKey(t.values)}]`;
    case 'model':
      return `M:${t.class}:${t.created ?? ''}:${list(t.loaded)}${columnsKey(t.loadedColumns)}:${list(t.hidden)}:${list(t.visible)}${t.shown ? `:+${list(t.shown)}` : ''}${fieldsKey(t.extra)}`;
    case 'builder':
      return `B:${t.model}:${list(t.loaded)}${columnsKey(t.loadedColumns)}:${t.row ? typeKey(t.row) : ''}${fieldsKey(t.extra)}${t.selects ? ':s' : ''}${t.columns ? `:c${list(t.columns)}` : ''}`;
    case 'paginator':
      return `P:${t.style}:${typeKey(t.items)}`;
    case 'resource':
      return `R:${t.class}:${t.collection ? 1 : 0}:${typeKey(t.data)}:${t.additional ? typeKey(t.additional) : ''}`;
    case 'response':
      return `r:${t.status ?? ''}:${t.body ? typeKey(t.body) : ''}:${t.media ?? ''}:${t.wrap ? 1 : 0}`;
    case 'file':
      return `f:${t.media ?? ''}`;
    case 'object': {
      const state = t.state
        ? Object.keys(t.state)
            .sort()
            .map((k) => `${k}=${typeKey(t.state![k]!)}`)
            .join(',')
        : '';
      return `o:${t.class}:${t.args ? t.args.map(typeKey).join(',') : ''}:${state}`;
    }
    case 'fn':
      return `F:${identity(t.expr)}:${identity(t.frame as object)}`;
    case 'union':
      return `u:${t.of.map(typeKey).join('|')}`;
    case 'optional':
      return `~${typeKey(t.type)}`;
    case 'merge':
      return `+${t.optional ? '?' : ''}${typeKey(t.type)}`;
    case 'attribute':
      return `A:${JSON.stringify(t.json)}`;
    case 'input':
      return `I:${inputKey(t.field)}`;
    case 'sent':
      return `S:${t.name ?? ''}${fieldsKey(t.fields)}${
        (t.fields ?? []).some((f) => f.optional)
          ? `?${t
              .fields!.filter((f) => f.optional)
              .map((f) => f.key)
              .join(',')}`
          : ''
      }`;
    case 'rule':
      return `Q:${t.callee}(${t.args.map(typeKey).join(',')})${t.named ? namedKey(t.named) : ''}${(t.chain ?? []).map((c) => `->${c.method}(${c.args.map(typeKey).join(',')})`).join('')}`;
  }
}

export function literalOf(type: Type): string | number | boolean | undefined {
  return type.kind === 'literal' ? type.value : undefined;
}

/** The string values a type may have, when all are literal. */
export function stringValues(type: Type): string[] | undefined {
  const out: string[] = [];
  for (const t of members(type)) {
    if (t.kind !== 'literal' || typeof t.value !== 'string') return undefined;
    out.push(t.value);
  }
  return out;
}

function namedKey(named: Named): string {
  return `{${Object.entries(named)
    .map(([k, v]) => `${k}:${typeKey(v)}`)
    .join(',')}}`;
}

function fieldsKey(fields: readonly Field[] | undefined): string {
  return fields
    ? `{${fields.map((f) => `${JSON.stringify(f.key)}:${typeKey(f.type)}`).join(',')}}`
    : '';
}

/** `fields` with `added` set over them, by key, in key order (the later value wins). */
export function withFields(fields: readonly Field[] | undefined, added: readonly Field[]): Field[] {
  const byKey = new Map((fields ?? []).map((f) => [f.key, f]));
  for (const f of added) byKey.set(f.key, f);
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Field lookup in a shape. */
export function field(type: Type, key: string): Field | undefined {
  return type.kind === 'shape' ? type.fields.find((f) => f.key === key) : undefined;
}
