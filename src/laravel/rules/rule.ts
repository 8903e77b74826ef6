import type { InputKind, Presence, ValueRules } from '../model/inputs.js';
import type { PhpValue } from '../php/value.js';

export type { Presence };

/** What the PHP layer can tell the rule layer about the project. */
export interface RuleContext {
  /**
   * Values of a PHP backed enum by fully qualified class name (for Rule::enum / new Enum /
   * `enum:` rules), when the PHP layer could read it.
   */
  resolveEnum?: (className: string) => (string | number)[] | undefined;
}

/**
 * One validation rule: `'max:255'` is `{ name: 'max', args: ['255'] }`. Names are snake case
 * (`requiredIf` and `RequiredIf` are `required_if`, as Laravel's parser makes them the same rule).
 * Rule objects (`Rule::in([...])`, `new Enum(X::class)`) keep the PHP expression in `value`.
 */
export interface ParsedRule {
  name: string;
  args: string[];
  value?: PhpValue;
}

/** The JSON type a field's rules give it; `file` is an uploaded file, `object` a keyed array. */
export type Kind = InputKind;

/** A field while its rules are applied; handlers read `kind` and write `value`. */
export interface FieldState {
  /** The field's key as written in `rules()`, e.g. `items.*.sku`. */
  readonly field: string;
  readonly kind: Kind | undefined;
  /** What the rules say of the value so far. */
  value: ValueRules;
  /** Set by an implicit rule that fails on a missing field. */
  presence?: Presence;
  /** `sometimes`: the field is validated only when sent, so it is never required. */
  optional: boolean;
  nullable: boolean;
  /** `required` was given: null fails it, whatever `nullable` says. */
  rejectsNull: boolean;
  multipart: boolean;
  /** Key of the `confirmed` sibling (`password_confirmation`). */
  confirmation?: string;
  /** `distinct` on an array item: the parent array's items are unique. */
  distinct: boolean;
  /** A numeric rule (`integer`, `numeric`) beside `string`: sizes are then numeric, not lengths. */
  numericString: boolean;
  /** Sentences for the schema's `description`. */
  notes: string[];
}

/** Applies one rule to a field; `false` means the rule's arguments were not understood. */
export type Handler = (rule: ParsedRule, field: FieldState, context: RuleContext) => boolean | void;

/** What the lookup table knows about a rule name. */
export interface RuleSpec {
  apply?: Handler;
  /** A type rule: the field has this kind whatever other rules say (see KIND_RANK). */
  kind?: Kind | ((rule: ParsedRule) => Kind);
  /** The kind this rule implies when no type rule is given (`email` → string). */
  implies?: Kind | ((rule: ParsedRule) => Kind | undefined);
}

export function isNumericKind(kind: Kind | undefined): boolean {
  return kind === 'integer' || kind === 'number';
}

/** `regex:/a/` → `regex:/a/`; `max` with args `['5']` → `max:5`. For warnings. */
export function ruleText(rule: ParsedRule): string {
  return rule.args.length > 0 ? `${rule.name}:${rule.args.join(',')}` : rule.name;
}

/** A finite number from a rule argument (`'255'`, `'0.5'`), else undefined. */
export function numberArg(arg: string | undefined): number | undefined {
  if (arg === undefined || arg.trim() === '') return undefined;
  const n = Number(arg);
  return Number.isFinite(n) ? n : undefined;
}

/** Adds a pattern the value must match, after any earlier test. */
export function addPattern(value: ValueRules, pattern: string): void {
  value.tests = [...(value.tests ?? []), { kind: 'pattern', pattern }];
}

/** Adds a pattern the value must not match. */
export function addNotPattern(value: ValueRules, pattern: string): void {
  value.tests = [...(value.tests ?? []), { kind: 'not-pattern', pattern }];
}

/** Whether a pattern the value must match is already set. */
export function hasPattern(value: ValueRules): boolean {
  return (value.tests ?? []).some((t) => t.kind === 'pattern');
}

/** Escapes text for use outside a class in an ECMAScript pattern (valid with the `u` flag). */
export function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}

/** Rules read from a value: those understood, and the text of those that were not. */
export interface RuleList {
  rules: ParsedRule[];
  unknown: string[];
}
