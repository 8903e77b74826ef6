import { merge } from './late.js';
import type { PhpValue } from './value.js';
import { lookupTable } from './lookup.js';

/**
 * Pure functions folded while evaluating, so that paths written the usual Laravel ways
 * (`base_path('routes/api.php')`, `__DIR__.'/../routes/api.php'`, `dirname(__DIR__)`) become
 * strings. Project-relative placeholders (`{{BASE}}`, `{{__DIR__}}`) are resolved later, when the
 * file's location is known: the per-file analysis depends on the file's content only.
 */
type Fold = (args: PhpValue[]) => PhpValue | undefined;

const underBase =
  (dir: string): Fold =>
  ([arg]) => {
    if (arg === undefined) return `{{BASE}}${dir}`;
    return typeof arg === 'string' ? `{{BASE}}${dir}/${arg.replace(/^\/+/, '')}` : undefined;
  };

const onString =
  (fn: (s: string) => string): Fold =>
  ([arg]) =>
    typeof arg === 'string' ? fn(arg) : undefined;

export const FOLDED_FUNCTIONS: Record<string, Fold> = lookupTable({
  base_path: underBase(''),
  app_path: underBase('/app'),
  config_path: underBase('/config'),
  database_path: underBase('/database'),
  resource_path: underBase('/resources'),
  storage_path: underBase('/storage'),
  public_path: underBase('/public'),
  dirname: onString((s) => `${s}/..`),
  strtolower: onString((s) => s.toLowerCase()),
  strtoupper: onString((s) => s.toUpperCase()),
  ucfirst: onString((s) => s.charAt(0).toUpperCase() + s.slice(1)),
  lcfirst: onString((s) => s.charAt(0).toLowerCase() + s.slice(1)),
  trim: onString((s) => s.trim()),
  array_merge: (parts) => merge(parts, 'array_merge'),
  array_merge_recursive: (parts) => merge(parts, 'array_merge_recursive'),
  sprintf: ([format, ...args]) => {
    if (typeof format !== 'string') return undefined;
    if (!args.every((a) => typeof a === 'string' || typeof a === 'number')) return undefined;
    return formatPrintf(format, args as (string | number)[]);
  },
  implode: ([glue, list]) => {
    if (typeof glue !== 'string' || typeof list !== 'object' || list?.kind !== 'array')
      return undefined;
    const parts = list.items.map((item) => item.value);
    if (!parts.every((p) => typeof p === 'string' || typeof p === 'number')) return undefined;
    return parts.join(glue);
  },
});

/**
 * PHP's `sprintf` for the conversions a rule or a path is built with (`%s`, `%d`, `%u`, `%%`,
 * numbered `%1$s`); undefined for any other.
 */
export function formatPrintf(
  format: string,
  args: readonly (string | number)[],
): string | undefined {
  let next = 0;
  let ok = true;
  const out = format.replace(
    /%(?:(\d+)\$)?([sdu%])/g,
    (_, position: string | undefined, type: string) => {
      if (type === '%') return '%';
      const value = args[position ? Number(position) - 1 : next++];
      if (value === undefined) ok = false;
      if (type === 's') return String(value);
      // A part known only at run time (`{$account->id}`) stays as written, not `NaN`.
      const number = Number(value);
      return Number.isNaN(number) && typeof value === 'string' && value.startsWith('{')
        ? value
        : String(Math.trunc(number));
    },
  );
  return ok && !/%(?!(?:\d+\$)?[sdu%])/.test(format.replace(/%%/g, '')) ? out : undefined;
}
