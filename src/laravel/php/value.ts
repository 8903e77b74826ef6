/**
 * A PHP expression evaluated statically into plain data, as far as that is possible without
 * running PHP. The generator's PHP layer produces these; the rule, resource and route layers
 * read them. Anything that cannot be known statically is `{ kind: 'unknown' }` with its source.
 */
export type PhpValue =
  | string
  | number
  | boolean
  | null
  | PhpArray
  | PhpCall
  | PhpNew
  | PhpClassRef
  | PhpEnumCase
  | PhpUnknown;

/**
 * A PHP array: list items keep order; `key` is set for `'key' => value` entries. A key not known
 * where it is written (`Field::NAME`, `"items.{$code}"`) is its source text in `key`, and its
 * value in `lateKey` for the assembly to fold.
 */
export interface PhpArray {
  kind: 'array';
  items: { key?: string | number; value: PhpValue; lateKey?: PhpValue }[];
}

/**
 * A static or function call, or a method chain: `Rule::in(['a'])` is
 * `{ kind: 'call', callee: 'Illuminate\\Validation\\Rule::in', args: [...] }` (class names fully
 * resolved through `use` statements), `Password::min(8)->mixedCase()` is a call whose `chain`
 * lists the later calls.
 */
export interface PhpCall {
  kind: 'call';
  callee: string;
  args: PhpValue[];
  /** Named arguments (`foo(api: '...')`), PHP 8. */
  named?: Record<string, PhpValue>;
  chain?: { method: string; args: PhpValue[] }[];
}

/** `new Foo(...)`, with the fully qualified class name. */
export interface PhpNew {
  kind: 'new';
  className: string;
  args: PhpValue[];
  named?: Record<string, PhpValue>;
  chain?: { method: string; args: PhpValue[] }[];
}

/** `Foo::class`, fully qualified. */
export interface PhpClassRef {
  kind: 'class';
  name: string;
}

/** `Status::Active`: an enum case or class constant, with its value when it could be read. */
export interface PhpEnumCase {
  kind: 'const';
  className: string;
  name: string;
  value?: string | number;
}

export interface PhpUnknown {
  kind: 'unknown';
  /** Short source text, for messages. */
  source?: string;
  /**
   * What the value is made of, when that can be said without the rest of the project: the
   * global assembly folds it once config files, other classes and call arguments are known
   * (`resolve/value.ts`). Code that does not look at these fields sees an unknown value.
   */
  late?: LateValue;
}

/**
 * A value that depends on something outside the file or the function: parts of a string
 * concatenation, arrays merged or added, a parameter, a `$this->method()` call, a property
 * declared by a parent class, a request input.
 */
export type LateValue =
  | { kind: 'concat'; parts: PhpValue[] }
  /** `array_merge` order: later string keys win; `union`: `+`, earlier keys win. */
  | { kind: 'merge'; parts: PhpValue[]; union?: boolean }
  /** `(int) env('X', 2000)`: a scalar cast of a value known later. */
  | { kind: 'cast'; type: string; value: PhpValue }
  /** `test ? a : b`, or a variable an `if` leaves different in its branches. */
  | { kind: 'cond'; test: PhpValue; then: PhpValue; else: PhpValue }
  /** A comparison or logic operator (`$type === 'public'`, `! $required`). */
  | { kind: 'op'; op: string; args: PhpValue[] }
  /** The enclosing function's parameter. */
  | { kind: 'param'; name: string; position: number }
  /** `$this->method(...)`, `static::method(...)`: the method as the object's class has it. */
  | { kind: 'this-call'; method: string; args: PhpValue[] }
  /** `$this->name` where the file does not declare it (a parent or trait may). */
  | { kind: 'property'; name: string }
  /** `MAX_SIZE`: a global constant (`const MAX_SIZE = 10;`, `define('MAX_SIZE', 10)`). */
  | { kind: 'constant'; name: string }
  /** `Client::$columns`: a static property's default. */
  | { kind: 'static-property'; className: string; name: string }
  /** `$rules['latitude']`, `Location::requestRules([])['latitude']`: an item of a later value. */
  | { kind: 'offset'; value: PhpValue; key: PhpValue }
  /** A request input: one by name (`$request->input('email')`) or all of them (`$request->all()`). */
  | {
      kind: 'input';
      name?: string;
      /** The name is the enclosing function's parameter at this position (`get($field)`). */
      nameParam?: number;
      via: string;
      type?: InputType;
      keys?: string[];
    };

/** The JSON type a request accessor returns (`integer()` → integer). */
export type InputType = 'string' | 'integer' | 'number' | 'boolean' | 'array';

export function isPhpArray(value: PhpValue | undefined): value is PhpArray {
  return (
    typeof value === 'object' && value !== null && (value as { kind?: string }).kind === 'array'
  );
}

export function isPhpCall(value: PhpValue | undefined): value is PhpCall {
  return (
    typeof value === 'object' && value !== null && (value as { kind?: string }).kind === 'call'
  );
}

/** The value under `key` in a PHP array, if present. */
export function arrayGet(value: PhpValue | undefined, key: string | number): PhpValue | undefined {
  if (!isPhpArray(value)) return undefined;
  return value.items.find((item) => item.key === key)?.value;
}

/**
 * `$array[$key]` as PHP reads it: the last entry of that key (later keys win), or the item at
 * that position of a list (whose items carry no keys).
 */
export function itemAt(value: PhpValue | undefined, key: string | number): PhpValue | undefined {
  if (!isPhpArray(value)) return undefined;
  const keyed = [...value.items].reverse().find((item) => item.key === key);
  if (keyed) return keyed.value;
  return typeof key === 'number' && value.items.every((item) => item.key === undefined)
    ? value.items[key]?.value
    : undefined;
}

/** A PHP array's keyed entries as a record (later keys win, as in PHP). */
export function arrayRecord(value: PhpValue | undefined): Record<string, PhpValue> {
  const out: Record<string, PhpValue> = {};
  if (isPhpArray(value)) {
    for (const item of value.items) if (item.key !== undefined) out[String(item.key)] = item.value;
  }
  return out;
}

/** A PHP array's values in order (keys ignored). */
export function arrayValues(value: PhpValue | undefined): PhpValue[] {
  return isPhpArray(value) ? value.items.map((item) => item.value) : [];
}

/** A scalar list: a string (`'a|b'` stays one item) or an array of strings. */
export function stringList(value: PhpValue | undefined): string[] {
  if (typeof value === 'string') return [value];
  return arrayValues(value).filter((v): v is string => typeof v === 'string');
}
