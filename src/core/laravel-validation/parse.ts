import type { Rule } from './types.js';

/**
 * `'max:255'` → `{ name: 'max', args: ['255'] }`: arguments split as Laravel splits them
 * (`str_getcsv`), except `regex`/`not_regex`, whose pattern is one argument.
 * @see https://laravel.com/docs/validation#available-validation-rules
 */
export function parseRule(text: string): Rule {
  const colon = text.indexOf(':');
  const name = snake(colon < 0 ? text : text.slice(0, colon));
  if (colon < 0) return { name, args: [] };
  const rest = text.slice(colon + 1);
  return { name, args: name === 'regex' || name === 'not_regex' ? [rest] : csv(rest) };
}

/** Laravel reads `RequiredIf` and `required_if` as the same rule. */
function snake(text: string): string {
  return text
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

/** PHP's `str_getcsv`: commas separate, double quotes group (`""` is a quote). */
export function csv(text: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        current += '"';
        i++;
      } else if (c === '"') quoted = false;
      else current += c;
    } else if (c === '"' && current === '') quoted = true;
    else if (c === ',') {
      out.push(current);
      current = '';
    } else current += c;
  }
  out.push(current);
  return out;
}

/** A rule written back as text, quoting arguments that hold a comma or a quote. */
export function ruleString(name: string, args: readonly string[]): string {
  if (args.length === 0) return name;
  if (name === 'regex' || name === 'not_regex') return `${name}:${args.join(',')}`;
  const quoted = args.map((a) => (/[",]/.test(a) ? `"${a.replace(/"/g, '""')}"` : a));
  return `${name}:${quoted.join(',')}`;
}
