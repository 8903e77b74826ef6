import { isNumeric, looseEquals, phpString } from '../php.js';
import type { Context, Display, RuleImpl } from '../rule.js';

/**
 * String format rules and value lists: `email`, `url`, `uuid`, `ip`, `alpha*`, `regex`,
 * `starts_with`, `in`, `not_in`.
 * @see https://laravel.com/docs/validation#rule-email
 */

const str = (c: Context) =>
  typeof c.value === 'string' || isNumeric(c.value) ? phpString(c.value) : undefined;

/** A PHP pattern (`/^a$/i`, `#x#`) as a JavaScript RegExp; undefined when it cannot be one. */
export function phpRegex(pattern: string): RegExp | undefined {
  const open = pattern[0];
  if (open === undefined || /[\w\s\\]/.test(open)) return undefined;
  const close = { '(': ')', '[': ']', '{': '}', '<': '>' }[open] ?? open;
  const end = pattern.lastIndexOf(close);
  if (end <= 0) return undefined;
  const flags = [...pattern.slice(end + 1)].filter((f) => 'imsu'.includes(f)).join('');
  const source = pattern
    .slice(1, end)
    .replace(/\\A/g, '^')
    .replace(/\\[zZ]/g, '$');
  try {
    return new RegExp(source, flags.includes('u') ? flags : `${flags}u`);
  } catch {
    try {
      return new RegExp(source, flags.replace('u', ''));
    } catch {
      return undefined;
    }
  }
}

function regexCheck(c: Context): boolean | undefined {
  const text = str(c);
  if (text === undefined) return undefined;
  const re = phpRegex(c.args[0] ?? '');
  return re === undefined ? true : re.test(text);
}

/** egulias' RFC validation, loosely: one `@`, something on both sides, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+$/u;
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/iu;
const IPV4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

function isUrl(text: string): boolean {
  if (!/^[a-z][a-z\d+.-]*:\/\/[^\s/?#]+[^\s]*$/i.test(text)) return false;
  try {
    return new URL(text).host !== '';
  } catch {
    return false;
  }
}

function isIpv6(text: string): boolean {
  if (!/^[\da-f:.]+$/i.test(text) || !text.includes(':')) return false;
  try {
    return new URL(`http://[${text}]/`).hostname !== '';
  } catch {
    return false;
  }
}

const values = (c: Context, d: Display) => ({
  values: c.args.map((a) => d.value(c.attribute, a)).join(', '),
});

function inList(c: Context): boolean {
  if (Array.isArray(c.value) && c.has('array')) {
    return c.value.every(
      (v) => typeof v !== 'object' && c.args.some((a) => looseEquals(phpString(v), a)),
    );
  }
  if (typeof c.value === 'object' && c.value !== null) return false;
  return c.args.some((a) => looseEquals(phpString(c.value), a));
}

export const FORMATS: Record<string, RuleImpl> = {
  email: { check: (c) => typeof c.value === 'string' && EMAIL.test(c.value) },
  url: { check: (c) => typeof c.value === 'string' && isUrl(c.value) },
  active_url: { check: (c) => typeof c.value === 'string' && isUrl(c.value) },
  uuid: { check: (c) => typeof c.value === 'string' && UUID.test(c.value) },
  ip: { check: (c) => typeof c.value === 'string' && (IPV4.test(c.value) || isIpv6(c.value)) },
  ipv4: { check: (c) => typeof c.value === 'string' && IPV4.test(c.value) },
  ipv6: { check: (c) => typeof c.value === 'string' && isIpv6(c.value) },
  alpha: { check: (c) => typeof c.value === 'string' && /^[\p{L}\p{M}]+$/u.test(c.value) },
  alpha_num: { check: (c) => /^[\p{L}\p{M}\p{N}]+$/u.test(str(c) ?? ' ') },
  alpha_dash: { check: (c) => /^[\p{L}\p{M}\p{N}_-]+$/u.test(str(c) ?? ' ') },
  regex: { check: (c) => regexCheck(c) ?? false },
  not_regex: { check: (c) => !(regexCheck(c) ?? true) },
  starts_with: {
    check: (c) => c.args.some((a) => a !== '' && phpString(c.value).startsWith(a)),
    replace: values,
  },
  ends_with: {
    check: (c) => c.args.some((a) => a !== '' && phpString(c.value).endsWith(a)),
    replace: values,
  },
  lowercase: { check: (c) => phpString(c.value) === phpString(c.value).toLowerCase() },
  uppercase: { check: (c) => phpString(c.value) === phpString(c.value).toUpperCase() },
  in: { check: inList, replace: values },
  not_in: { check: (c) => !inList(c), replace: values },
};
