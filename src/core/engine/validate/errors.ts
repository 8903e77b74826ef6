import type { ErrorObject } from 'ajv';
import { fieldKey, pointerSegments } from './attribute.js';
import { isChoiceKeyword } from './choice.js';
import { messageFor } from './messages.js';
import type { FieldMessage, ValidationErrors } from './types.js';

/**
 * ajv errors → Laravel's `errors` object. ajv reports everything it finds (`allErrors`);
 * Laravel stops at what a user can act on, so the rules below prune ajv's list.
 */

/** Keywords whose errors only summarise others already in the list. */
const SUMMARIES = new Set(['if']);

/** Where a failed keyword puts its message: `required` and extra properties name a child. */
const CHILD_PARAM: Readonly<Record<string, string>> = {
  required: 'missingProperty',
  additionalProperties: 'additionalProperty',
  unevaluatedProperties: 'unevaluatedProperty',
};

/** Flattens ajv errors into messages; `base` is the path of the value that was validated. */
export function fieldMessages(
  errors: readonly ErrorObject[],
  base: readonly string[],
  out: FieldMessage[] = [],
): FieldMessage[] {
  for (const error of errors) {
    if (SUMMARIES.has(error.keyword)) continue;
    const params = error.params as Record<string, unknown>;
    const path = [...base, ...pointerSegments(error.instancePath)];
    // A failed oneOf/anyOf carries the errors of its closest branch (see choice.ts).
    if (isChoiceKeyword(error.keyword) && Array.isArray(params.errors)) {
      fieldMessages(params.errors as ErrorObject[], path, out);
      continue;
    }
    const child = CHILD_PARAM[error.keyword];
    if (child !== undefined) path.push(String(params[child]));
    out.push({
      path,
      keyword: error.keyword,
      message: messageFor(error.keyword, params, fieldKey(path)),
    });
  }
  return out;
}

/**
 * Groups messages by field key, in the order found: a field that is missing gets only its
 * `required` message, nothing is reported under a field of the wrong type (its children were
 * never there), and a message is listed once.
 */
export function groupMessages(messages: readonly FieldMessage[]): ValidationErrors {
  const wrongType = new Set<string>();
  const missing = new Set<string>();
  for (const m of messages) {
    if (m.keyword === 'type') wrongType.add(fieldKey(m.path));
    else if (m.keyword === 'required') missing.add(fieldKey(m.path));
  }
  const out = emptyErrors();
  for (const m of messages) {
    const key = fieldKey(m.path);
    if (missing.has(key) && m.keyword !== 'required') continue;
    if (wrongType.size > 0 && underWrongType(m.path, wrongType)) continue;
    addMessage(out, key, m.message);
  }
  return out;
}

function underWrongType(path: readonly string[], wrongType: ReadonlySet<string>): boolean {
  for (let i = 0; i < path.length; i++) {
    if (wrongType.has(fieldKey(path.slice(0, i)))) return true;
  }
  return false;
}

/** Adds `source`'s messages to `target`, keeping first-seen key order and no duplicates. */
export function mergeErrors(target: ValidationErrors, source: ValidationErrors): ValidationErrors {
  for (const [key, messages] of Object.entries(source)) {
    for (const message of messages) addMessage(target, key, message);
  }
  return target;
}

/** Null-prototype, so a field called `__proto__` is just a key. */
export function emptyErrors(): ValidationErrors {
  return Object.create(null) as ValidationErrors;
}

function addMessage(out: ValidationErrors, key: string, message: string): void {
  const list = out[key];
  if (list === undefined) out[key] = [message];
  else if (!list.includes(message)) list.push(message);
}

/** `{ field: ['The field field is required.'] }` for each path, in order. */
export function requiredErrors(paths: readonly (readonly string[])[]): ValidationErrors {
  const out = emptyErrors();
  for (const path of paths) {
    const key = fieldKey(path);
    addMessage(out, key, messageFor('required', {}, key));
  }
  return out;
}
