import { numberArg } from '../rule.js';
import type { FieldState, Handler, ParsedRule, RuleSpec } from '../rule.js';
import { addNotPattern, addPattern, escapeRegex } from '../rule.js';
import { pcreToEcma } from '../regex.js';

/**
 * String formats and patterns. Patterns are Laravel's own checks in ECMAScript syntax, written
 * for the `u` flag JSON Schema validators use; PHP's `$` also allows a final newline, which
 * these patterns do not.
 * @see https://github.com/laravel/framework/blob/10.x/src/Illuminate/Validation/Concerns/ValidatesAttributes.php
 */

const format =
  (name: string): Handler =>
  (_rule, field) => {
    if (field.kind !== 'file') field.value.format = name;
  };

const pattern =
  (value: string): Handler =>
  (_rule, field) =>
    addPattern(field.value, value);

/** `alpha`, or `alpha:ascii` (Laravel 11) for ASCII letters only. */
const letters =
  (unicode: string, ascii: string): Handler =>
  (rule, field) =>
    addPattern(field.value, `^[${rule.args[0] === 'ascii' ? ascii : unicode}]+$`);

/** `starts_with:a,b` → `^(?:a|b)`. */
function affix(rule: ParsedRule, at: 'start' | 'end'): string {
  const options = rule.args.map(escapeRegex);
  const group = options.length === 1 ? (options[0] ?? '') : `(?:${options.join('|')})`;
  return at === 'start' ? `^${group}` : `${group}$`;
}

const affixPattern =
  (at: 'start' | 'end', negate: boolean): Handler =>
  (rule, field) => {
    if (rule.args.length === 0) return false;
    (negate ? addNotPattern : addPattern)(field.value, affix(rule, at));
  };

const regex =
  (negate: boolean): Handler =>
  (rule, field) => {
    const converted = pcreToEcma(rule.args[0] ?? '');
    if (converted === undefined) return false;
    (negate ? addNotPattern : addPattern)(field.value, converted);
  };

function ip(_rule: ParsedRule, field: FieldState): void {
  field.value.formats = ['ipv4', 'ipv6'];
}

/** `timezone`: an identifier of PHP's timezone database (`Europe/Paris`, `UTC`). */
function timezone(_rule: ParsedRule, field: FieldState): void {
  addPattern(field.value, '^(?:UTC|[A-Z][A-Za-z_-]+(?:\\/[A-Za-z0-9_+-]+){1,2})$');
  field.value.example = 'Europe/Paris';
}

const PASSWORD_NOTES: Readonly<Record<string, string>> = {
  letters: 'a letter',
  mixed_case: 'an uppercase and a lowercase letter',
  numbers: 'a number',
  symbols: 'a symbol',
};

/**
 * `password`/`current_password`, or a `Password` rule object, whose options parse.ts writes as
 * `min=8`, `max=64`, `letters`, `mixed_case`, `numbers`, `symbols`, `uncompromised`.
 * @see https://laravel.com/docs/validation#validating-passwords
 */
function password(rule: ParsedRule, field: FieldState): void {
  field.value.format = 'password';
  if (rule.value === undefined) return;
  const options = new Map(rule.args.map((arg) => [arg.split('=')[0] ?? '', arg.split('=')[1]]));
  const min = numberArg(options.get('min'));
  const max = numberArg(options.get('max'));
  if (min !== undefined) field.value.minLength = min;
  if (max !== undefined) field.value.maxLength = max;
  const needs = Object.keys(PASSWORD_NOTES).filter((key) => options.has(key));
  if (needs.length > 0)
    field.notes.push(`Must contain ${sentenceList(needs.map((k) => PASSWORD_NOTES[k]))}.`);
  if (options.has('uncompromised')) field.notes.push('Must not appear in a known data leak.');
}

/** `['a', 'b', 'c']` → `a, b and c`. */
function sentenceList(items: readonly (string | undefined)[]): string {
  const words = items.filter((w): w is string => w !== undefined);
  const last = words.pop() ?? '';
  return words.length === 0 ? last : `${words.join(', ')} and ${last}`;
}

const string = (apply: Handler): RuleSpec => ({ implies: 'string', apply });

export const STRING_RULES: Record<string, RuleSpec> = {
  email: string(format('email')),
  url: string(format('uri')),
  active_url: string(format('uri')),
  uuid: string(format('uuid')),
  ulid: string(pattern('^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$')),
  ip: string(ip),
  ipv4: string(format('ipv4')),
  ipv6: string(format('ipv6')),
  mac_address: string(
    pattern('^(?:[0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$|^(?:[0-9A-Fa-f]{4}\\.){2}[0-9A-Fa-f]{4}$'),
  ),
  alpha: string(letters('\\p{L}\\p{M}', 'a-zA-Z')),
  alpha_num: string(letters('\\p{L}\\p{M}\\p{N}', 'a-zA-Z0-9')),
  alpha_dash: string(letters('\\p{L}\\p{M}\\p{N}_-', 'a-zA-Z0-9_-')),
  ascii: string(pattern('^[\\x00-\\x7F]*$')),
  lowercase: string(pattern('^\\P{Lu}*$')),
  uppercase: string(pattern('^\\P{Ll}*$')),
  hex_color: string(pattern('^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$')),
  regex: string(regex(false)),
  not_regex: string(regex(true)),
  starts_with: string(affixPattern('start', false)),
  ends_with: string(affixPattern('end', false)),
  doesnt_start_with: string(affixPattern('start', true)),
  doesnt_end_with: string(affixPattern('end', true)),
  timezone: string(timezone),
  password: string(password),
  current_password: string(password),
};
