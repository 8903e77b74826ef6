import { NULL, members, union, unknown, withFields, type Field, type Type } from './type.js';

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

/** `$array['key'] = $value` (`key` absent for `$array[] = $value`). */
export function setKey(on: Type, key: Type | undefined, value: Type): Type {
  const name = key?.kind === 'literal' ? String(key.value) : undefined;
  return union(
    members(on).map((t): Type => {
      if (name === undefined) {
        if (t.kind === 'list') return { ...t, items: union([t.items, value].filter(isKnown)) };
        if (t.kind === 'map') return { ...t, values: union([t.values, value].filter(isKnown)) };
        return key ? { kind: 'map', values: value } : { kind: 'list', items: value };
      }
      if (t.kind === 'shape') {
        const fields: Field[] = t.fields.filter((f) => f.key !== name);
        return { ...t, fields: [...fields, { key: name, type: value }] };
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

function isKnown(t: Type): boolean {
  return t.kind !== 'unknown';
}
