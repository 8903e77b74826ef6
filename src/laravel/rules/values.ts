import type { PhpValue } from '../php/value.js';
import { isPhpArray } from '../php/value.js';
import type { RuleContext } from './rule.js';

/** Reading the PHP values that rule objects take as arguments. */

export type Scalar = string | number | boolean | null;

/** The short name of a class: `Illuminate\Validation\Rule` → `Rule`. */
export function shortName(className: string): string {
  const at = className.lastIndexOf('\\');
  return at < 0 ? className : className.slice(at + 1);
}

/** A class name without PHP's optional leading backslash. */
export function className(name: string): string {
  return name.startsWith('\\') ? name.slice(1) : name;
}

/** A scalar PHP value, an enum case with a known value, or undefined. */
export function scalarOf(value: PhpValue | undefined): Scalar | undefined {
  if (value === null || typeof value !== 'object') return value;
  if (value.kind === 'const' && value.value !== undefined) return value.value;
  return undefined;
}

/**
 * A value as a string rule argument, the way PHP casts it (`true` → `'1'`, `false` → `''`);
 * a class reference is its name. Undefined when it cannot be known.
 */
export function stringArg(value: PhpValue | undefined): string | undefined {
  if (typeof value === 'object' && value !== null && value.kind === 'class') {
    return className(value.name);
  }
  const scalar = scalarOf(value);
  if (scalar === undefined) return undefined;
  if (typeof scalar === 'boolean') return scalar ? '1' : '';
  return scalar === null ? '' : String(scalar);
}

/** The class a `X::class` or `'App\Enums\X'` argument names. */
export function classArg(value: PhpValue | undefined): string | undefined {
  if (typeof value === 'string') return className(value);
  if (typeof value === 'object' && value !== null && value.kind === 'class') {
    return className(value.name);
  }
  return undefined;
}

/** The items of a PHP array, or the arguments themselves for variadic calls (`Rule::in('a', 'b')`). */
export function listItems(args: readonly PhpValue[]): PhpValue[] {
  const first = args[0];
  if (args.length === 1 && isPhpArray(first)) return first.items.map((item) => item.value);
  return [...args];
}

/**
 * The scalar values of a list: literals, enum cases with their values, `X::cases()` and
 * `array_column(X::cases(), 'value')` through the enum resolver. Undefined when any is unknown.
 */
export function scalarValues(
  args: readonly PhpValue[],
  context: RuleContext,
): Scalar[] | undefined {
  const fromEnum = enumCasesOf(args[0], context);
  if (args.length === 1 && fromEnum !== undefined) return fromEnum;
  const out: Scalar[] = [];
  for (const item of listItems(args)) {
    const scalar = scalarOf(item);
    if (scalar === undefined) return undefined;
    out.push(scalar);
  }
  return out;
}

/** Values of `X::cases()` or `array_column(X::cases(), 'value')`. */
function enumCasesOf(value: PhpValue | undefined, context: RuleContext): Scalar[] | undefined {
  if (typeof value !== 'object' || value === null || value.kind !== 'call') return undefined;
  if (value.callee === 'array_column' && value.args[1] === 'value') {
    return enumCasesOf(value.args[0], context);
  }
  if (!value.callee.endsWith('::cases') || value.chain?.length) return undefined;
  return context.resolveEnum?.(className(value.callee.slice(0, -'::cases'.length)));
}

/** `['min_width' => 100]` → `['min_width=100']`; list items as they are. */
export function keyValueArgs(value: PhpValue | undefined): string[] {
  if (!isPhpArray(value)) return [];
  return value.items.flatMap(({ key, value: item }) => {
    const text = stringArg(item);
    if (text === undefined) return [];
    return key === undefined || typeof key === 'number' ? [text] : [`${key}=${text}`];
  });
}
