import { members, typeKey, union, type Type } from '../infer/type.js';
import type { PhpArray, PhpValue } from '../php/value.js';

type Items = PhpArray['items'];

/**
 * What the type engine computed for a rule array (`rules()`, a `validate([...])` argument), in
 * the form the rule layer reads: literals as they are, a string with a part known only at run
 * time as written (see `written`), rule objects as their calls, arrays item by item. A value
 * that may be one of several arrays (keys an `if` adds) is all their items, as a document
 * lists every field a request may send.
 */
export function ruleValue(type: Type): PhpValue {
  switch (type.kind) {
    case 'literal':
      return type.value;
    case 'null':
      return null;
    case 'scalar':
      return type.written ?? { kind: 'unknown', source: type.type };
    case 'shape':
      return {
        kind: 'array',
        items: type.fields.map((f) => ({ key: f.key, value: ruleValue(f.type) })),
      };
    case 'list':
      return {
        kind: 'array',
        items: type.tuple && current(type) ? tupleItems(type.tuple) : listItems(type.items),
      };
    case 'map':
      // Keys known only at run time name no field a document can list.
      return { kind: 'array', items: [] };
    case 'optional':
      return ruleValue(type.type);
    case 'rule':
      return ruleCall(type);
    case 'object':
      return { kind: 'new', className: type.class, args: (type.args ?? []).map(ruleValue) };
    case 'class':
      return { kind: 'class', name: type.class };
    case 'union':
      return unionValue(type.of);
    case 'fn':
      // A closure is a custom rule (see `isClosureSource`): it says nothing of the schema.
      return { kind: 'unknown', source: 'function () {…}' };
    default:
      return {
        kind: 'unknown',
        ...(type.kind === 'unknown' && type.reason ? { source: type.reason } : {}),
      };
  }
}

/** A list's items as written, when nothing changed them since (an item added, a map applied). */
function current(list: Extract<Type, { kind: 'list' }>): boolean {
  return list.tuple !== undefined && typeKey(union(list.tuple)) === typeKey(list.items);
}

/** Items one by one: one that is one of several rules (`$x ? 'required' : 'nullable'`) is not known. */
function tupleItems(tuple: readonly Type[]): Items {
  return tuple.map((t) => ({
    value:
      t.kind === 'union' && !t.of.some(isArray)
        ? { kind: 'unknown', source: 'one of several rules' }
        : ruleValue(t),
  }));
}

function isString(t: Type): boolean {
  return (
    (t.kind === 'literal' && typeof t.value === 'string') ||
    (t.kind === 'scalar' && t.written !== undefined)
  );
}

function isArray(t: Type): boolean {
  return t.kind === 'shape' || t.kind === 'list' || t.kind === 'map';
}

/** A list's items: an empty array's none, one item per possible value. */
function listItems(items: Type): Items {
  if (items.kind === 'unknown' && items.reason === 'empty array') return [];
  return members(items).map((t) => ({ value: ruleValue(t) }));
}

/** `Rule::unique('users')->ignore($id)`, `new Enum(Status::class)`: the call as written. */
function ruleCall(rule: Extract<Type, { kind: 'rule' }>): PhpValue {
  const args = rule.args.map(ruleValue);
  const named = rule.named
    ? { named: Object.fromEntries(Object.entries(rule.named).map(([k, v]) => [k, ruleValue(v)])) }
    : {};
  const chain = rule.chain
    ? { chain: rule.chain.map((c) => ({ method: c.method, args: c.args.map(ruleValue) })) }
    : {};
  if (rule.callee.endsWith('::new'))
    return {
      kind: 'new',
      className: rule.callee.slice(0, -'::new'.length),
      args,
      ...named,
      ...chain,
    };
  return { kind: 'call', callee: rule.callee, args, ...named, ...chain };
}

/**
 * One of several values: arrays (and `null`, an array not made) give every item of each; any
 * other choice is not known before the request.
 */
function unionValue(of: readonly Type[]): PhpValue {
  const present = of.filter((t) => t.kind !== 'null');
  if (present.length === 0) return null;
  const arrays = present.filter(isArray);
  // Rule strings a helper returns on several paths (`if (config(...)) return $a . ','. $b;
  // return $a;`): the last, the one it falls back to.
  if (arrays.length === 0)
    return present.every(isString)
      ? ruleValue(present[present.length - 1]!)
      : { kind: 'unknown', source: 'one of several values' };
  // A field's rules that an `if` replaces (`'required'`, then `['required', Rule::unique(...)]`
  // in an `if`, or `[...]` then `'nullable|alpha_num'` in its `else`): the last written, as
  // the rules of a FormRequest were always read.
  if (arrays.length < present.length) return ruleValue(present[present.length - 1]!);
  const items: Items = [];
  for (const t of arrays) {
    const value = ruleValue(t);
    if (typeof value !== 'object' || value === null || value.kind !== 'array') continue;
    for (const item of value.items) {
      const at = item.key === undefined ? -1 : items.findIndex((i) => i.key === item.key);
      if (at >= 0) items[at] = item;
      else items.push(item);
    }
  }
  return { kind: 'array', items };
}
