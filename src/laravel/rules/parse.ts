import type { PhpValue } from '../php/value.js';
import { csv } from '../../core/laravel-validation/parse.js';
import { isPhpArray } from '../php/value.js';
import { ruleObject } from './objects.js';
import type { ParsedRule, RuleList } from './rule.js';

/** A field's rules, and the rule objects recognised as Laravel's but not understood. */

/**
 * A field's rules in any of Laravel's forms: `'required|string|max:255'`, `['required',
 * 'max:3']`, and rule objects (`Rule::in([...])`, `new Enum(X::class)`, `Password::min(8)`).
 * Closures and custom rule objects say nothing about the schema and are skipped.
 * @see https://laravel.com/docs/validation#available-validation-rules
 */
export function parseRules(value: PhpValue): ParsedRule[] {
  return parseRuleList(value).rules;
}

export function parseRuleList(value: PhpValue): RuleList {
  const out: RuleList = { rules: [], unknown: [] };
  if (typeof value === 'string') {
    for (const part of splitRuleString(value)) addString(out, part);
  } else if (isPhpArray(value)) {
    // Laravel splits only a whole string on `|`; strings inside an array are single rules.
    for (const item of value.items) addItem(out, item.value);
  } else {
    addItem(out, value);
  }
  return out;
}

function addItem(out: RuleList, value: PhpValue): void {
  if (typeof value === 'string') {
    addString(out, value);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  if (value.kind === 'call' || value.kind === 'new') {
    const expanded = ruleObject(value, parseRuleList);
    if (expanded === undefined) return;
    out.rules.push(...expanded.rules);
    out.unknown.push(...expanded.unknown);
  }
}

function addString(out: RuleList, text: string): void {
  const rule = parseStringRule(text);
  if (rule !== undefined) out.rules.push(rule);
}

/**
 * Laravel's `explode('|', ...)`, except that a string starting with a regex rule is kept whole,
 * since its pattern may contain `|`.
 * @see https://github.com/laravel/framework/blob/10.x/src/Illuminate/Validation/ValidationRuleParser.php
 */
export function splitRuleString(text: string): string[] {
  const name = ruleName(text.split(':', 1)[0] ?? '');
  return name === 'regex' || name === 'not_regex' ? [text] : text.split('|');
}

/** `'max:255'` → `{ name: 'max', args: ['255'] }`; an empty string is no rule. */
export function parseStringRule(text: string): ParsedRule | undefined {
  const colon = text.indexOf(':');
  const name = ruleName(colon < 0 ? text : text.slice(0, colon));
  if (name === '') return undefined;
  if (colon < 0) return { name, args: [] };
  const rest = text.slice(colon + 1);
  const args = name === 'regex' || name === 'not_regex' ? [rest] : parseCsv(rest);
  return { name, args };
}

/** Laravel studly-cases rule names (`RequiredIf`, `required_if`); this is the snake form. */
export function ruleName(text: string): string {
  return text
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

/** PHP's `str_getcsv`: commas separate, double quotes group (`""` is a quote). */
export function parseCsv(text: string): string[] {
  return csv(text);
}
