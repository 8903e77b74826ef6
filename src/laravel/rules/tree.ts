import { isClosureSource } from '../php/source.js';
import type { SchemaObject } from '../../core/types.js';
import type { PhpValue } from '../php/value.js';
import { compileField, finishSchema, ordered } from './field.js';
import type { RuleList } from './rule.js';
import { parseRuleList } from './parse.js';
import type { FieldState, RuleContext } from './rule.js';

/**
 * Dot and `.*` keys as nested schemas: `address.city` is a property of the object `address`,
 * `items.*` the items of the array `items`, `items.*.sku` a property of each item. Parents
 * without rules of their own are created. A required field makes its parents required up to
 * the nearest `*`: Laravel validates `address.city` as a key of its own and `required` fails
 * when `address` is missing, whereas `items.*.sku` is only checked for items that exist.
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

/** A field written in the rules, with what its rules made of it. */
export interface BuiltField {
  key: string;
  state: FieldState;
  schema: SchemaObject;
  synthetic: boolean;
}

export interface BuiltSchema {
  schema: SchemaObject;
  multipart: boolean;
  unknown: { field: string; rule: string }[];
  fields: BuiltField[];
}

/** The field name the rules of every key are compiled under (not a name PHP code writes). */
const ANY_KEY = '(any key)';

export function buildSchema(rules: Record<string, PhpValue>, context: RuleContext): BuiltSchema {
  const out: BuiltSchema = { schema: {}, multipart: false, unknown: [], fields: [] };
  const root = newNode('');
  /** `'*' => ['required', 'numeric']`: rules for the value under every key of the body. */
  const anyKey: Record<string, PhpValue> = {};
  for (const [key, value] of Object.entries(rules)) {
    if (key.split('.')[0] === '*') anyKey[`${ANY_KEY}${key.slice(1)}`] = value;
    else addField(root, key, value);
  }
  const { schema } = compileChildren(root, {}, context, out);
  out.schema = ordered({ type: 'object', ...schema });
  if (Object.keys(anyKey).length > 0) {
    const values = buildSchema(anyKey, context);
    const value = values.schema.properties?.[ANY_KEY];
    if (value) out.schema.additionalProperties = value;
    out.multipart ||= values.multipart;
    out.unknown.push(...values.unknown);
  }
  const order = new Map(Object.keys(rules).map((key, i) => [key, i]));
  const position = (f: BuiltField) => order.get(f.key) ?? Infinity;
  out.fields.sort((a, b) => position(a) - position(b));
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

interface Compiled {
  schema: SchemaObject;
  required: boolean;
  distinct: boolean;
}

function compileNode(node: Node, context: RuleContext, out: BuiltSchema): Compiled {
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
  const field: BuiltField | undefined = node.list
    ? { key: node.key, state, schema: {}, synthetic: node.synthetic }
    : undefined;
  if (field) out.fields.push(field);
  const children = compileChildren(node, state.schema, context, out);
  state.schema = children.schema;
  if (children.required) state.rejectsNull = true;
  const schema = finishSchema(state);
  if (field) field.schema = schema;
  const own = state.presence !== undefined && !state.optional;
  return { schema, required: own || children.required, distinct: state.distinct };
}

/**
 * Attaches a node's children to its schema: `*` as items (or as the values of a keyed array
 * that also has named keys), named children as properties. `required` says whether a named
 * child is required, which makes this node required too.
 */
function compileChildren(
  node: Node,
  base: SchemaObject,
  context: RuleContext,
  out: BuiltSchema,
): Compiled {
  const schema: SchemaObject = { ...base };
  const properties: Record<string, SchemaObject> = { ...base.properties };
  const required = new Set(base.required ?? []);
  let anyRequired = false;
  for (const [segment, child] of node.children) {
    const compiled = compileNode(child, context, out);
    if (segment === '*') {
      attachItems(schema, compiled, node.children.size > 1);
      continue;
    }
    properties[segment] = compiled.schema;
    if (compiled.required) {
      required.add(segment);
      anyRequired = true;
    }
  }
  const isRoot = node.key === '';
  if (Object.keys(properties).length > 0 || isRoot) schema.properties = properties;
  const list = Object.keys(properties).filter((k) => required.has(k));
  if (list.length > 0) schema.required = list;
  else delete schema.required;
  return { schema, required: anyRequired, distinct: false };
}

function attachItems(schema: SchemaObject, items: Compiled, keyed: boolean): void {
  if (keyed || schema.type === 'object') {
    if (schema.additionalProperties !== false) schema.additionalProperties = items.schema;
    return;
  }
  const own = schema.items;
  schema.items = own === undefined ? items.schema : ordered({ ...own, ...items.schema });
  if (items.distinct) schema.uniqueItems = true;
}
