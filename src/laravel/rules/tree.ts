import { isClosureSource } from '../php/source.js';
import type { InputField, RuleTree, WrittenField } from '../model/inputs.js';
import type { PhpValue } from '../php/value.js';
import { compileField } from './field.js';
import type { RuleList } from './rule.js';
import { parseRuleList } from './parse.js';
import type { FieldState, RuleContext } from './rule.js';

/**
 * Laravel validation rules → the model's field tree (`model/inputs.ts`), read statically from
 * the PhpValues the PHP layer evaluates. Dot and `.*` keys nest: `address.city` is a child of
 * the object `address`, `items.*` the items of the array `items`, `items.*.sku` a key of each
 * item. Parents without rules of their own are created. A required field makes its parents
 * required up to the nearest `*`: Laravel validates `address.city` as a key of its own and
 * `required` fails when `address` is missing, whereas `items.*.sku` is only checked for items
 * that exist.
 * @see https://laravel.com/docs/validation#validating-nested-array-input
 */

interface Node {
  key: string;
  list?: RuleList;
  /** A `_confirmation` field made from `confirmed`, not written in the rules. */
  synthetic: boolean;
  /** For a synthetic field, the key of the field it confirms. */
  confirms?: string;
  children: Map<string, Node>;
}

/** The field name the rules of every key are compiled under (not a name PHP code writes). */
const ANY_KEY = '(any key)';

/** A rule set (`{ 'name' => 'required|string|max:255', ... }`) as the model's field tree. */
export function compileRules(rules: Record<string, PhpValue>, context: RuleContext = {}): RuleTree {
  const out: RuleTree = { fields: [], multipart: false, unknown: [], written: [] };
  const root = newNode('');
  /** `'*' => ['required', 'numeric']`: rules for the value under every key of the body. */
  const anyKey: Record<string, PhpValue> = {};
  for (const [key, value] of Object.entries(rules)) {
    if (key.split('.')[0] === '*') anyKey[`${ANY_KEY}${key.slice(1)}`] = value;
    else addField(root, key, value);
  }
  out.fields = [...root.children].map(([segment, node]) =>
    compileNode(node, segment, context, out),
  );
  if (Object.keys(anyKey).length > 0) {
    const values = compileRules(anyKey, context);
    const value = values.fields.find((f) => f.name === ANY_KEY);
    if (value) out.anyKey = value;
    out.multipart ||= values.multipart;
    out.unknown.push(...values.unknown);
  }
  const order = new Map(Object.keys(rules).map((key, i) => [key, i]));
  const position = (f: WrittenField) => order.get(f.key) ?? Infinity;
  out.written.sort((a, b) => position(a) - position(b));
  return out;
}

function newNode(key: string): Node {
  return { key, synthetic: false, children: new Map() };
}

function ensure(root: Node, key: string): Node {
  let node = root;
  for (const segment of key.split('.')) {
    let child = node.children.get(segment);
    if (child === undefined) {
      child = newNode(node === root ? segment : `${node.key}.${segment}`);
      node.children.set(segment, child);
    }
    node = child;
  }
  return node;
}

function addField(root: Node, key: string, value: PhpValue): void {
  const node = ensure(root, key);
  const unknownSource =
    typeof value === 'object' && value !== null && value.kind === 'unknown' && !isClosure(value);
  node.list = unknownSource
    ? { rules: [], unknown: [value.source ?? 'unknown expression'] }
    : parseRuleList(value);
  node.synthetic = false;
  delete node.confirms;
  const confirmed = node.list.rules.find((r) => r.name === 'confirmed');
  if (confirmed === undefined) return;
  const sibling = ensure(root, confirmed.args[0] || `${key}_confirmation`);
  if (sibling.list !== undefined) return;
  sibling.list = { rules: node.list.rules.filter((r) => r.name !== 'confirmed'), unknown: [] };
  sibling.synthetic = true;
  sibling.confirms = key;
}

/**
 * A closure as a field's whole rule is a custom rule Laravel calls with the value: it says
 * nothing about the schema (what it returns is ignored), like a closure inside a rule list.
 * @see https://laravel.com/docs/validation#using-closures
 */
function isClosure(value: PhpValue): boolean {
  return typeof value === 'object' && value?.kind === 'unknown' && isClosureSource(value.source);
}

function compileNode(node: Node, name: string, context: RuleContext, out: RuleTree): InputField {
  const star = node.children.get('*');
  const named = [...node.children.keys()].some((k) => k !== '*');
  const structure = named ? 'object' : star ? 'array' : undefined;
  const { state, unknown } = compileField(node.key, node.list?.rules ?? [], context, structure);
  if (!node.synthetic) {
    for (const rule of [...(node.list?.unknown ?? []), ...unknown]) {
      out.unknown.push({ field: node.key, rule });
    }
  }
  out.multipart ||= state.multipart;
  if (node.confirms !== undefined) state.notes = [`Must match ${node.confirms}.`];
  const field: InputField = {
    key: node.key,
    name,
    rules: state.value,
    notes: state.notes,
    nullable: false,
    required: false,
    distinct: state.distinct,
    children: [],
  };
  if (node.list) out.written.push(written(field, state, node.synthetic));
  field.children = [...node.children].map(([segment, child]) =>
    compileNode(child, segment, context, out),
  );
  // A required key below makes this field required, and null no longer passes.
  const childRequired = field.children.some((c) => c.name !== '*' && c.required);
  if (childRequired) state.rejectsNull = true;
  field.nullable = state.nullable && !state.rejectsNull;
  field.required = (state.presence !== undefined && !state.optional) || childRequired;
  return field;
}

function written(field: InputField, state: FieldState, synthetic: boolean): WrittenField {
  return {
    key: field.key,
    field,
    ...(state.presence ? { presence: state.presence } : {}),
    optional: state.optional,
    synthetic,
  };
}
