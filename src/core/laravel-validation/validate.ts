import { expandKey, getValue, hasValue, normaliseInput, primaryKey } from './data.js';
import { RULES } from './families/index.js';
import { topMessage } from './messages.js';
import { parseRule } from './parse.js';
import { attributeType, type Context } from './rule.js';
import type { ErrorBody, Locale, Lookup, Rule, RuleSet } from './types.js';
import { wording } from './wording.js';

/** Rules that only change how the others run. */
const MODIFIERS = new Set(['bail', 'sometimes', 'nullable']);

export interface ValidateOptions {
  locale?: Locale;
  lookup?: Lookup;
  /** Run the default kernel's TrimStrings and ConvertEmptyStringsToNull first (default true). */
  normalise?: boolean;
}

const compiled = new WeakMap<RuleSet, [string, Rule[]][]>();

function rulesOf(set: RuleSet): [string, Rule[]][] {
  let out = compiled.get(set);
  if (!out) {
    out = Object.entries(set.rules).map(([key, list]) => [key, list.map(parseRule)]);
    compiled.set(set, out);
  }
  return out;
}

/**
 * Validates request data as Laravel's validator does: fields in the order the rules name
 * them, a `*` key for each item sent, rules in order; a field missing or null is checked only
 * by implicit rules (`required*`, `present`, ...) unless it has other rules and is sent; a
 * failed implicit rule, or any failure under `bail`, stops that field. Undefined when valid.
 * @see https://laravel.com/docs/validation#quick-writing-the-validation-logic
 */
export function validateLaravel(
  set: RuleSet,
  input: unknown,
  options: ValidateOptions = {},
): ErrorBody | undefined {
  const locale = options.locale ?? { version: 8 };
  const data = options.normalise === false ? input : normaliseInput(input);
  const rules = rulesOf(set);
  const ruleKeys = rules.map(([key]) => key);
  const primary = (key: string) => primaryKey(key, ruleKeys);
  const words = wording(set, locale, primary);
  const errors: Record<string, string[]> = {};
  for (const [ruleKey, list] of rules) {
    const names = new Set(list.map((r) => r.name));
    for (const attribute of expandKey(data, ruleKey)) {
      const messages = checkAttribute(
        attribute,
        ruleKey,
        list,
        names,
        data,
        options,
        locale,
        words,
      );
      if (messages.length > 0) errors[attribute] = [...(errors[attribute] ?? []), ...messages];
    }
  }
  if (Object.keys(errors).length === 0) return undefined;
  return { message: topMessage(locale.version, errors), errors };
}

function checkAttribute(
  attribute: string,
  ruleKey: string,
  list: Rule[],
  names: Set<string>,
  data: unknown,
  options: ValidateOptions,
  locale: Locale,
  words: ReturnType<typeof wording>,
): string[] {
  const value = getValue(data, attribute);
  const present = hasValue(data, attribute);
  const messages: string[] = [];
  const base: Omit<Context, 'args'> = {
    attribute,
    value,
    data,
    has: (rule) => names.has(rule),
    siblings: () => new Map(expandKey(data, ruleKey).map((k) => [k, getValue(data, k)])),
    lookup: options.lookup ?? {},
    version: locale.version,
  };
  for (const rule of list) {
    if (MODIFIERS.has(rule.name)) continue;
    const impl = RULES[rule.name];
    if (!impl) continue;
    const implicit = impl.implicit === true;
    if (!implicit && (!present || (typeof value === 'string' && value.trim() === ''))) continue;
    if (names.has('sometimes') && !present) continue;
    if (!implicit && names.has('nullable') && value === null) continue;
    if ((rule.name === 'unique' || rule.name === 'exists') && messages.length > 0) continue;
    const c: Context = { ...base, args: rule.args };
    if (impl.check(c)) continue;
    const replace = impl.replace?.(c, words.display) ?? {};
    const type = impl.sized ? attributeType(c) : undefined;
    messages.push(words.message(attribute, rule.name, type, replace));
    if (names.has('bail') || implicit) break;
  }
  return messages;
}
