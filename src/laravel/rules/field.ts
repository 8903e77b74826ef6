import type { SchemaObject } from '../../core/types.js';
import type { FieldState, Kind, ParsedRule, RuleContext } from './rule.js';
import { ruleText } from './rule.js';
import { RULES } from './table.js';

/**
 * One field's rules → its schema. The kind comes first (type rules, then what other rules imply,
 * then the field's children), because sizes and enums depend on it; then each rule's handler
 * adds its keywords, in the order the rules are written.
 */

/** Type rules that conflict resolve to the first kind here: `string|integer` is a string. */
const KIND_RANK: readonly Kind[] = [
  'file',
  'object',
  'array',
  'boolean',
  'string',
  'integer',
  'number',
];
const SIZE_RULES = new Set(['min', 'max', 'between', 'size']);

const BASE: Readonly<Record<Kind, SchemaObject>> = {
  string: { type: 'string' },
  integer: { type: 'integer' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  array: { type: 'array' },
  object: { type: 'object' },
  file: { type: 'string', format: 'binary' },
};

export interface CompiledField {
  state: FieldState;
  /** Rule texts no handler understood. */
  unknown: string[];
}

/** `structure` is what the field's children make it: `.*` children an array, named ones an object. */
export function compileField(
  field: string,
  rules: readonly ParsedRule[],
  context: RuleContext,
  structure?: 'array' | 'object',
): CompiledField {
  const { kind, numericString } = inferKind(rules, structure);
  const state: FieldState = {
    field,
    kind,
    schema: kind === undefined ? {} : { ...BASE[kind] },
    optional: false,
    nullable: false,
    rejectsNull: false,
    multipart: kind === 'file',
    distinct: false,
    numericString,
    notes: [],
  };
  const unknown: string[] = [];
  for (const rule of rules) {
    const spec = RULES.get(rule.name);
    if (spec === undefined || spec.apply?.(rule, state, context) === false) {
      unknown.push(ruleText(rule));
    }
  }
  return { state, unknown };
}

function inferKind(
  rules: readonly ParsedRule[],
  structure: 'array' | 'object' | undefined,
): { kind: Kind | undefined; numericString: boolean } {
  const explicit = new Set<Kind>();
  let implied: Kind | undefined;
  for (const rule of rules) {
    const spec = RULES.get(rule.name);
    const kind = typeof spec?.kind === 'function' ? spec.kind(rule) : spec?.kind;
    if (kind !== undefined) explicit.add(kind);
    const implies = typeof spec?.implies === 'function' ? spec.implies(rule) : spec?.implies;
    implied ??= implies;
  }
  const typed = KIND_RANK.find((k) => explicit.has(k));
  const numericString = typed === 'string' && (explicit.has('integer') || explicit.has('number'));
  if (structure !== undefined && typed !== 'object') return { kind: structure, numericString };
  const sized = rules.some((r) => SIZE_RULES.has(r.name));
  return { kind: typed ?? implied ?? (sized ? 'string' : undefined), numericString };
}

// prettier-ignore
const KEY_ORDER = [
  'type', 'format', 'description', 'enum', 'pattern', 'minLength', 'maxLength', 'minimum',
  'exclusiveMinimum', 'maximum', 'exclusiveMaximum', 'multipleOf', 'items', 'minItems', 'maxItems',
  'uniqueItems', 'properties', 'required', 'additionalProperties', 'minProperties', 'maxProperties',
  'not', 'anyOf', 'allOf', 'nullable', 'example',
];

/**
 * The field's final schema, once its children are attached: `nullable` (unless `required`
 * rejects null anyway), the notes as `description`, `items` that OpenAPI 3.0 requires of every
 * array, and keys in a fixed order so output is stable and readable.
 * @see https://spec.openapis.org/oas/v3.0.3#properties
 */
export function finishSchema(state: FieldState): SchemaObject {
  const schema: SchemaObject = { ...state.schema };
  if (state.notes.length > 0) schema.description = state.notes.join(' ');
  if (schema.type === 'array' && schema.items === undefined) schema.items = {};
  if (state.nullable && !state.rejectsNull) {
    schema.nullable = true;
    if (Array.isArray(schema.enum) && !schema.enum.includes(null))
      schema.enum = [...schema.enum, null];
  }
  return ordered(schema);
}

export function ordered(schema: SchemaObject): SchemaObject {
  const out: SchemaObject = {};
  for (const key of KEY_ORDER) if (schema[key] !== undefined) out[key] = schema[key];
  for (const [key, value] of Object.entries(schema)) if (!(key in out)) out[key] = value;
  return out;
}
