import { lateOf } from '../php/late.js';
import type { LateValue, PhpValue } from '../php/value.js';

/** Where a validated field's value comes from. */
type Source =
  /** The request's field of this name (the same, or renamed). */
  | { field: string }
  /** Set by the server (`auth()->id()`, a constant): no field of the request. */
  | { server: true };

/**
 * Rules validated against data built from the request, as rules on the request's own fields:
 * - `Validator::make(['name' => $request->input('title'), 'author_id' => $user->id], $rules)`
 *   validates the client's `title` with the rules of `name`, and `author_id`, which the server
 *   sets, is no field of the request;
 * - `array_merge($request->all(), ['user_id' => $id])` (a FormRequest's `validationData()`, a
 *   `prepareForValidation()` `merge()`) keeps the request's fields, less what the server sets;
 * - `$request->input('data')` (a `validationData()` that unwraps an envelope) puts every field
 *   under `data`.
 * Data that is the request's whole input, or that cannot be read, leaves the rules as they are.
 */
export function rulesOnRequest(
  rules: Record<string, PhpValue>,
  data: PhpValue | undefined,
): Record<string, PhpValue> {
  const envelope = envelopeOf(data);
  if (envelope !== undefined) return prefixed(rules, envelope);
  const sourceOf = sources(data);
  if (!sourceOf) return rules;
  const out: Record<string, PhpValue> = {};
  for (const [field, rule] of Object.entries(rules)) {
    const [top = '', ...rest] = field.split('.');
    const source = sourceOf(top);
    if (source && 'field' in source) out[[source.field, ...rest].join('.')] = rule;
  }
  return out;
}

/** `$request->input('data')`: the one input the data is, whose fields are validated. */
function envelopeOf(data: PhpValue | undefined): string | undefined {
  const late = lateOf(data ?? null);
  return late?.kind === 'input' && late.name !== undefined && late.via !== 'header'
    ? late.name
    : undefined;
}

function prefixed(rules: Record<string, PhpValue>, envelope: string): Record<string, PhpValue> {
  return Object.fromEntries(Object.entries(rules).map(([f, r]) => [`${envelope}.${f}`, r]));
}

/**
 * Each top-level key's source, or undefined when the data is the request's whole input (or
 * cannot be read): every validated field is then the request's own.
 */
function sources(data: PhpValue | undefined): ((key: string) => Source | undefined) | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  if (data.kind === 'array') return (key) => entrySource(data, key);
  const late = lateOf(data);
  if (late?.kind !== 'merge') return undefined;
  const flat = flatten(late);
  return flat.parts.some(isWholeInput) ? mergedSource(flat) : undefined;
}

/** `array_merge(array_merge($all, [...]), [...])`, as `$input['x'] = ...` lines build it. */
function flatten(
  late: Extract<LateValue, { kind: 'merge' }>,
): Extract<LateValue, { kind: 'merge' }> {
  const parts = late.parts.flatMap((part) => {
    const inner = lateOf(part);
    return inner?.kind === 'merge' && inner.union === late.union ? flatten(inner).parts : [part];
  });
  return { ...late, parts };
}

/** Later parts win (`array_merge`), earlier ones for `+`; the whole input holds every key. */
function mergedSource(late: Extract<LateValue, { kind: 'merge' }>) {
  const parts = late.union ? [...late.parts].reverse() : late.parts;
  return (key: string): Source | undefined => {
    let found: Source | undefined;
    for (const part of parts) {
      if (isWholeInput(part)) found = { field: key };
      else if (typeof part === 'object' && part?.kind === 'array')
        found = entrySource(part, key) ?? found;
    }
    return found;
  };
}

function entrySource(array: Extract<PhpValue, { kind: 'array' }>, key: string): Source | undefined {
  const item = [...array.items].reverse().find((i) => i.key === key);
  if (!item) return undefined;
  const late = lateOf(item.value);
  if (late?.kind === 'input' && late.name !== undefined) return { field: late.name };
  // `$input['ids'] = $this->transformKeys($input['ids'])` reworks the client's own field.
  return isServerValue(item.value) ? { server: true } : { field: key };
}

/** Values the server supplies: literals, config, the signed-in user, ids of loaded models. */
const SERVER_SOURCE =
  /\bauth\(|\buser\(|->id\b|\bconfig\(|\bnow\(|::|\$this->(?:route|company|user)\b/;

/**
 * Whether every part of a value is the server's: a literal, config, the signed-in user, a loaded
 * model's id. A value made from anything else (a request input, `$input['ids']` reworked by
 * `transformKeys()`, a parameter) is taken for the client's own field.
 */
function isServerValue(value: PhpValue, depth = 0): boolean {
  if (depth > 6 || typeof value !== 'object' || value === null) return true;
  const all = (parts: PhpValue[]) => parts.every((p) => isServerValue(p, depth + 1));
  if (value.kind === 'call' || value.kind === 'new')
    return all([...value.args, ...Object.values(value.named ?? {})]);
  if (value.kind === 'array') return all(value.items.map((i) => i.value));
  if (value.kind !== 'unknown') return true;
  const late = lateOf(value);
  if (!late) return value.source === undefined || SERVER_SOURCE.test(value.source);
  switch (late.kind) {
    case 'input':
    case 'param':
      return false;
    case 'concat':
    case 'merge':
      return all(late.parts);
    case 'cast':
    case 'offset':
      return all([late.value]);
    // Set under a run-time test (`if (!isset($input['x'])) $input['x'] = 'all';`): the client's
    // value when the other branch keeps it.
    case 'cond':
      return all([late.then, late.else]);
    case 'op':
    case 'this-call':
      return all(late.args);
    default:
      return true;
  }
}

function isWholeInput(value: PhpValue): boolean {
  const late = lateOf(value);
  return late?.kind === 'input' && late.name === undefined && late.via !== 'request' && !late.keys;
}
