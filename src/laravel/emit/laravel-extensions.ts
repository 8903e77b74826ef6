import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ruleString } from '../../core/laravel-validation/index.js';
import { analyseFile } from '../facts/analyse-file.js';
import { isPhpArray, type PhpValue } from '../php/value.js';
import type { Validation } from '../requests/rules.js';
import { parseRules } from '../rules/parse.js';

/**
 * The vendor extensions that carry Laravel's meaning into the document, for the mock (and
 * ignored by every other OpenAPI tool). See docs/reference/extensions.md:
 * - `x-laravel-validation` on a request body: `{ rules, messages?, attributes? }`, the rules as
 *   the app wrote them (rule objects evaluated: `Rule::in([...])` is `in:a,b`), keyed by the
 *   field keys Laravel uses (`address.city`, `items.*.sku`), and the FormRequest's
 *   `messages()` and `attributes()`;
 * - `x-laravel-binding` on a path parameter bound to a model: `{ model, key? }`;
 * - `x-laravel-where` on a path parameter with a route constraint: its regex;
 * - `x-laravel` at the root: `{ version, messages?, attributes? }`, the Laravel major version
 *   (composer.json) and the app's `en/validation.php` lines (flattened with dots) and names.
 */
export type Extensions = Record<`x-${string}`, unknown>;

/** `x-laravel-validation` for a request body validated by these rules. */
export function validationExtension(validation: Validation): Extensions {
  // Fields renamed before validation (`validationData()`): the body is not what is validated.
  if (validation.errorRules) return {};
  const rules: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(validation.rules)) {
    rules[field] = parseRules(value).map((r) => ruleString(r.name, r.args));
  }
  const out: Record<string, unknown> = { rules };
  if (validation.messages && Object.keys(validation.messages).length > 0)
    out.messages = validation.messages;
  if (validation.attributes && Object.keys(validation.attributes).length > 0)
    out.attributes = validation.attributes;
  return { 'x-laravel-validation': out };
}

/** `x-laravel-binding` / `x-laravel-where` for a path parameter. */
export function pathExtensions(
  binding: { model: string; key?: string } | undefined,
  where: string | undefined,
): Extensions {
  const out: Extensions = {};
  if (binding) out['x-laravel-binding'] = binding;
  if (where !== undefined) out['x-laravel-where'] = where;
  return out;
}

/** `x-laravel` for the document's root; empty when the project says nothing of it. */
export function rootExtension(projectDir: string): Extensions {
  const version = laravelVersion(projectDir);
  const lang = langFile(projectDir);
  if (version === undefined && !lang) return {};
  const out: Record<string, unknown> = { version: version ?? 8 };
  if (lang) {
    if (Object.keys(lang.messages).length > 0) out.messages = lang.messages;
    if (Object.keys(lang.attributes).length > 0) out.attributes = lang.attributes;
  }
  return { 'x-laravel': out };
}

/** The major version `laravel/framework` is required at (`^10.10` → 10, `8.*` → 8). */
function laravelVersion(projectDir: string): number | undefined {
  try {
    const composer = JSON.parse(readFileSync(path.join(projectDir, 'composer.json'), 'utf8')) as {
      require?: Record<string, string>;
    };
    const constraint = composer.require?.['laravel/framework'];
    // Each alternative's first number: `^8.75|^9.0` → 8, 9.
    const majors = (constraint ?? '')
      .split(/\s*\|\|?\s*/)
      .map((alt) => /(\d+)/.exec(alt)?.[1])
      .filter((m): m is string => m !== undefined)
      .map(Number);
    return majors.length > 0 ? Math.max(...majors) : undefined;
  } catch {
    return undefined;
  }
}

interface Lines {
  messages: Record<string, string>;
  attributes: Record<string, string>;
}

/** `lang/en/validation.php` (Laravel 9+) or `resources/lang/en/validation.php`, flattened. */
function langFile(projectDir: string): Lines | undefined {
  for (const rel of ['lang/en/validation.php', 'resources/lang/en/validation.php']) {
    const file = path.join(projectDir, rel);
    if (!existsSync(file)) continue;
    const value = analyseFile(readFileSync(file, 'utf8'), rel).returns;
    if (!isPhpArray(value)) return undefined;
    const flat: Record<string, string> = {};
    flatten(value, '', flat);
    const lines: Lines = { messages: {}, attributes: {} };
    for (const [key, line] of Object.entries(flat)) {
      if (key.startsWith('attributes.')) lines.attributes[key.slice('attributes.'.length)] = line;
      else lines.messages[key] = line;
    }
    return lines;
  }
  return undefined;
}

function flatten(value: PhpValue, prefix: string, out: Record<string, string>): void {
  if (!isPhpArray(value)) return;
  for (const item of value.items) {
    if (item.key === undefined || item.key === null) continue;
    const key = `${prefix}${String(item.key)}`;
    if (typeof item.value === 'string') out[key] = item.value;
    else flatten(item.value, `${key}.`, out);
  }
}
