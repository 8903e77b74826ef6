import type { SchemaObject } from '../../core/types.js';
import type { PhpValue } from '../php/value.js';
import type { Presence, RuleContext } from './rule.js';
import type { BuiltField } from './tree.js';
import { buildSchema } from './tree.js';

/**
 * A 422 body as Laravel writes it for an empty request: every required field with its
 * message. With none required, the first few fields with the message a bad value would get.
 * Messages are Laravel's English ones (`lang/en/validation.php`), worded as the mock words them.
 * @see https://laravel.com/docs/validation#validation-error-response-format
 */

const EXAMPLE_FIELDS = 3;

const PRESENCE_MESSAGES: Readonly<Record<Presence, string>> = {
  required: 'The :attribute field is required.',
  present: 'The :attribute field must be present.',
  accepted: 'The :attribute must be accepted.',
  declined: 'The :attribute must be declined.',
};

const FORMAT_MESSAGES: Readonly<Record<string, string>> = {
  binary: 'The :attribute must be a file.',
  email: 'The :attribute must be a valid email address.',
  uri: 'The :attribute must be a valid URL.',
  uuid: 'The :attribute must be a valid UUID.',
  date: 'The :attribute is not a valid date.',
  'date-time': 'The :attribute is not a valid date.',
};

const TYPE_MESSAGES: Readonly<Record<string, string>> = {
  integer: 'The :attribute must be an integer.',
  string: 'The :attribute must be a string.',
  number: 'The :attribute must be a number.',
  boolean: 'The :attribute field must be true or false.',
  array: 'The :attribute must be an array.',
  object: 'The :attribute must be an array.',
};

export interface ValidationErrorBody {
  message: string;
  errors: Record<string, string[]>;
}

export function validationErrorExample(
  rules: Record<string, PhpValue>,
  context: RuleContext = {},
): ValidationErrorBody {
  const fields = buildSchema(rules, context).fields.filter(
    (f) => !f.synthetic && !f.key.split('.').includes('*'),
  );
  const errors: Record<string, string[]> = {};
  for (const { key, state } of fields) {
    if (state.presence === undefined || state.optional) continue;
    errors[key] = [render(PRESENCE_MESSAGES[state.presence], key)];
  }
  if (Object.keys(errors).length === 0) {
    for (const field of fields.filter(hasValueMessage).slice(0, EXAMPLE_FIELDS)) {
      errors[field.key] = [render(valueMessage(field.schema) ?? '', field.key)];
    }
  }
  return { message: 'The given data was invalid.', errors };
}

function hasValueMessage(field: BuiltField): boolean {
  return valueMessage(field.schema) !== undefined;
}

/** The message for a wrong value, by the keyword most likely to catch it. */
function valueMessage(schema: SchemaObject): string | undefined {
  const format = typeof schema.format === 'string' ? FORMAT_MESSAGES[schema.format] : undefined;
  if (format !== undefined) return format;
  if (Array.isArray(schema.enum)) return 'The selected :attribute is invalid.';
  if (schema.pattern !== undefined) return 'The :attribute format is invalid.';
  if (schema.maxLength !== undefined) {
    return `The :attribute must not be greater than ${schema.maxLength} characters.`;
  }
  if (schema.maximum !== undefined && schema.exclusiveMaximum !== true) {
    return `The :attribute must not be greater than ${schema.maximum}.`;
  }
  return typeof schema.type === 'string' ? TYPE_MESSAGES[schema.type] : undefined;
}

/** Laravel's default attribute name: the key with `_` as spaces, dots kept. */
function render(template: string, key: string): string {
  return template.replace(':attribute', key.replace(/_/g, ' '));
}
