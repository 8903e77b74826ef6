import { members, type Type } from '../infer/type.js';
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
      return { kind: 'array', items: listItems(type.items) };
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
  const arrays = of.filter((t) => t.kind !== 'null');
  if (arrays.length === 0) return null;
  if (!arrays.every((t) => t.kind === 'shape' || t.kind === 'list' || t.kind === 'map'))
    return { kind: 'unknown', source: 'one of several values' };
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
