import { FOLDED_FUNCTIONS } from '../php/functions.js';
import { isPhpArray, type PhpValue } from '../php/value.js';
import { lookupTable } from '../php/lookup.js';

export interface FoldContext {
  config: (key: string) => PhpValue | undefined;
  resolve: (value: PhpValue) => PhpValue;
}

type Fold = (args: PhpValue[], ctx: FoldContext) => PhpValue | undefined;

/**
 * Functions folded once the project is known (their arguments already resolved): Laravel's
 * `config()` and `env()` (the default: the generator reads no `.env` for rules), PHP's array
 * and string functions that rules and route paths are built with.
 */
export const RESOLVED_FUNCTIONS: Record<string, Fold> = lookupTable({
  ...Object.fromEntries(
    Object.entries(FOLDED_FUNCTIONS).map(([name, fold]) => [
      name,
      (args: PhpValue[]) => fold(args),
    ]),
  ),
  config: ([key, fallback], ctx) => {
    if (typeof key !== 'string') return undefined;
    const found = ctx.config(key);
    return found === undefined ? (fallback ?? undefined) : ctx.resolve(found);
  },
  env: ([, fallback]) => fallback ?? null,
  array_keys: ([array]) =>
    isPhpArray(array)
      ? { kind: 'array', items: array.items.map((item, i) => ({ value: item.key ?? i })) }
      : undefined,
  array_values: ([array]) =>
    isPhpArray(array)
      ? { kind: 'array', items: array.items.map((item) => ({ value: item.value })) }
      : undefined,
  array_unique: ([array]) => {
    if (!isPhpArray(array)) return undefined;
    const seen = new Set<string>();
    return {
      kind: 'array',
      items: array.items.filter((item) => {
        const key = JSON.stringify(item.value);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      }),
    };
  },
});
