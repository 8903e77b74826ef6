/**
 * Laravel's default English lines (`lang/en/validation.php`) for the rules the mock checks:
 * Laravel 8 and 9 wording, and Laravel 10's, which says "field" throughout ("The age field
 * must be an integer."). An application's own lines (in the document) come first.
 * @see https://github.com/laravel/laravel/blob/8.x/resources/lang/en/validation.php
 * @see https://github.com/laravel/laravel/blob/10.x/lang/en/validation.php
 */

const SIZED = (numeric: string, string: string, array: string, file: string) => ({
  numeric,
  string,
  array,
  file,
});

const LARAVEL_8 = flatten({
  accepted: 'The :attribute must be accepted.',
  accepted_if: 'The :attribute must be accepted when :other is :value.',
  active_url: 'The :attribute is not a valid URL.',
  after: 'The :attribute must be a date after :date.',
  after_or_equal: 'The :attribute must be a date after or equal to :date.',
  alpha: 'The :attribute must only contain letters.',
  alpha_dash: 'The :attribute must only contain letters, numbers, dashes and underscores.',
  alpha_num: 'The :attribute must only contain letters and numbers.',
  array: 'The :attribute must be an array.',
  before: 'The :attribute must be a date before :date.',
  before_or_equal: 'The :attribute must be a date before or equal to :date.',
  between: SIZED(
    'The :attribute must be between :min and :max.',
    'The :attribute must be between :min and :max characters.',
    'The :attribute must have between :min and :max items.',
    'The :attribute must be between :min and :max kilobytes.',
  ),
  boolean: 'The :attribute field must be true or false.',
  confirmed: 'The :attribute confirmation does not match.',
  date: 'The :attribute is not a valid date.',
  date_equals: 'The :attribute must be a date equal to :date.',
  date_format: 'The :attribute does not match the format :format.',
  declined: 'The :attribute must be declined.',
  declined_if: 'The :attribute must be declined when :other is :value.',
  different: 'The :attribute and :other must be different.',
  digits: 'The :attribute must be :digits digits.',
  digits_between: 'The :attribute must be between :min and :max digits.',
  distinct: 'The :attribute field has a duplicate value.',
  email: 'The :attribute must be a valid email address.',
  ends_with: 'The :attribute must end with one of the following: :values.',
  exists: 'The selected :attribute is invalid.',
  filled: 'The :attribute field must have a value.',
  gt: SIZED(
    'The :attribute must be greater than :value.',
    'The :attribute must be greater than :value characters.',
    'The :attribute must have more than :value items.',
    'The :attribute must be greater than :value kilobytes.',
  ),
  gte: SIZED(
    'The :attribute must be greater than or equal to :value.',
    'The :attribute must be greater than or equal to :value characters.',
    'The :attribute must have :value items or more.',
    'The :attribute must be greater than or equal to :value kilobytes.',
  ),
  in: 'The selected :attribute is invalid.',
  integer: 'The :attribute must be an integer.',
  ip: 'The :attribute must be a valid IP address.',
  ipv4: 'The :attribute must be a valid IPv4 address.',
  ipv6: 'The :attribute must be a valid IPv6 address.',
  json: 'The :attribute must be a valid JSON string.',
  lt: SIZED(
    'The :attribute must be less than :value.',
    'The :attribute must be less than :value characters.',
    'The :attribute must have less than :value items.',
    'The :attribute must be less than :value kilobytes.',
  ),
  lte: SIZED(
    'The :attribute must be less than or equal to :value.',
    'The :attribute must be less than or equal to :value characters.',
    'The :attribute must not have more than :value items.',
    'The :attribute must be less than or equal to :value kilobytes.',
  ),
  max: SIZED(
    'The :attribute must not be greater than :max.',
    'The :attribute must not be greater than :max characters.',
    'The :attribute must not have more than :max items.',
    'The :attribute must not be greater than :max kilobytes.',
  ),
  min: SIZED(
    'The :attribute must be at least :min.',
    'The :attribute must be at least :min characters.',
    'The :attribute must have at least :min items.',
    'The :attribute must be at least :min kilobytes.',
  ),
  multiple_of: 'The :attribute must be a multiple of :value.',
  not_in: 'The selected :attribute is invalid.',
  not_regex: 'The :attribute format is invalid.',
  numeric: 'The :attribute must be a number.',
  present: 'The :attribute field must be present.',
  prohibited: 'The :attribute field is prohibited.',
  prohibited_if: 'The :attribute field is prohibited when :other is :value.',
  prohibited_unless: 'The :attribute field is prohibited unless :other is in :values.',
  regex: 'The :attribute format is invalid.',
  required: 'The :attribute field is required.',
  required_if: 'The :attribute field is required when :other is :value.',
  required_unless: 'The :attribute field is required unless :other is in :values.',
  required_with: 'The :attribute field is required when :values is present.',
  required_with_all: 'The :attribute field is required when :values are present.',
  required_without: 'The :attribute field is required when :values is not present.',
  required_without_all: 'The :attribute field is required when none of :values are present.',
  same: 'The :attribute and :other must match.',
  size: SIZED(
    'The :attribute must be :size.',
    'The :attribute must be :size characters.',
    'The :attribute must contain :size items.',
    'The :attribute must be :size kilobytes.',
  ),
  starts_with: 'The :attribute must start with one of the following: :values.',
  string: 'The :attribute must be a string.',
  unique: 'The :attribute has already been taken.',
  url: 'The :attribute must be a valid URL.',
  uuid: 'The :attribute must be a valid UUID.',
});

/** Laravel 10's rewording: "The :attribute must" became "The :attribute field must", and more. */
const LARAVEL_10_SPECIAL: Record<string, string> = {
  alpha_dash: 'The :attribute field must only contain letters, numbers, dashes, and underscores.',
  confirmed: 'The :attribute field confirmation does not match.',
  date: 'The :attribute field must be a valid date.',
  date_format: 'The :attribute field must match the format :format.',
  different: 'The :attribute field and :other must be different.',
  not_regex: 'The :attribute field format is invalid.',
  regex: 'The :attribute field format is invalid.',
  same: 'The :attribute field must match :other.',
  active_url: 'The :attribute field must be a valid URL.',
  decimal: 'The :attribute field must have :decimal decimal places.',
  lowercase: 'The :attribute field must be lowercase.',
  uppercase: 'The :attribute field must be uppercase.',
};

const LARAVEL_10: Record<string, string> = Object.fromEntries(
  Object.entries(LARAVEL_8).map(([key, line]) => [
    key,
    LARAVEL_10_SPECIAL[key] ?? line.replace(/^The :attribute must /, 'The :attribute field must '),
  ]),
);
Object.assign(LARAVEL_10, LARAVEL_10_SPECIAL);

function flatten(lines: Record<string, string | Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, line] of Object.entries(lines)) {
    if (typeof line === 'string') out[key] = line;
    else for (const [type, text] of Object.entries(line)) out[`${key}.${type}`] = text;
  }
  return out;
}

/** The default line for a key (`required`, `max.string`) in a Laravel major version. */
export function defaultLine(version: number, key: string): string | undefined {
  return (version >= 10 ? LARAVEL_10 : LARAVEL_8)[key];
}

/**
 * Laravel 9+'s top-level message: the first error, and how many more
 * (`ValidationException::summarize`); Laravel 8's fixed sentence.
 */
export function topMessage(version: number, errors: Record<string, string[]>): string {
  if (version < 9) return 'The given data was invalid.';
  const all = Object.values(errors).flat();
  const first = all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  if (more === 0) return first;
  return `${first} (and ${more} more ${more === 1 ? 'error' : 'errors'})`;
}
