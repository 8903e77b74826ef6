import { describe, expect, it } from 'vitest';
import type { PhpValue } from '../../../../src/laravel/php/value.js';
import { validationErrorExample } from '../../../../src/laravel/rules/index.js';
import { context, php } from './helpers.js';

describe('validationErrorExample', () => {
  it.each([
    [
      'required fields, with Laravel’s attribute names',
      {
        given: {
          first_name: 'required|string|max:255',
          email: php.arr('required', 'email'),
          nickname: 'nullable|string',
          'address.post_code': 'required|string',
          'items.*.sku': 'required|string',
          password: 'required|confirmed',
        },
        want: {
          first_name: ['The first name field is required.'],
          email: ['The email field is required.'],
          'address.post_code': ['The address.post code field is required.'],
          password: ['The password field is required.'],
        },
      },
    ],
    [
      'present, accepted and declined have their own messages',
      {
        given: {
          tags: 'present|array',
          terms: 'accepted',
          marketing: 'declined',
          extra: 'sometimes|required',
        },
        want: {
          tags: ['The tags field must be present.'],
          terms: ['The terms must be accepted.'],
          marketing: ['The marketing must be declined.'],
        },
      },
    ],
    [
      'with nothing required, the first three fields and what a bad value gets',
      {
        given: {
          email: 'nullable|email',
          name: 'string|max:255',
          age: 'integer|max:120',
          role: 'in:admin,user',
          website: 'url',
        },
        want: {
          email: ['The email must be a valid email address.'],
          name: ['The name must not be greater than 255 characters.'],
          age: ['The age must not be greater than 120.'],
        },
      },
    ],
    [
      'type, enum, format and pattern messages',
      {
        given: {
          note: 'anything_goes',
          count: 'integer',
          status: 'in:a,b',
          code: 'regex:/^[A-Z]+$/',
          id: 'uuid',
        },
        want: {
          count: ['The count must be an integer.'],
          status: ['The selected status is invalid.'],
          code: ['The code format is invalid.'],
        },
      },
    ],
    [
      'more type messages',
      {
        given: {
          is_active: 'boolean',
          price: 'numeric',
          tags: 'array',
          title: 'string',
          avatar: 'image',
          born_on: 'date',
          site: 'url',
        },
        want: {
          is_active: ['The is active field must be true or false.'],
          price: ['The price must be a number.'],
          tags: ['The tags must be an array.'],
        },
      },
    ],
    [
      'files, dates, links',
      {
        given: { avatar: 'image', born_on: 'date', site: 'url' },
        want: {
          avatar: ['The avatar must be a file.'],
          born_on: ['The born on is not a valid date.'],
          site: ['The site must be a valid URL.'],
        },
      },
    ],
    ['no rules', { given: {}, want: {} }],
  ] as [string, { given: Record<string, PhpValue>; want: Record<string, string[]> }][])(
    '%s',
    (_name, { given, want }) => {
      expect(validationErrorExample(given, context)).toEqual({
        message: 'The given data was invalid.',
        errors: want,
      });
    },
  );
});
