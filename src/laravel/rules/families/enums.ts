import type { JsonType } from '../../model/inputs.js';
import type { PhpValue } from '../../php/value.js';
import type { Scalar } from '../values.js';
import { listItems, scalarOf, scalarValues } from '../values.js';
import type { FieldState, Handler, ParsedRule, RuleContext, RuleSpec } from '../rule.js';
import { isNumericKind } from '../rule.js';

/**
 * Allowed values: `in`, `not_in`, PHP backed enums (`Rule::enum`, `new Enum`, `enum:`).
 * Laravel compares `in` values as strings, so they follow the field's type: numbers for a
 * numeric field, strings for a string one, and for an array, each item is checked.
 * @see https://laravel.com/docs/validation#rule-in
 */

/** The values a rule lists: a rule object's PHP values, else the string arguments. */
function ruleValues(rule: ParsedRule, context: RuleContext): Scalar[] | undefined {
  const value = rule.value;
  if (typeof value !== 'object' || value === null) return rule.args;
  if (value.kind !== 'call' && value.kind !== 'new') return rule.args;
  return scalarValues(value.args, context);
}

/** A rule object whose listed values are all known only at run time. */
function runTimeOnly(rule: ParsedRule): boolean {
  const value = rule.value;
  if (typeof value !== 'object' || value === null) return false;
  if (value.kind !== 'call' && value.kind !== 'new') return false;
  const items = listItems(value.args);
  return (
    items.length > 0 &&
    items.every((v) => typeof v === 'object' && v !== null && v.kind === 'unknown')
  );
}

/** PHP's string cast, then a number again for numeric fields. */
function coerce(values: readonly Scalar[], field: FieldState): Scalar[] {
  if (field.kind === 'boolean') return [...values];
  if (isNumericKind(field.kind)) {
    return values.map((v) =>
      typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v,
    );
  }
  if (field.kind === undefined) return [...values];
  return values.map((v) => (typeof v === 'boolean' ? (v ? '1' : '') : v === null ? '' : String(v)));
}

/** A type for an untyped field from its values, when they all share one. */
function typeOf(values: readonly Scalar[]): JsonType | undefined {
  if (values.length > 0 && values.every((v) => typeof v === 'string')) return 'string';
  if (values.length > 0 && values.every((v) => Number.isInteger(v))) return 'integer';
  if (values.length > 0 && values.every((v) => typeof v === 'number')) return 'number';
  return undefined;
}

function setEnum(field: FieldState, values: readonly Scalar[], negate: boolean): void {
  // OpenAPI 3.0 wants at least one value; `Rule::in([])` rejects everything, which no
  // client sends on purpose.
  if (values.length === 0) return;
  const list = coerce(values, field);
  const target =
    field.kind === 'array' ? (field.value.items = { ...field.value.items }) : field.value;
  if (field.kind === undefined || field.kind === 'array') {
    const type = typeOf(list);
    if (type !== undefined && target.type === undefined && !negate) target.type = type;
  }
  if (!negate) target.enum = list;
  else target.tests = [...(target.tests ?? []), { kind: 'not-enum', values: list }];
}

const inRule =
  (negate: boolean): Handler =>
  (rule, field, context) => {
    const values = ruleValues(rule, context);
    // `Rule::in([$this->credit->client_id])`: values only the request knows; nothing to document.
    if (values === undefined) return runTimeOnly(rule) ? undefined : false;
    setEnum(field, values, negate);
  };

/** `Rule::enum(Status::class)->only([Status::Active])`, `->except(...)`. */
function restrict(
  values: Scalar[],
  chain: readonly { method: string; args: PhpValue[] }[],
): Scalar[] {
  let out = values;
  for (const { method, args } of chain) {
    const cases = listItems(args).map(scalarOf);
    if (cases.some((c) => c === undefined)) continue;
    if (method === 'only') out = out.filter((v) => cases.includes(v));
    if (method === 'except') out = out.filter((v) => !cases.includes(v));
  }
  return out;
}

const enumRule: Handler = (rule, field, context) => {
  const className = (rule.args[0] ?? '').replace(/^\\/, '');
  const values = className === '' ? undefined : context.resolveEnum?.(className);
  if (values === undefined) return false;
  const value = rule.value;
  const chain =
    typeof value === 'object' && value !== null && 'chain' in value ? value.chain : undefined;
  setEnum(field, restrict(values, chain ?? []), false);
};

/** Database rules: the schema cannot check them, but they are understood. */
const database: RuleSpec = {};

export const ENUM_RULES: Record<string, RuleSpec> = {
  in: { apply: inRule(false) },
  not_in: { apply: inRule(true) },
  enum: { apply: enumRule },
  unique: database,
  exists: database,
};
