import { deref } from '../core/refs.js';
import type { OperationEntry } from '../core/engine/operations.js';
import {
  parseRule,
  validateLaravel,
  type Locale,
  type Rule,
  type RuleSet,
} from '../core/laravel-validation/index.js';
import type { OpenApiDocument } from '../core/types.js';
import type { Body, BrokenBody } from './body.js';

/**
 * Besides the one invalid body per operation, one per rule family the operation's
 * `x-laravel-validation` holds: a string one longer than `max`, a field its `required_if`
 * needs left out, a mismatched confirmation, ... Each is kept only when Laravel's rules (the
 * mock's validator) refuse it naming that field, where the valid body passed that field, so
 * each expects the documented 422 naming it.
 */
export function ruleCases(doc: OpenApiDocument, entry: OperationEntry, body: Body): BrokenBody[] {
  if (body.kind !== 'json' || !isRecord(body.value)) return [];
  const requestBody = deref<Record<string, unknown>>(
    doc,
    entry.operation.requestBody as Record<string, unknown> | undefined,
  );
  const set = requestBody?.['x-laravel-validation'] as RuleSet | undefined;
  if (!set || typeof set.rules !== 'object') return [];
  const root = (doc as Record<string, unknown>)['x-laravel'] as Partial<Locale> | undefined;
  const locale: Locale = { ...root, version: typeof root?.version === 'number' ? root.version : 8 };
  const valid = body.value;
  // A field the valid body already fails (data the generator could not get right) is no case.
  const already = validateLaravel(set, valid, { locale })?.errors ?? {};
  const families = new Set<string>();
  const out: BrokenBody[] = [];
  for (const [field, texts] of Object.entries(set.rules)) {
    if (field.includes('*') || field.includes('.')) continue;
    const rules = texts.map(parseRule);
    for (const rule of rules) {
      if (families.has(rule.name)) continue;
      const value = MUTATIONS[rule.name]?.(structuredClone(valid), field, rule, rules);
      if (!value) continue;
      const errors = validateLaravel(set, value, { locale })?.errors ?? {};
      if (!(field in errors) || field in already) continue;
      families.add(rule.name);
      const text = rule.args.length > 0 ? `${rule.name}:${rule.args.join(',')}` : rule.name;
      out.push({ body: { ...body, value }, field, how: 'rule', rule: text, names: [field] });
    }
  }
  return out;
}

type Data = Record<string, unknown>;
type Mutation = (data: Data, field: string, rule: Rule, rules: Rule[]) => Data | undefined;

const isField = (rules: Rule[], name: string) => rules.some((r) => r.name === name);

const MUTATIONS: Record<string, Mutation> = {
  max: (data, field, rule, rules) => {
    const n = Number(rule.args[0]);
    if (!Number.isInteger(n) || n > 10_000 || !isField(rules, 'string')) return undefined;
    return { ...data, [field]: 'x'.repeat(n + 1) };
  },
  required_if: (data, field, rule) => {
    const [other, value] = rule.args;
    if (other === undefined || value === undefined) return undefined;
    const out: Data = {
      ...data,
      [other]: value === 'true' ? true : value === 'false' ? false : value,
    };
    delete out[field];
    return out;
  },
  required_with: (data, field, rule) => {
    const other = rule.args[0];
    if (other === undefined || other.includes('.')) return undefined;
    const out: Data = { ...data, [other]: data[other] ?? 'x' };
    delete out[field];
    return out;
  },
  confirmed: (data, field) => ({
    ...data,
    [`${field}_confirmation`]: `${String(data[field])}-other`,
  }),
  same: (data, field, rule) => ({ ...data, [field]: `${String(data[rule.args[0] ?? ''])}-other` }),
  different: (data, field, rule) =>
    rule.args[0] !== undefined && rule.args[0] in data
      ? { ...data, [field]: data[rule.args[0]] }
      : undefined,
  after: (data, field, rule) => ordered(data, field, rule.args[0], '2000-01-01', '2030-01-01'),
  after_or_equal: (data, field, rule) =>
    ordered(data, field, rule.args[0], '2000-01-01', '2030-01-01'),
  before: (data, field, rule) => ordered(data, field, rule.args[0], '2030-01-01', '2000-01-01'),
  before_or_equal: (data, field, rule) =>
    ordered(data, field, rule.args[0], '2030-01-01', '2000-01-01'),
  gt: (data, field, rule) => compared(data, field, rule.args[0], 1, 100),
  gte: (data, field, rule) => compared(data, field, rule.args[0], 1, 100),
  lt: (data, field, rule) => compared(data, field, rule.args[0], 100, 1),
  lte: (data, field, rule) => compared(data, field, rule.args[0], 100, 1),
  in: (data, field) => ({ ...data, [field]: 'not-one-of-the-values' }),
};

/** A date on the wrong side of another field's (or of a fixed date). */
function ordered(
  data: Data,
  field: string,
  other: string | undefined,
  mine: string,
  theirs: string,
): Data | undefined {
  if (other === undefined) return undefined;
  return /^[a-z_]\w*$/i.test(other) && !/^(today|tomorrow|yesterday|now)$/.test(other)
    ? { ...data, [field]: mine, [other]: theirs }
    : { ...data, [field]: mine };
}

/** A number on the wrong side of another field's. */
function compared(
  data: Data,
  field: string,
  other: string | undefined,
  mine: number,
  theirs: number,
): Data | undefined {
  if (other === undefined || !/^[a-z_]\w*$/i.test(other)) return undefined;
  return { ...data, [field]: mine, [other]: theirs };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
