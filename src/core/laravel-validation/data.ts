/**
 * The request data as Laravel's validator reads it: dot keys (`address.city`, `tags.0`), the
 * keys a `*` stands for, and the global middleware that runs before validation.
 */

const MISSING = Symbol('missing');

function step(value: unknown, key: string): unknown {
  if (Array.isArray(value)) {
    return /^\d+$/.test(key) && Number(key) < value.length ? value[Number(key)] : MISSING;
  }
  if (typeof value === 'object' && value !== null && Object.hasOwn(value, key)) {
    return (value as Record<string, unknown>)[key];
  }
  return MISSING;
}

function walk(data: unknown, key: string): unknown {
  let current = data;
  for (const part of key.split('.')) {
    current = step(current, part);
    if (current === MISSING) return MISSING;
  }
  return current;
}

/** `Arr::get`: the value at a dot key, undefined when there is none. */
export function getValue(data: unknown, key: string): unknown {
  const value = walk(data, key);
  return value === MISSING ? undefined : value;
}

/** `Arr::has`: the key exists (its value may be null). */
export function hasValue(data: unknown, key: string): boolean {
  return walk(data, key) !== MISSING;
}

function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((_, i) => String(i));
  if (typeof value === 'object' && value !== null) return Object.keys(value);
  return [];
}

/**
 * The concrete keys a rule key stands for: `tags.*` → `tags.0`, `tags.1`, ... for the items
 * sent; a key without `*` stands for itself. A `*` over nothing stands for no key.
 * @see https://laravel.com/docs/validation#validating-arrays
 */
export function expandKey(data: unknown, key: string): string[] {
  const star = key.indexOf('*');
  if (star < 0) return [key];
  const parent = key.slice(0, Math.max(0, star - 1));
  const rest = key.slice(star + 1);
  const container = parent === '' ? data : getValue(data, parent);
  return keysOf(container).flatMap((k) =>
    expandKey(data, `${parent === '' ? '' : `${parent}.`}${k}${rest}`),
  );
}

/** `tags.0.name` → `tags.*.name` when that is how the rules name it. */
export function primaryKey(concrete: string, ruleKeys: readonly string[]): string {
  const parts = concrete.split('.');
  return (
    ruleKeys.find((rk) => {
      const ps = rk.split('.');
      return ps.length === parts.length && ps.every((p, i) => p === '*' || p === parts[i]);
    }) ?? concrete
  );
}

/** What Laravel's `TrimStrings` leaves untrimmed (top-level keys). */
const UNTRIMMED = new Set(['current_password', 'password', 'password_confirmation']);

/** PHP's `trim()`: these characters only, not Unicode spaces. */
function phpTrim(text: string): string {
  return text.replace(/^[ \t\n\r\0\v]+|[ \t\n\r\0\v]+$/g, '');
}

/**
 * The default HTTP kernel's `TrimStrings` then `ConvertEmptyStringsToNull`: strings trimmed
 * (passwords excepted), empty strings null, at any depth.
 * @see https://laravel.com/docs/requests#input-trimming-and-normalization
 */
export function normaliseInput(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    const trimmed = UNTRIMMED.has(key) ? value : phpTrim(value);
    return trimmed === '' ? null : trimmed;
  }
  if (Array.isArray(value)) return value.map((v, i) => normaliseInput(v, `${key}.${i}`));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = normaliseInput(v, key === '' ? k : `${key}.${k}`);
    }
    return out;
  }
  return value;
}
