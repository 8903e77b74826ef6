import {
  INTEGER,
  NULL,
  STRING,
  members,
  union,
  unknown,
  withFields,
  type Field,
  type Type,
} from './type.js';

/** `$value['key']` (or `$value[$i]` without a known key). */
export function access(value: Type, key: Type | undefined): Type {
  return union(
    members(value).map((t) => {
      if (t.kind === 'null') return NULL;
      if (t.kind === 'list') return t.items;
      if (t.kind === 'map') return t.values;
      if (t.kind === 'shape') {
        const name = key?.kind === 'literal' ? String(key.value) : undefined;
        if (name === undefined) return union(t.fields.map((f) => f.type));
        const found = t.fields.find((f) => f.key === name);
        return found ? found.type : unknown(`['${name}']`);
      }
      if (t.kind === 'model' && key?.kind === 'literal') {
        const found = t.extra?.find((f) => f.key === String(key.value));
        if (found) return found.type;
      }
      return unknown('[...]');
    }),
  );
}

/** What `foreach` yields for each item. */
export function element(value: Type): Type {
  return union(
    members(value).map((t) => {
      if (t.kind === 'list') return t.items;
      if (t.kind === 'map') return t.values;
      if (t.kind === 'shape') return union(t.fields.map((f) => f.type));
      if (t.kind === 'paginator') return t.items;
      return unknown('foreach');
    }),
  );
}

/**
 * What `foreach` yields as each key: a list's (and a paginator's) positions, a map's strings,
 * a shape's own keys.
 */
export function elementKey(value: Type): Type {
  return union(
    members(value).map((t): Type => {
      if (t.kind === 'list' || t.kind === 'paginator') return INTEGER;
      if (t.kind === 'map') return STRING;
      if (t.kind === 'shape' && t.fields.length > 0)
        return union(t.fields.map((f) => ({ kind: 'literal', value: f.key })));
      return unknown('foreach key');
    }),
  );
}

/** `$array['key'] = $value` (`key` absent for `$array[] = $value`). */
export function setKey(on: Type, key: Type | undefined, value: Type): Type {
  const name = key?.kind === 'literal' ? String(key.value) : undefined;
  const names = name === undefined && key ? literalKeys(key) : undefined;
  // `foreach (['km', 'mi'] as $unit) $out[$unit] = ...`: each key, as one a pass may set.
  if (names)
    return names.reduce<Type>(
      (acc, k) => optionalIfNew(acc, setKey(acc, { kind: 'literal', value: k }, value), k),
      on,
    );
  return union(
    members(on).map((t): Type => {
      if (name === undefined) {
        // `$counts = []; $counts[$row->source] = ...`: keys other than 0, 1, 2... make PHP's
        // array a JSON object; only a position (`$out[$i]`, a list's own keys) keeps a list.
        if (key && isEmptyList(t) && !isPosition(key)) return { kind: 'map', values: value };
        if (t.kind === 'list') return appended(t, value, key);
        if (t.kind === 'map') return { ...t, values: union([t.values, value].filter(isKnown)) };
        return key ? { kind: 'map', values: value } : { kind: 'list', items: value };
      }
      if (t.kind === 'shape') {
        // A key set again keeps its place, as in PHP.
        const field: Field = { key: name, type: value };
        const at = t.fields.findIndex((f) => f.key === name);
        const fields =
          at < 0 ? [...t.fields, field] : t.fields.map((f, i) => (i === at ? field : f));
        return { ...t, fields };
      }
      // `$data = []; $data['x'] = ...`: an empty list becomes a shape.
      if (t.kind === 'list' && t.items.kind === 'unknown')
        return { kind: 'shape', fields: [{ key: name, type: value }] };
      if (t.kind === 'null' || t.kind === 'unknown')
        return { kind: 'shape', fields: [{ key: name, type: value }] };
      // `$data = $post->toArray(); $data['links'] = ...`: the model's attributes and the key.
      if (t.kind === 'model')
        return { ...t, extra: withFields(t.extra, [{ key: name, type: value }]) };
      return t;
    }),
  );
}

/**
 * A list with a value added: its items written out one by one (`$rules = []; $rules[] =
 * 'required';`) stay so when `$list[] = ...` appends, which a rule list is read from.
 */
function appended(list: Extract<Type, { kind: 'list' }>, value: Type, key: Type | undefined): Type {
  const { tuple, ...rest } = list;
  const items = union([list.items, value].filter(isKnown));
  const written = tuple ?? (isEmptyList(list) ? [] : undefined);
  return !key && written ? { ...rest, items, tuple: [...written, value] } : { ...rest, items };
}

/** The keys a union of a few string or integer literals names; undefined for anything else. */
function literalKeys(key: Type): string[] | undefined {
  const of = members(key);
  if (of.length < 2 || of.length > MAX_LITERAL_KEYS) return undefined;
  const keys = of.map((k) =>
    k.kind === 'literal' && typeof k.value !== 'boolean' ? String(k.value) : undefined,
  );
  return keys.every((k) => k !== undefined) ? (keys as string[]) : undefined;
}

const MAX_LITERAL_KEYS = 32;

/** `after` with the field `key` optional where `before` did not have it. */
function optionalIfNew(before: Type, after: Type, key: string): Type {
  const had = (t: Type) => t.kind === 'shape' && t.fields.some((f) => f.key === key);
  if (members(before).some(had)) return after;
  return union(
    members(after).map((t) =>
      t.kind === 'shape'
        ? {
            ...t,
            fields: t.fields.map((f) => (f.key === key ? { ...f, optional: true as const } : f)),
          }
        : t,
    ),
  );
}

function isEmptyList(t: Type): boolean {
  return t.kind === 'list' && t.items.kind === 'unknown' && t.items.reason === 'empty array';
}

/** An integer key: a position in a list. */
function isPosition(key: Type): boolean {
  return members(key).every(
    (k) =>
      (k.kind === 'scalar' && k.type === 'integer') ||
      (k.kind === 'literal' && typeof k.value === 'number'),
  );
}

function isKnown(t: Type): boolean {
  return t.kind !== 'unknown';
}
