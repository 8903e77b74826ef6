import { describe, expect, it } from 'vitest';
import { engineOf } from '../helpers.js';
import { validationOf } from '../../../../src/laravel/requests/rules.js';

/** The body fields and the error fields of a FormRequest with these methods beside `rules()`. */
function fields(methods: string): { body: string[]; errors?: string[] } {
  const source = `<?php
namespace App\\Http\\Requests;
use Illuminate\\Foundation\\Http\\FormRequest;
use Illuminate\\Support\\Arr;
class StoreThing extends FormRequest {
    public function rules() { return ['name' => 'required|string', 'email' => 'email', 'user_id' => 'integer']; }
    ${methods}
}`;
  const path = 'app/Http/Requests/StoreThing.php';
  const { engine, classes } = engineOf({ [path]: source });
  const handler = {
    params: [{ name: 'request', type: 'App\\Http\\Requests\\StoreThing' }],
    validations: [],
    inputs: [],
    statuses: [],
  };
  const found = validationOf(handler, undefined, classes, { config: () => undefined, engine });
  return {
    body: Object.keys(found?.rules ?? {}),
    ...(found?.errorRules ? { errors: Object.keys(found.errorRules) } : {}),
  };
}

const UNDER_USER = {
  body: ['user.name', 'user.email', 'user.user_id'],
  errors: ['name', 'email', 'user_id'],
};

describe("a FormRequest's validationData() through the type engine", () => {
  it.each<[string, string, { body: string[]; errors?: string[] }]>([
    ['the whole input', 'return $this->all();', { body: ['name', 'email', 'user_id'] }],
    ['an input unwrapped', "return $this->input('user');", UNDER_USER],
    ['an input wrapped as an array', "return Arr::wrap($this->input('user'));", UNDER_USER],
    ['an input with a default', "return $this->input('user', []);", UNDER_USER],
    ['an input read with get()', "return $this->get('user', []);", UNDER_USER],
    ['a key of the whole input', "return Arr::get($this->all(), 'user');", UNDER_USER],
    ['an offset of the whole input', "return $this->all()['user'];", UNDER_USER],
    ['the JSON body', 'return $this->json()->all();', { body: ['name', 'email', 'user_id'] }],
    ['a key of the JSON body', "return $this->json('user');", UNDER_USER],
    [
      'a dotted input',
      "return $this->input('data.user');",
      {
        body: ['data.user.name', 'data.user.email', 'data.user.user_id'],
        errors: ['name', 'email', 'user_id'],
      },
    ],
    [
      'the input with a value the server sets',
      "return array_merge($this->all(), ['user_id' => $this->user()->id]);",
      { body: ['name', 'email'], errors: ['name', 'email', 'user_id'] },
    ],
    [
      'the input with a value the server sets, through a local',
      "$data = $this->all(); $data['user_id'] = $this->user()->id; return $data;",
      { body: ['name', 'email'], errors: ['name', 'email', 'user_id'] },
    ],
    [
      'an array of inputs, one renamed',
      "return ['name' => $this->input('title'), 'email' => $this->email];",
      { body: ['title', 'email'], errors: ['name', 'email', 'user_id'] },
    ],
    [
      'some inputs',
      "return $this->only(['name', 'email']);",
      { body: ['name', 'email'], errors: ['name', 'email', 'user_id'] },
    ],
    [
      'what the engine cannot read',
      'return $this->decode();',
      { body: ['name', 'email', 'user_id'] },
    ],
  ])('%s', (_name, data, want) => {
    expect(fields(`public function validationData() { ${data} }`)).toEqual(want);
  });
});

describe("a FormRequest's prepareForValidation() through the type engine", () => {
  it.each<[string, string, { body: string[]; errors?: string[] }]>([
    ['nothing changed', '$this->ready = true;', { body: ['name', 'email', 'user_id'] }],
    [
      'an input renamed, a value the server sets, one reworked',
      `$this->merge([
          'name' => $this->input('title'),
          'user_id' => $this->user()->id,
          'email' => strtolower($this->input('email')),
      ]);`,
      { body: ['title', 'email'], errors: ['name', 'email', 'user_id'] },
    ],
    [
      "merged under a test, as if always: the literal is the server's",
      "if ($this->missing('email')) { $this->merge(['email' => 'none@example.com']); }",
      { body: ['name', 'user_id'], errors: ['name', 'email', 'user_id'] },
    ],
    [
      'the input replaced: a default on one path, a decoded id, a server value',
      `$input = $this->all();
        if (!isset($input['name'])) { $input['name'] = 'unnamed'; }
        $input['email'] = $this->decode($input['email']);
        $input['user_id'] = $this->route('user');
        $this->replace($input);`,
      { body: ['name', 'email'], errors: ['name', 'email', 'user_id'] },
    ],
    [
      "an input copied under a test: the field the client's own",
      `$input = $this->all();
        if (isset($input['title'])) { $input['name'] = $input['title']; }
        $this->replace($input);`,
      { body: ['name', 'email', 'user_id'] },
    ],
    [
      'the input replaced by an array of inputs',
      "$this->replace(['name' => $this->input('data.name')]);",
      { body: ['data.name'], errors: ['name', 'email', 'user_id'] },
    ],
  ])('%s', (_name, body, want) => {
    expect(fields(`protected function prepareForValidation(): void { ${body} }`)).toEqual(want);
  });
});
