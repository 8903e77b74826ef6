import { describe, expect, it } from 'vitest';
import { analyseFile } from '../../../../src/laravel/facts/analyse-file.js';
import type { HandlerFacts } from '../../../../src/laravel/facts/types.js';

/** The handler facts of `index()` in a controller with `$body` as its body. */
function handler(body: string, params = 'Request $request'): HandlerFacts {
  const code = `<?php
namespace App\\Http\\Controllers;
use App\\Http\\Resources\\UserResource;
use App\\Models\\User;
use Illuminate\\Http\\Request;
use Illuminate\\Support\\Facades\\Validator;
use Illuminate\\Support\\Facades\\DB;
class UserController extends Controller {
    public function index(${params}) {
${body}
    }
}`;
  const facts = analyseFile(code, 'UserController.php');
  if (facts.error) throw new Error(facts.error.message);
  return facts.classes[0]!.methods.index!.handler!;
}

describe('handlers: validation, inputs and error statuses', () => {
  it('finds inline validation in its three forms', () => {
    const facts = handler(`$request->validate(['a' => 'required']);
$this->validate($request, ['b' => 'integer']);
Validator::make($request->all(), ['c' => ['string']])->validate();
return [];`);
    expect(facts.validations.map((v) => v.line)).toEqual([10, 11, 12]);
    expect(facts.validations.map((v) => v.rules)).toEqual([
      { kind: 'array', items: [{ key: 'a', value: 'required' }] },
      { kind: 'array', items: [{ key: 'b', value: 'integer' }] },
      {
        kind: 'array',
        items: [{ key: 'c', value: { kind: 'array', items: [{ value: 'string' }] } }],
      },
    ]);
  });

  it.each([
    [
      '$request->validate($rules, $messages, $names)',
      "$request->validate(['a' => 'required'], ['a.required' => 'Need :attribute.'], ['a' => 'the A']);",
    ],
    [
      '$request->validateWithBag($bag, $rules, ...)',
      "$request->validateWithBag('x', ['a' => 'required'], ['a.required' => 'Need :attribute.'], ['a' => 'the A']);",
    ],
    [
      '$this->validate($request, $rules, ...)',
      "$this->validate($request, ['a' => 'required'], ['a.required' => 'Need :attribute.'], ['a' => 'the A']);",
    ],
    [
      'Validator::make($data, $rules, ...)',
      "Validator::make($request->all(), ['a' => 'required'], ['a.required' => 'Need :attribute.'], ['a' => 'the A'])->validate();",
    ],
    [
      'validator($data, $rules, ...)',
      "validator($request->all(), ['a' => 'required'], ['a.required' => 'Need :attribute.'], ['a' => 'the A'])->validate();",
    ],
  ])('keeps the custom messages and attribute names of %s', (_form, call) => {
    const [found] = handler(`${call}\nreturn [];`).validations;
    expect(found?.messages).toEqual({
      kind: 'array',
      items: [{ key: 'a.required', value: 'Need :attribute.' }],
    });
    expect(found?.attributes).toEqual({ kind: 'array', items: [{ key: 'a', value: 'the A' }] });
  });

  it('lists the inputs read by name, with their types and defaults', () => {
    const facts = handler(`$q = $request->query('search');
$n = $request->integer('per_page', 15);
$b = $request->boolean('active');
$t = $request->header('X-Tenant');
$s = $request->sort;
$r = request('page');
return [];`);
    expect(facts.inputs).toEqual([
      { name: 'search', via: 'query' },
      { name: 'per_page', via: 'input', type: 'integer', default: 15 },
      { name: 'active', via: 'input', type: 'boolean' },
      { name: 'X-Tenant', via: 'header' },
      { name: 'sort', via: 'input' },
      { name: 'page', via: 'input' },
    ]);
  });

  it.each([
    ['abort(404)', 'abort(404);', [404]],
    ['abort_if with a constant', 'abort_if($x, Response::HTTP_FORBIDDEN);', [403]],
    ['abort_unless', "abort_unless($x, 409, 'No');", [409]],
    ['findOrFail', 'User::findOrFail(1);', [404]],
    ['firstOrFail on a query', "User::where('a', 1)->firstOrFail();", [404]],
    ['authorize', "$this->authorize('update', $x);", [403]],
    [
      'a thrown exception',
      'throw new \\Illuminate\\Auth\\Access\\AuthorizationException();',
      [403],
    ],
    [
      'ValidationException::withMessages',
      "throw \\Illuminate\\Validation\\ValidationException::withMessages(['a' => 'b']);",
      [422],
    ],
  ])('error statuses: %s', (_name, body, want) => {
    expect(handler(`${body}\nreturn [];`).statuses).toEqual(want);
  });
});
