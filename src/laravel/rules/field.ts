import type { ValueRules } from '../model/inputs.js';
import type { FieldState, Kind, ParsedRule, RuleContext } from './rule.js';
import { ruleText } from './rule.js';
import { RULES } from './table.js';

/**
 * One field's rules → what they say of its value. The kind comes first (type rules, then what other rules imply,
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

const BASE: Readonly<Record<Kind, ValueRules>> = {
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
    value: kind === undefined ? {} : { ...BASE[kind] },
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
