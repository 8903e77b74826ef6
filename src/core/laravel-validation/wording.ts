import { strIs } from '../str-is.js';
import { defaultLine } from './messages.js';
import { phpString } from './php.js';
import type { Display } from './rule.js';
import type { Locale, RuleSet } from './types.js';

/**
 * A failed rule's message as Laravel's `FormatsMessages` resolves it: the FormRequest's
 * `messages()`, then the app's `custom` lines, then its line for the rule (by type for size
 * rules), then the version's default; then `:attribute` and the rule's placeholders.
 * @see https://laravel.com/docs/validation#customizing-the-error-messages
 */
export interface Wording {
  message(
    attribute: string,
    rule: string,
    type: string | undefined,
    replace: Record<string, string>,
  ): string;
  display: Display;
}

/** `messages()` keys may use `*` for any one segment; Str::is for the rest. */
function fromLocal(source: Readonly<Record<string, string>>, keys: string[]): string | undefined {
  for (const key of keys) {
    for (const [pattern, line] of Object.entries(source)) {
      if (pattern.includes('*')) {
        const re = new RegExp(
          `^${pattern
            .split('*')
            .map((p) => p.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
            .join('([^.]*)')}$`,
          'u',
        );
        if (re.test(key)) return line;
      } else if (strIs(pattern, key)) return line;
    }
  }
  return undefined;
}

/** `Str::snake`, then `_` as spaces: `first_name` and `firstName` are "first name". */
function humanise(key: string): string {
  const snake = /^[a-z0-9_.]*$/.test(key)
    ? key
    : key.replace(/(.)(?=[A-Z])/gu, '$1_').toLowerCase();
  return snake.replace(/_/g, ' ');
}

export function wording(set: RuleSet, locale: Locale, primary: (key: string) => string): Wording {
  const lines = locale.messages ?? {};
  const attribute = (key: string): string => {
    const main = primary(key);
    for (const name of main === key ? [key] : [key, main]) {
      const own = set.attributes?.[name] ?? locale.attributes?.[name];
      if (own !== undefined) return own;
    }
    // A key a `*` stands for is shown as it is (`items.0.unit_price`).
    return main !== key ? key : humanise(key);
  };
  const value = (key: string, v: unknown): string => {
    const text = phpString(v);
    const own = lines[`values.${key}.${text}`];
    if (own !== undefined) return own;
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (v === null || v === undefined) return 'empty';
    return text;
  };
  const custom = Object.fromEntries(
    Object.entries(lines)
      .filter(([k]) => k.startsWith('custom.'))
      .map(([k, v]) => [k.slice('custom.'.length), v]),
  );
  const line = (key: string) => lines[key] ?? defaultLine(locale.version, key);
  const message: Wording['message'] = (attr, rule, type, replace) => {
    const template =
      fromLocal(set.messages ?? {}, [`${attr}.${rule}`, rule]) ??
      fromLocal(custom, [`${attr}.${rule}`]) ??
      (type === undefined ? undefined : line(`${rule}.${type}`)) ??
      line(rule) ??
      `validation.${rule}`;
    const name = attribute(attr);
    let out = template
      .replaceAll(':attribute', name)
      .replaceAll(':Attribute', name.charAt(0).toUpperCase() + name.slice(1))
      .replaceAll(':ATTRIBUTE', name.toUpperCase());
    for (const [k, v] of Object.entries(replace)) out = out.replaceAll(`:${k}`, v);
    return out;
  };
  return { message, display: { attribute, value } };
}
