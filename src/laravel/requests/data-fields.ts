import { lateOf } from '../php/late.js';
import type { PhpValue } from '../php/value.js';

/**
 * Rules validated against data built from the request, as rules on the request's own fields:
 * `Validator::make(['name' => $request->input('title'), 'author_id' => $user->id], $rules)`
 * validates the client's `title` with the rules of `name`, and `author_id`, which the server
 * sets, is no field of the request. Data that is the request's input (`$request->all()`, or a
 * value that cannot be read) leaves the rules as they are.
 */
export function rulesOnRequest(
  rules: Record<string, PhpValue>,
  data: PhpValue | undefined,
): Record<string, PhpValue> {
  const keys = dataKeys(data);
  if (!keys) return rules;
  const out: Record<string, PhpValue> = {};
  for (const [field, rule] of Object.entries(rules)) {
    const [top = '', ...rest] = field.split('.');
    const source = keys.get(top);
    if (source === undefined) continue;
    out[[source, ...rest].join('.')] = rule;
  }
  return out;
}

/**
 * The data's top-level keys → the request field each one holds (its own name for the
 * request's whole input); undefined when the data is the request's input, or unknown.
 */
function dataKeys(data: PhpValue | undefined): Map<string, string> | undefined {
  if (data === undefined || typeof data !== 'object' || data === null) return undefined;
  if (data.kind === 'array') {
    const keys = new Map<string, string>();
    for (const item of data.items) {
      if (typeof item.key !== 'string') continue;
      const late = lateOf(item.value);
      if (late?.kind === 'input' && late.name !== undefined) keys.set(item.key, late.name);
    }
    return keys;
  }
  const late = lateOf(data);
  if (late?.kind === 'merge') {
    // `array_merge($request->all(), ['user_id' => $id])`: the input, less what is overwritten.
    if (!late.parts.some((p) => lateOf(p)?.kind === 'input')) return undefined;
    return undefined;
  }
  return undefined;
}
