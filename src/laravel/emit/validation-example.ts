import {
  FORMAT_MESSAGES,
  KEYWORD_MESSAGES,
  TYPE_MESSAGES,
} from '../../core/engine/validate/messages.js';
import type { SchemaObject } from '../../core/types.js';
import type { Presence, RuleTree, WrittenField } from '../model/inputs.js';
import { strIs } from '../../core/str-is.js';
import { fieldSchema } from './input-schema.js';

/**
 * A 422 body as Laravel writes it for an empty request: every required field with its
 * message. With none required, the first few fields with the message a bad value would get.
 * Messages are Laravel's English ones (`lang/en/validation.php`), worded as the mock words them.
 * @see https://laravel.com/docs/validation#validation-error-response-format
 */

const EXAMPLE_FIELDS = 3;

const PRESENCE_MESSAGES: Readonly<Record<Presence, string>> = {
  required: KEYWORD_MESSAGES.required!,
  present: 'The :attribute field must be present.',
  accepted: 'The :attribute must be accepted.',
  declined: 'The :attribute must be declined.',
};

/** What the mock answers for a format, and for files (`binary`), Laravel's `file` message. */
const FORMATS: Readonly<Record<string, string>> = {
  ...FORMAT_MESSAGES,
  binary: 'The :attribute must be a file.',
};

export interface ValidationErrorBody {
  message: string;
  errors: Record<string, string[]>;
}

/** A FormRequest's own wording: `attributes()` (field → name) and `messages()` (`field.rule` → text). */
export interface Wording {
  attributes?: Readonly<Record<string, string>>;
  messages?: Readonly<Record<string, string>>;
}

export function validationErrorExample(tree: RuleTree, wording: Wording = {}): ValidationErrorBody {
  const fields = tree.written.filter((f) => !f.synthetic && !f.key.split('.').includes('*'));
  const errors: Record<string, string[]> = {};
  for (const { key, presence, optional } of fields) {
    if (presence === undefined || optional) continue;
    errors[key] = [
      message({ rule: presence, template: PRESENCE_MESSAGES[presence] }, key, wording),
    ];
  }
  if (Object.keys(errors).length === 0) {
    for (const field of fields.filter(hasValueMessage).slice(0, EXAMPLE_FIELDS)) {
      errors[field.key] = [message(valueMessage(fieldSchema(field.field))!, field.key, wording)];
    }
  }
  return { message: 'The given data was invalid.', errors };
}

function hasValueMessage(field: WrittenField): boolean {
  return valueMessage(fieldSchema(field.field)) !== undefined;
}

/** A failed rule: its name (for `messages()`) and Laravel's message. */
interface Failure {
  rule: string;
  template: string;
}

const FORMAT_RULES: Readonly<Record<string, string>> = {
  binary: 'file',
  email: 'email',
  uri: 'url',
  url: 'url',
  'uri-reference': 'url',
  uuid: 'uuid',
  date: 'date',
  'date-time': 'date',
};

const TYPE_RULES: Readonly<Record<string, string>> = {
  integer: 'integer',
  string: 'string',
  number: 'numeric',
  boolean: 'boolean',
  array: 'array',
  object: 'array',
};

/** The rule a wrong value most likely fails, by the keyword that would catch it. */
function valueMessage(schema: SchemaObject): Failure | undefined {
  const format = typeof schema.format === 'string' ? schema.format : undefined;
  if (format !== undefined && FORMATS[format] !== undefined)
    return { rule: FORMAT_RULES[format] ?? format, template: FORMATS[format] };
  if (Array.isArray(schema.enum)) return { rule: 'in', template: KEYWORD_MESSAGES.enum! };
  if (schema.pattern !== undefined) return { rule: 'regex', template: KEYWORD_MESSAGES.pattern! };
  if (schema.maxLength !== undefined)
    return { rule: 'max', template: limit(KEYWORD_MESSAGES.maxLength!, schema.maxLength) };
  if (schema.maximum !== undefined && schema.exclusiveMaximum !== true)
    return { rule: 'max', template: limit(KEYWORD_MESSAGES.maximum!, schema.maximum) };
  const type = typeof schema.type === 'string' ? schema.type : undefined;
  if (type === undefined || TYPE_MESSAGES[type] === undefined) return undefined;
  return { rule: TYPE_RULES[type]!, template: TYPE_MESSAGES[type] };
}

function limit(template: string, value: number): string {
  return template.replace(':limit', String(value));
}

/**
 * The message Laravel gives: the FormRequest's own for `field.rule` (exactly, then as a `*`
 * pattern), or for the rule alone, else Laravel's; `:attribute` is the field's name from
 * `attributes()`, else the key with `_` as spaces (dots kept).
 * @see https://laravel.com/docs/validation#customizing-the-error-messages
 */
function message({ rule, template }: Failure, key: string, wording: Wording): string {
  const custom = wording.messages ?? {};
  const own =
    custom[`${key}.${rule}`] ??
    Object.entries(custom).find(
      ([pattern]) => pattern.includes('*') && strIs(pattern, `${key}.${rule}`),
    )?.[1] ??
    custom[rule];
  const name = wording.attributes?.[key] ?? key.replace(/_/g, ' ');
  return (own ?? template)
    .replaceAll(':attribute', name)
    .replaceAll(':Attribute', name.charAt(0).toUpperCase() + name.slice(1))
    .replaceAll(':ATTRIBUTE', name.toUpperCase());
}
