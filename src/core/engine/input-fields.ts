/**
 * Input fields named the way PHP reads them (`a[b][0]=x`, `tags[]=y`), as Laravel's request
 * sees them: one reader for the query, form bodies and multipart parts. PHP's arrays are
 * ordered maps, and so are these, built on `Map`: a field named `__proto__` or `constructor`
 * is only a name, and `tags[10000000]` one entry, not ten million. PHP's own limits apply: more
 * than `max_input_vars` fields, or a name nested deeper than `max_input_nesting_level`, is
 * refused with PHP's message (PHP drops the rest with a warning; the mock says so instead).
 * @see https://www.php.net/manual/en/info.configuration.php#ini.max-input-vars
 * @see https://www.php.net/manual/en/info.configuration.php#ini.max-input-nesting-level
 */

/** PHP's default `max_input_vars`. */
export const MAX_INPUT_VARS = 1000;
/** PHP's default `max_input_nesting_level`. */
export const MAX_INPUT_NESTING = 64;

export type FieldsResult = { fields: Record<string, unknown> } | { error: string };

/** Lists made by repeating a plain name (not by `[]`), which a scalar field may fold back. */
export const repeated = new WeakSet<unknown[]>();

/**
 * A field's name as PHP splits it: `a[b][]` → `['a', 'b', '']`; a name that is not `base`
 * followed by brackets only (`a[b`, `[a]`) is one plain name.
 */
export function fieldPath(name: string): string[] {
  if (!name.includes('[')) return [name];
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match?.[2]) return [name];
  return [match[1]!, ...match[2].slice(1, -1).split('][')];
}

/** PHP's message when `count` fields or one name's `depth` pass its limits, else undefined. */
export function inputLimitError(count: number, depth = 0): string | undefined {
  if (count > MAX_INPUT_VARS) {
    return `Input variables exceeded ${MAX_INPUT_VARS}. To increase the limit change max_input_vars in php.ini.`;
  }
  if (depth > MAX_INPUT_NESTING) {
    return `Input variable nesting level exceeded ${MAX_INPUT_NESTING}. To increase the limit change max_input_nesting_level in php.ini.`;
  }
  return undefined;
}

/** Whether names read from a query pass PHP's limits; a query holds no more than its URL. */
export function checkInputNames(names: Iterable<string>): string | undefined {
  let count = 0;
  let depth = 0;
  for (const name of names) {
    count++;
    if (name.includes('[')) depth = Math.max(depth, fieldPath(name).length - 1);
  }
  return inputLimitError(count, depth);
}

/**
 * The fields of `pairs` (name, value), nested by their names. With `gather`, a plain name sent
 * more than once keeps all its values, as a list (OpenAPI's exploded form array); without it,
 * the last one, as PHP does.
 */
export function readFields(
  pairs: Iterable<readonly [string, unknown]>,
  gather = true,
): FieldsResult {
  const root = new PhpArray();
  let count = 0;
  for (const [name, value] of pairs) {
    const path = fieldPath(name);
    const error = inputLimitError(++count, path.length - 1);
    if (error) return { error };
    if (path.length === 1) root.put(name, value, gather);
    else root.assign(path, value);
  }
  return { fields: root.toObject() };
}

/** A value sent under the same plain name more than once. */
class Gathered {
  constructor(readonly values: unknown[]) {}
}

/** PHP's array: an ordered map whose `[]` appends after the highest integer key. */
class PhpArray {
  private readonly entries = new Map<string, unknown>();
  private next = 0;

  put(name: string, value: unknown, gather: boolean): void {
    const current = this.entries.get(name);
    if (!gather || current === undefined) this.set(name, value);
    else if (current instanceof Gathered) current.values.push(value);
    else this.set(name, new Gathered([current, value]));
  }

  assign(path: readonly string[], value: unknown): void {
    const parent = path.slice(0, -1).reduce<PhpArray>((node, segment) => node.child(segment), this);
    parent.set(parent.keyOf(path[path.length - 1]!), value);
  }

  /** The array under `segment`, made (over any scalar there) when there is none. */
  private child(segment: string): PhpArray {
    const key = this.keyOf(segment);
    const existing = this.entries.get(key);
    if (existing instanceof PhpArray) return existing;
    const made = new PhpArray();
    this.set(key, made);
    return made;
  }

  /** The JavaScript value: a list when every key is an integer index, else an object. */
  toValue(): unknown {
    const keys = [...this.entries.keys()];
    if (keys.length > 0 && keys.every(isIndex)) {
      // Sparse indices (`tags[10000000]`) keep their order, not their gaps.
      return keys
        .map((key) => [Number(key), this.entries.get(key)] as const)
        .sort((a, b) => a[0] - b[0])
        .map(([, value]) => toJs(value));
    }
    return this.toObject();
  }

  toObject(): Record<string, unknown> {
    const out = Object.create(null) as Record<string, unknown>;
    for (const [key, value] of this.entries) out[key] = toJs(value);
    return out;
  }

  private keyOf(segment: string): string {
    return segment === '' ? String(this.next) : segment;
  }

  private set(key: string, value: unknown): void {
    this.entries.set(key, value);
    if (isIndex(key)) this.next = Math.max(this.next, Number(key) + 1);
  }
}

function toJs(value: unknown): unknown {
  if (value instanceof PhpArray) return value.toValue();
  if (!(value instanceof Gathered)) return value;
  const list = value.values.map(toJs);
  repeated.add(list);
  return list;
}

/** A key PHP stores as an integer: decimal, no leading zero, within range. */
function isIndex(key: string): boolean {
  return /^(?:0|[1-9]\d{0,14})$/.test(key);
}
