import { describe, expect, it } from 'vitest';
import { engineOf } from '../helpers.js';
import { validationOf, type Validation } from '../../../../src/laravel/requests/rules.js';

const HEADER = `<?php
namespace App\\Http\\Requests;
use Illuminate\\Foundation\\Http\\FormRequest;
`;

/** The validation of a handler `store(StoreThing $request)`, the requests given by class body. */
function validation(requests: Record<string, string>): Validation | undefined {
  const { engine, classes } = engineOf(
    Object.fromEntries(
      Object.entries(requests).map(([name, body]) => [
        `app/Http/Requests/${name}.php`,
        `${HEADER}${body}`,
      ]),
    ),
  );
  const handler = {
    params: [{ name: 'request', type: 'App\\Http\\Requests\\StoreThing' }],
    validations: [],
    inputs: [],
    statuses: [],
  };
  return validationOf(handler, undefined, classes, { config: () => undefined, engine });
}

describe("a FormRequest's methods through the type engine", () => {
  it.each<[string, Record<string, string>, Partial<Record<keyof Validation, unknown>>]>([
    [
      'attributes() and messages(), a translation left out',
      {
        StoreThing: `class StoreThing extends FormRequest {
    public function rules() { return ['address.city' => 'required']; }
    public function attributes() { return ['address.city' => 'city', 'note' => __('fields.note')]; }
    public function messages() {
        $messages = ['address.city.required' => 'We need your :attribute.'];
        $messages['required'] = ':Attribute is missing.';
        return $messages;
    }
}`,
      },
      {
        attributes: { 'address.city': 'city' },
        messages: {
          'address.city.required': 'We need your :attribute.',
          required: ':Attribute is missing.',
        },
      },
    ],
    [
      'a request made of others: the classes a method lists, the first one winning',
      {
        Base: `abstract class Base extends FormRequest {
    public function rules() { return []; }
}`,
        StoreThing: `class StoreThing extends Base {
    protected function getRequests(): array {
        return [[PageRequest::class, 'sort' => 'name'], [DateRequest::class, 'required'], EndRequest::class];
    }
}`,
        PageRequest: `class PageRequest extends FormRequest {
    public function rules() { return ['page' => 'integer', 'date' => 'string']; }
}`,
        DateRequest: `class DateRequest extends FormRequest {
    public function rules() { return ['date' => 'date', 'end' => 'date']; }
}`,
        EndRequest: `class EndRequest extends FormRequest {
    public function rules() { return ['end' => 'string', 'size' => 'integer']; }
}`,
      },
      { rules: { page: 'integer', date: 'string', end: 'date', size: 'integer' } },
    ],
  ])('%s', (_name, requests, want) => {
    expect(validation(requests)).toMatchObject(want);
  });
});
