import { describe, expect, it } from 'vitest';
import {
  validateLaravel,
  type Locale,
  type RuleSet,
} from '../../../../src/core/laravel-validation/index.js';

interface Case {
  rules: Record<string, string[]>;
  data: unknown;
  /** The errors Laravel answers, or undefined when it passes. */
  want: Record<string, string[]> | undefined;
  set?: Omit<RuleSet, 'rules'>;
  locale?: Locale;
}

const req = (...more: string[]) => ['required', ...more];

/** Each answer here is what Laravel 8.83 gives (checked against the fixture app under PHP). */
const FAMILIES: Record<string, [string, Case][]> = {
  presence: [
    [
      'missing required',
      { rules: { name: req('string') }, data: {}, want: { name: ['The name field is required.'] } },
    ],
    [
      'blank is missing (TrimStrings, ConvertEmptyStringsToNull)',
      {
        rules: { name: req('string') },
        data: { name: '   ' },
        want: { name: ['The name field is required.'] },
      },
    ],
    [
      'null without nullable',
      {
        rules: { age: ['integer'] },
        data: { age: null },
        want: { age: ['The age must be an integer.'] },
      },
    ],
    [
      'null with nullable',
      { rules: { age: ['nullable', 'integer'] }, data: { age: null }, want: undefined },
    ],
    [
      'required_if matches',
      {
        rules: { type: ['string'], vat: ['required_if:type,company'] },
        data: { type: 'company' },
        want: { vat: ['The vat field is required when type is company.'] },
      },
    ],
    [
      'required_if other value',
      { rules: { vat: ['required_if:type,company'] }, data: { type: 'person' }, want: undefined },
    ],
    [
      'required_if boolean',
      {
        rules: { reason: ['required_if:urgent,true'] },
        data: { urgent: true },
        want: { reason: ['The reason field is required when urgent is true.'] },
      },
    ],
    [
      'required_with',
      {
        rules: { city: ['required_with:street,zip'] },
        data: { zip: '1234' },
        want: { city: ['The city field is required when street / zip is present.'] },
      },
    ],
    [
      'required_without',
      {
        rules: { email: ['required_without:phone'] },
        data: {},
        want: { email: ['The email field is required when phone is not present.'] },
      },
    ],
    [
      'required_without_all',
      { rules: { email: ['required_without_all:phone,fax'] }, data: { fax: 'x' }, want: undefined },
    ],
    [
      'required_unless',
      {
        rules: { vat: ['required_unless:type,person,child'] },
        data: { type: 'company' },
        want: { vat: ['The vat field is required unless type is in person, child.'] },
      },
    ],
    [
      'prohibited_if',
      {
        rules: { discount: ['prohibited_if:type,gift'] },
        data: { type: 'gift', discount: 5 },
        want: { discount: ['The discount field is prohibited when type is gift.'] },
      },
    ],
    [
      'accepted',
      {
        rules: { terms: ['accepted'] },
        data: { terms: 'no' },
        want: { terms: ['The terms must be accepted.'] },
      },
    ],
    ['accepted "on"', { rules: { terms: ['accepted'] }, data: { terms: 'on' }, want: undefined }],
    [
      'a failed required stops the field',
      {
        rules: { name: req('string', 'min:3') },
        data: {},
        want: { name: ['The name field is required.'] },
      },
    ],
  ],
  types: [
    ['integer takes "300"', { rules: { n: ['integer'] }, data: { n: '300' }, want: undefined }],
    [
      'integer refuses 1.5',
      { rules: { n: ['integer'] }, data: { n: 1.5 }, want: { n: ['The n must be an integer.'] } },
    ],
    ['boolean takes "1"', { rules: { b: ['boolean'] }, data: { b: '1' }, want: undefined }],
    [
      'boolean refuses "true"',
      {
        rules: { b: ['boolean'] },
        data: { b: 'true' },
        want: { b: ['The b field must be true or false.'] },
      },
    ],
    [
      'string refuses a number; every failing rule is listed',
      {
        rules: { s: ['string', 'email'] },
        data: { s: 5 },
        want: { s: ['The s must be a string.', 'The s must be a valid email address.'] },
      },
    ],
    ['array takes an object', { rules: { a: ['array'] }, data: { a: { x: 1 } }, want: undefined }],
    [
      'numeric',
      {
        rules: { price: ['numeric'] },
        data: { price: 'abc' },
        want: { price: ['The price must be a number.'] },
      },
    ],
  ],
  sizes: [
    [
      'max string',
      {
        rules: { title: ['string', 'max:5'] },
        data: { title: 'abcdef' },
        want: { title: ['The title must not be greater than 5 characters.'] },
      },
    ],
    [
      'max counts characters',
      { rules: { title: ['string', 'max:2'] }, data: { title: 'éé' }, want: undefined },
    ],
    [
      'max numeric',
      {
        rules: { qty: ['integer', 'max:10'] },
        data: { qty: '11' },
        want: { qty: ['The qty must not be greater than 10.'] },
      },
    ],
    [
      'min array',
      {
        rules: { tags: ['array', 'min:2'] },
        data: { tags: ['a'] },
        want: { tags: ['The tags must have at least 2 items.'] },
      },
    ],
    [
      'between',
      {
        rules: { n: ['numeric', 'between:1,5'] },
        data: { n: 9 },
        want: { n: ['The n must be between 1 and 5.'] },
      },
    ],
    [
      'size string',
      {
        rules: { code: ['string', 'size:3'] },
        data: { code: 'ab' },
        want: { code: ['The code must be 3 characters.'] },
      },
    ],
    [
      'gt field',
      {
        rules: { min_price: ['numeric'], max_price: ['numeric', 'gt:min_price'] },
        data: { min_price: 10, max_price: 5 },
        want: { max_price: ['The max price must be greater than 10.'] },
      },
    ],
    [
      'gte field passes',
      {
        rules: { max_price: ['numeric', 'gte:min_price'] },
        data: { min_price: 10, max_price: 10 },
        want: undefined,
      },
    ],
    [
      'digits',
      {
        rules: { pin: ['digits:4'] },
        data: { pin: '12a4' },
        want: { pin: ['The pin must be 4 digits.'] },
      },
    ],
  ],
  formats: [
    [
      'email',
      {
        rules: { e: ['email'] },
        data: { e: 'nope' },
        want: { e: ['The e must be a valid email address.'] },
      },
    ],
    [
      'url',
      {
        rules: { u: ['url'] },
        data: { u: 'example.com' },
        want: { u: ['The u must be a valid URL.'] },
      },
    ],
    [
      'uuid',
      {
        rules: { id: ['uuid'] },
        data: { id: '123' },
        want: { id: ['The id must be a valid UUID.'] },
      },
    ],
    [
      'regex',
      {
        rules: { sku: ['regex:/^[A-Z]{3}-\\d{3}$/'] },
        data: { sku: 'ab-1' },
        want: { sku: ['The sku format is invalid.'] },
      },
    ],
    [
      'in',
      {
        rules: { status: ['in:draft,published'] },
        data: { status: 'gone' },
        want: { status: ['The selected status is invalid.'] },
      },
    ],
    [
      'in takes a number for its string',
      { rules: { n: ['in:1,2'] }, data: { n: 2 }, want: undefined },
    ],
    [
      'alpha_dash',
      {
        rules: { slug: ['alpha_dash'] },
        data: { slug: 'a b' },
        want: { slug: ['The slug must only contain letters, numbers, dashes and underscores.'] },
      },
    ],
    [
      'starts_with',
      {
        rules: { s: ['starts_with:foo,bar'] },
        data: { s: 'baz' },
        want: { s: ['The s must start with one of the following: foo, bar.'] },
      },
    ],
  ],
  dates: [
    [
      'date takes a datetime',
      { rules: { d: ['date'] }, data: { d: '2030-07-01 19:00:00' }, want: undefined },
    ],
    [
      'date takes ISO with Z',
      { rules: { d: ['date'] }, data: { d: '2030-07-01T19:00:00Z' }, want: undefined },
    ],
    [
      'date refuses Feb 30',
      {
        rules: { d: ['date'] },
        data: { d: '2030-02-30' },
        want: { d: ['The d is not a valid date.'] },
      },
    ],
    [
      'after field',
      {
        rules: { start_date: ['date'], end_date: ['date', 'after:start_date'] },
        data: { start_date: '2030-07-02', end_date: '2030-07-01' },
        want: { end_date: ['The end date must be a date after start date.'] },
      },
    ],
    [
      'after a date',
      {
        rules: { d: ['date', 'after:2030-01-01'] },
        data: { d: '2029-01-01' },
        want: { d: ['The d must be a date after 2030-01-01.'] },
      },
    ],
    [
      'date_format',
      {
        rules: { d: ['date_format:Y-m-d'] },
        data: { d: '2030-7-1' },
        want: { d: ['The d does not match the format Y-m-d.'] },
      },
    ],
    [
      'date_format passes',
      { rules: { d: ['date_format:Y-m-d H:i'] }, data: { d: '2030-07-01 10:30' }, want: undefined },
    ],
  ],
  fields: [
    [
      'confirmed',
      {
        rules: { password: ['confirmed'] },
        data: { password: 'a', password_confirmation: 'b' },
        want: { password: ['The password confirmation does not match.'] },
      },
    ],
    [
      'same',
      { rules: { b: ['same:a'] }, data: { a: 1, b: 2 }, want: { b: ['The b and a must match.'] } },
    ],
    [
      'different',
      {
        rules: { b: ['different:a'] },
        data: { a: 'x', b: 'x' },
        want: { b: ['The b and a must be different.'] },
      },
    ],
    [
      'distinct names both items',
      {
        rules: { tags: ['array'], 'tags.*': ['distinct'] },
        data: { tags: ['a', 'b', 'a'] },
        want: {
          'tags.0': ['The tags.0 field has a duplicate value.'],
          'tags.2': ['The tags.2 field has a duplicate value.'],
        },
      },
    ],
    [
      'nested wildcard keys are shown raw',
      {
        rules: { 'items.*.unit_price': ['required', 'numeric'] },
        data: { items: [{}] },
        want: { 'items.0.unit_price': ['The items.0.unit_price field is required.'] },
      },
    ],
    [
      'exists asks the lookup',
      { rules: { user_id: ['exists:users,id'] }, data: { user_id: 9 }, want: undefined },
    ],
  ],
};

describe('validateLaravel: Laravel 8 semantics', () => {
  for (const [family, cases] of Object.entries(FAMILIES)) {
    describe(family, () => {
      it.each(cases)('%s', (_name, c) => {
        const got = validateLaravel(
          { rules: c.rules, ...c.set },
          c.data,
          c.locale ? { locale: c.locale } : {},
        );
        expect(got?.errors).toEqual(c.want);
      });
    });
  }
});

describe('validateLaravel: wording', () => {
  const rules = { name: ['required'], age: ['required', 'integer'], email: ['required'] };
  it.each<
    [
      string,
      {
        set?: Omit<RuleSet, 'rules'>;
        locale: Locale;
        data: unknown;
        want: { message: string; errors: Record<string, string[]> };
      },
    ]
  >([
    [
      'Laravel 8 top-level message',
      {
        locale: { version: 8 },
        data: { age: 'x' },
        want: {
          message: 'The given data was invalid.',
          errors: {
            name: ['The name field is required.'],
            age: ['The age must be an integer.'],
            email: ['The email field is required.'],
          },
        },
      },
    ],
    [
      'Laravel 10 wording and summary',
      {
        locale: { version: 10 },
        data: { name: 'a', email: 'b', age: 'x' },
        want: {
          message: 'The age field must be an integer.',
          errors: { age: ['The age field must be an integer.'] },
        },
      },
    ],
    [
      'Laravel 9 "(and N more errors)"',
      {
        locale: { version: 9 },
        data: { age: 'x' },
        want: {
          message: 'The name field is required. (and 2 more errors)',
          errors: {
            name: ['The name field is required.'],
            age: ['The age must be an integer.'],
            email: ['The email field is required.'],
          },
        },
      },
    ],
    [
      'messages() and attributes() first',
      {
        set: {
          messages: { 'name.required': 'We need :attribute.' },
          attributes: { email: 'e-mail address' },
        },
        locale: { version: 8 },
        data: { age: 1 },
        want: {
          message: 'The given data was invalid.',
          errors: { name: ['We need name.'], email: ['The e-mail address field is required.'] },
        },
      },
    ],
    [
      'the app lang lines, custom lines and attributes',
      {
        locale: {
          version: 8,
          messages: {
            required: ':Attribute is missing.',
            'custom.email.required': 'Tell us your e-mail.',
          },
          attributes: { age: 'your age' },
        },
        data: {},
        want: {
          message: 'The given data was invalid.',
          errors: {
            name: ['Name is missing.'],
            age: ['Your age is missing.'],
            email: ['Tell us your e-mail.'],
          },
        },
      },
    ],
  ])('%s', (_name, c) => {
    expect(validateLaravel({ rules, ...c.set }, c.data, { locale: c.locale })).toEqual(c.want);
  });

  it('asks the lookup for exists and unique', () => {
    const lookup = { exists: (_t: string, _c: string, v: unknown) => v === 1 };
    const set = { rules: { user_id: ['exists:users,id'], email: ['unique:users,email'] } };
    expect(validateLaravel(set, { user_id: 2, email: 1 }, { lookup })?.errors).toEqual({
      user_id: ['The selected user id is invalid.'],
      email: ['The email has already been taken.'],
    });
  });
});
