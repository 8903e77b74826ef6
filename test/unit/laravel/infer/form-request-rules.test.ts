import { describe, expect, it } from 'vitest';
import { engineOf } from '../helpers.js';
import type { PhpValue } from '../../../../src/laravel/php/value.js';
import { arrayRecord } from '../../../../src/laravel/php/value.js';
import { parseRules } from '../../../../src/laravel/rules/parse.js';
import { ruleValue } from '../../../../src/laravel/rules/from-type.js';

/** `StoreThing::rules()` as the engine computes it, field by field, each as its parsed rules. */
function rulesOf(body: string, config: Record<string, PhpValue> = {}): Record<string, string[]> {
  const source = `<?php
namespace App\\Http\\Requests;
use Illuminate\\Foundation\\Http\\FormRequest;
use Illuminate\\Validation\\Rule;
use Illuminate\\Validation\\Rules\\Enum;
use Illuminate\\Validation\\Rules\\Password;
class StoreThing extends FormRequest {
    private const MAX = 255;
${body}
}`;
  const { engine } = engineOf({ 'app/Http/Requests/StoreThing.php': source }, config);
  const type = engine.instanceCall('App\\Http\\Requests\\StoreThing', 'rules');
  const record = arrayRecord(type ? ruleValue(type) : null);
  return Object.fromEntries(
    Object.entries(record).map(([field, rule]) => [
      field,
      parseRules(rule).map((r) => [r.name, ...r.args].join(':')),
    ]),
  );
}

describe("a FormRequest's rules() through the type engine", () => {
  it.each<[string, string, Record<string, string[]>, Record<string, PhpValue>?]>([
    [
      'strings built with a constant and a setting',
      "public function rules() { return ['name' => 'required|string|max:' . self::MAX, 'size' => 'integer|max:' . config('things.max')]; }",
      { name: ['required', 'string', 'max:255'], size: ['integer', 'max:40'] },
      { 'things.max': 40 },
    ],
    [
      'rule objects: Rule::in, Rule::unique()->ignore(), new Enum, Password::min()->mixedCase()',
      `public function rules() { return [
        'kind' => ['required', Rule::in(['a', 'b'])],
        'email' => [Rule::unique('users')->ignore($this->user()->id)],
        'status' => [new Enum(\\App\\Status::class)],
        'password' => Password::min(8)->mixedCase(),
      ]; }`,
      {
        kind: ['required', 'in:a:b'],
        email: ['unique:users'],
        status: ['enum:App\\Status'],
        password: ['password:min=8:mixed_case'],
      },
    ],
    [
      "a key an if adds, a helper's rules merged, the class's property",
      `protected $extra = ['note' => 'string'];
    public function rules() {
        $rules = array_merge(['name' => 'required'], $this->extra);
        if ($this->isMethod('PUT')) { $rules['id'] = 'integer'; }
        return $rules;
    }`,
      { name: ['required'], note: ['string'], id: ['integer'] },
    ],
    [
      'implode and sprintf of known values',
      "public function rules() { return ['kind' => sprintf('in:%s', implode(',', ['a', 'b']))]; }",
      { kind: ['in:a:b'] },
    ],
    [
      "a rule's values named by the keys of a property",
      `protected array $types = ['all' => ['a', 'b'], 'normal' => ['c']];
    public function rules() { return ['type' => sprintf('in:%s', implode(',', array_keys($this->types)))]; }`,
      { type: ['in:all:normal'] },
    ],
    [
      'a part known only at run time, shown as written',
      `public function rules() {
        $suffix = '';
        if ($this->id) { $suffix = ',' . $this->id; }
        $max = $this->user()?->is_pro ? 100 : 40;
        return ['slug' => 'unique:things,slug' . $suffix, 'note' => "max:$max"];
    }`,
      {
        slug: ['unique:things:slug:{$this->id}'],
        note: ['max:{$this->user()?->is_pro ? 100 : 40}'],
      },
    ],
  ])('%s', (_name, body, want, config) => {
    expect(rulesOf(body, config)).toEqual(want);
  });
});

it('a field set again keeps its place, as in PHP', () => {
  const body = `public function rules() {
        $rules = ['title' => 'required', 'body' => 'string'];
        $rules['title'] = 'sometimes';
        return $rules;
    }`;
  expect(Object.keys(rulesOf(body))).toEqual(['title', 'body']);
});

describe('a branch chosen by what a helper is called with', () => {
  const helper = (code: string, calls: string) =>
    `private function field(${code}
    public function rules() { return ${calls}; }`;
  it.each<[string, string, Record<string, string[]>]>([
    [
      'an if/else on a parameter, the list appended to',
      helper(
        `bool $required = true, int $max = 255) {
        $rules = [];
        if ($required) { $rules[] = 'required'; } else { $rules[] = 'nullable'; }
        $rules[] = "max:$max";
        return $rules;
    }`,
        "['a' => $this->field(), 'b' => $this->field(max: 9, required: false)]",
      ),
      { a: ['required', 'max:255'], b: ['nullable', 'max:9'] },
    ],
    [
      'a ternary on a negated parameter',
      helper(
        "bool $optional = false) { return [! $optional ? 'required' : 'sometimes', 'string']; }",
        "['a' => $this->field(), 'b' => $this->field(true)]",
      ),
      { a: ['required', 'string'], b: ['sometimes', 'string'] },
    ],
    [
      'a return inside an if, and the one past it',
      helper(
        "string $mode) { if ($mode === 'update' || $mode === 'patch') return 'sometimes'; return 'required'; }",
        "['a' => $this->field('create'), 'b' => $this->field('patch')]",
      ),
      { a: ['required'], b: ['sometimes'] },
    ],
    [
      'a value known only at run time decides nothing',
      helper(
        "bool $required) { return [$required ? 'required' : 'nullable', 'string']; }",
        "['a' => $this->field($this->boolean('strict'))]",
      ),
      { a: ['string'] },
    ],
  ])('%s', (_name, body, want) => {
    expect(rulesOf(body)).toEqual(want);
  });
});
