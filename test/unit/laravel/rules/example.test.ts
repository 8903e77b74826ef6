import { describe, expect, it } from 'vitest';
import type { PhpValue } from '../../../../src/laravel/php/value.js';
import { validationErrorExample as fromTree } from '../../../../src/laravel/emit/validation-example.js';
import { compileRules, type RuleContext } from '../../../../src/laravel/rules/index.js';
import { documentOf } from '../helpers.js';
import { context, php } from './helpers.js';

/** The 422 example of a rule set, compiled to the model first. */
const validationErrorExample = (
  rules: Record<string, PhpValue>,
  ctx: RuleContext,
  wording?: Parameters<typeof fromTree>[1],
) => fromTree(compileRules(rules, ctx), wording);

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

describe('validationErrorExample with a FormRequest’s attributes() and messages()', () => {
  const rules: Record<string, PhpValue> = {
    'address.city': 'required|string',
    email: 'required|email',
    first_name: 'required|string',
    'items.0.sku': 'required|string',
  };
  it.each([
    [
      'attributes() names the field',
      { attributes: { 'address.city': 'city' } },
      'address.city',
      'The city field is required.',
    ],
    [
      'messages() for field.rule',
      { messages: { 'email.required': 'We need your :attribute.' } },
      'email',
      'We need your email.',
    ],
    [
      'messages() for the rule alone',
      { messages: { required: ':Attribute is missing.' } },
      'first_name',
      'First name is missing.',
    ],
    [
      'field.rule wins over the rule alone',
      { messages: { required: 'x', 'email.required': 'y' } },
      'email',
      'y',
    ],
    [
      'a * pattern',
      { messages: { 'items.*.sku.required': 'Each item needs a :attribute.' } },
      'items.0.sku',
      'Each item needs a items.0.sku.',
    ],
    [
      'both, with :ATTRIBUTE',
      { attributes: { email: 'e-mail' }, messages: { 'email.required': ':ATTRIBUTE!' } },
      'email',
      'E-MAIL!',
    ],
    ['neither: Laravel’s message', {}, 'address.city', 'The address.city field is required.'],
  ])('%s', (_case, wording, field, want) => {
    expect(validationErrorExample(rules, context, wording).errors[field]).toEqual([want]);
  });

  it('names the rule a wrong value fails, for messages()', () => {
    const example = validationErrorExample({ email: 'nullable|email' }, context, {
      messages: { 'email.email': 'That is no :attribute address.' },
      attributes: { email: 'e-mail' },
    });
    expect(example.errors).toEqual({ email: ['That is no e-mail address.'] });
  });
});

describe('the 422 example of inline validation with custom messages', () => {
  it('uses the messages and names passed to $request->validate()', () => {
    const { document } = documentOf({
      'app/Http/Controllers/NoteController.php': `<?php
namespace App\\Http\\Controllers;
use Illuminate\\Http\\Request;
class NoteController {
    public function store(Request $request) {
        $request->validate(
            ['title' => 'required|string', 'body' => 'required'],
            ['title.required' => 'Every note needs a :attribute.'],
            ['body' => 'text'],
        );
        return response()->json([], 201);
    }
}`,
      'routes/api.php': `<?php
use App\\Http\\Controllers\\NoteController;
use Illuminate\\Support\\Facades\\Route;
Route::post('notes', [NoteController::class, 'store']);`,
    });
    const response = document.paths?.['/api/notes']?.post?.responses?.['422'] as {
      content: Record<string, { example: { errors: Record<string, string[]> } }>;
    };
    expect(response.content['application/json']!.example.errors).toEqual({
      title: ['Every note needs a title.'],
      body: ['The text field is required.'],
    });
  });
});
