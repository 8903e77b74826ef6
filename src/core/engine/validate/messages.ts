import { attributeName } from './attribute.js';

/**
 * Laravel's English validation messages (`lang/en/validation.php`) for each JSON Schema keyword.
 * `:attribute` is the field's name; any other `:name` is that parameter of the ajv error
 * (`limit` for bounds, `multipleOf`).
 * @see https://github.com/laravel/laravel/blob/10.x/lang/en/validation.php
 */
export const KEYWORD_MESSAGES: Readonly<Record<string, string>> = {
  required: 'The :attribute field is required.',
  maxLength: 'The :attribute must not be greater than :limit characters.',
  minLength: 'The :attribute must be at least :limit characters.',
  maximum: 'The :attribute must not be greater than :limit.',
  minimum: 'The :attribute must be at least :limit.',
  exclusiveMaximum: 'The :attribute must be less than :limit.',
  exclusiveMinimum: 'The :attribute must be greater than :limit.',
  maxItems: 'The :attribute must not have more than :limit items.',
  minItems: 'The :attribute must have at least :limit items.',
  multipleOf: 'The :attribute must be a multiple of :multipleOf.',
  uniqueItems: 'The :attribute field has a duplicate value.',
  enum: 'The selected :attribute is invalid.',
  const: 'The selected :attribute is invalid.',
  pattern: 'The :attribute format is invalid.',
  // Keyed by the extra property itself, as Laravel's `prohibited` rule would be.
  additionalProperties: 'The :attribute field is prohibited.',
  unevaluatedProperties: 'The :attribute field is prohibited.',
};

/** `type` errors, by the expected JSON type; PHP has arrays where JSON has objects. */
export const TYPE_MESSAGES: Readonly<Record<string, string>> = {
  integer: 'The :attribute must be an integer.',
  string: 'The :attribute must be a string.',
  number: 'The :attribute must be a number.',
  boolean: 'The :attribute field must be true or false.',
  array: 'The :attribute must be an array.',
  object: 'The :attribute must be an array.',
};

/** `format` errors, by format; any other format gets `FORMAT_FALLBACK`. */
export const FORMAT_MESSAGES: Readonly<Record<string, string>> = {
  email: 'The :attribute must be a valid email address.',
  uri: 'The :attribute must be a valid URL.',
  url: 'The :attribute must be a valid URL.',
  'uri-reference': 'The :attribute must be a valid URL.',
  uuid: 'The :attribute must be a valid UUID.',
  date: 'The :attribute is not a valid date.',
  'date-time': 'The :attribute is not a valid date.',
};

export const FORMAT_FALLBACK = 'The :attribute format is invalid.';

/** Any other failure, and a oneOf/anyOf whose errors would not help. */
export const FALLBACK = 'The :attribute is invalid.';

/** The message for a failed keyword on the field `key`. */
export function messageFor(keyword: string, params: Record<string, unknown>, key: string): string {
  return render(templateFor(keyword, params), params, attributeName(key));
}

function templateFor(keyword: string, params: Record<string, unknown>): string {
  if (keyword === 'type') return TYPE_MESSAGES[expectedType(params.type)] ?? FALLBACK;
  if (keyword === 'format') return FORMAT_MESSAGES[String(params.format)] ?? FORMAT_FALLBACK;
  return KEYWORD_MESSAGES[keyword] ?? FALLBACK;
}

/** ajv reports `type: ['integer', 'null']` as given; the first non-null type names the rule. */
function expectedType(type: unknown): string {
  const types = Array.isArray(type) ? type.map(String) : String(type).split(',');
  return types.find((t) => t !== 'null') ?? 'null';
}

function render(template: string, params: Record<string, unknown>, attribute: string): string {
  return template.replace(/:(\w+)/g, (match, name: string) =>
    name === 'attribute' ? attribute : name in params ? String(params[name]) : match,
  );
}
