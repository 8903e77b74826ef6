import type { FieldState, Handler, Kind, Presence, RuleSpec } from '../rule.js';

/**
 * Presence rules. `required`, `present`, `accepted` and `declined` fail on a missing field, so
 * the field is required; conditional ones (`required_if`, `sometimes`, ...) are not, and need
 * no schema. `required` also fails on null, so it overrides `nullable`.
 * @see https://laravel.com/docs/validation#rule-required
 */

const presence =
  (kind: Presence, rejectsNull: boolean): Handler =>
  (_rule, field) => {
    field.presence ??= kind;
    if (rejectsNull) field.rejectsNull = true;
  };

const ANSWERS = {
  accepted: ['yes', 'on', 1, '1', true, 'true'],
  declined: ['no', 'off', 0, '0', false, 'false'],
};

/** JSON types of the answers, by kind: a `string|accepted` field takes only the strings. */
const ANSWER_TYPES: Partial<Record<Kind, string>> = {
  string: 'string',
  integer: 'number',
  number: 'number',
  boolean: 'boolean',
};

/** `accepted`: yes, on, 1, '1', true or 'true'; `declined`: no, off, 0, '0', false or 'false'. */
const answer =
  (kind: 'accepted' | 'declined'): Handler =>
  (rule, field) => {
    presence(kind, true)(rule, field, {});
    const type = field.kind === undefined ? undefined : ANSWER_TYPES[field.kind];
    field.value.enum = ANSWERS[kind].filter((v) => type === undefined || typeof v === type);
  };

/** `confirmed`, or Laravel 11's `confirmed:repeat_password`: a sibling with the same value. */
function confirmed(rule: { args: string[] }, field: FieldState): void {
  field.confirmation = rule.args[0] || `${field.field}_confirmation`;
}

/** Understood, and nothing for the schema. */
const understood: RuleSpec = {};

// prettier-ignore
const CONDITIONAL = [
  'required_if', 'required_unless', 'required_with', 'required_with_all', 'required_without',
  'required_without_all', 'required_if_accepted', 'required_if_declined', 'present_if',
  'present_unless', 'present_with', 'present_with_all', 'accepted_if', 'declined_if',
  'prohibited', 'prohibited_if', 'prohibited_unless', 'prohibited_if_accepted',
  'prohibited_if_declined', 'prohibits', 'exclude', 'exclude_if', 'exclude_unless',
  'exclude_with', 'exclude_without', 'missing', 'missing_if', 'missing_unless', 'missing_with',
  'missing_with_all', 'bail', 'same', 'different', 'can',
];

export const PRESENCE_RULES: Record<string, RuleSpec> = {
  required: { apply: presence('required', true) },
  present: { apply: presence('present', false) },
  accepted: { apply: answer('accepted') },
  declined: { apply: answer('declined') },
  filled: { apply: (_rule, field) => void (field.rejectsNull = true) },
  nullable: { apply: (_rule, field) => void (field.nullable = true) },
  sometimes: { apply: (_rule, field) => void (field.optional = true) },
  confirmed: { apply: confirmed },
  ...Object.fromEntries(CONDITIONAL.map((name) => [name, understood])),
};
