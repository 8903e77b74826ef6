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

const USER = 'App\\Models\\User';
const RESOURCE = 'App\\Http\\Resources\\UserResource';

describe('handlers: what they return', () => {
  const cases: [string, { body: string; params?: string; want: HandlerFacts['returns'] }][] = [
    [
      'a paginated resource collection',
      {
        body: 'return UserResource::collection(User::query()->latest()->paginate(10));',
        want: [
          {
            line: 10,
            body: {
              kind: 'resource',
              className: RESOURCE,
              collection: true,
              source: { model: USER, many: true, paginated: 'length' },
            },
          },
        ],
      },
    ],
    [
      'through a variable',
      {
        body: '$users = User::where("a", 1)->simplePaginate();\nreturn UserResource::collection($users);',
        want: [
          {
            line: 11,
            body: {
              kind: 'resource',
              className: RESOURCE,
              collection: true,
              source: { model: USER, many: true, paginated: 'simple' },
            },
          },
        ],
      },
    ],
    [
      'a created model',
      {
        body: '$user = User::create($request->all());\nreturn new UserResource($user);',
        want: [
          {
            line: 11,
            body: {
              kind: 'resource',
              className: RESOURCE,
              collection: false,
              source: { model: USER, created: true },
            },
          },
        ],
      },
    ],
    [
      'created inside DB::transaction',
      {
        body: '$user = DB::transaction(function () { $u = User::create([]); return $u; });\nreturn new UserResource($user);',
        want: [
          {
            line: 11,
            body: {
              kind: 'resource',
              className: RESOURCE,
              collection: false,
              source: { model: USER, created: true },
            },
          },
        ],
      },
    ],
    [
      'a bound model',
      {
        body: 'return new UserResource($user->load("posts"));',
        params: 'User $user',
        want: [
          {
            line: 10,
            body: {
              kind: 'resource',
              className: RESOURCE,
              collection: false,
              source: { model: USER },
            },
          },
        ],
      },
    ],
    [
      "the authenticated user's relation",
      {
        body: 'return $request->user()->posts()->cursorPaginate();',
        want: [
          {
            line: 10,
            body: {
              kind: 'data',
              source: { model: '{{auth}}', relation: 'posts', many: true, paginated: 'cursor' },
            },
          },
        ],
      },
    ],
    [
      'setStatusCode on the response',
      {
        body: 'return (new UserResource($u))->response()->setStatusCode(201);',
        want: [
          {
            line: 10,
            status: 201,
            body: { kind: 'resource', className: RESOURCE, collection: false },
          },
        ],
      },
    ],
    [
      'response()->json with a literal and a status',
      {
        body: "return response()->json(['ok' => true, 'n' => 1], 202);",
        want: [
          {
            line: 10,
            status: 202,
            body: {
              kind: 'object',
              fields: [
                { key: 'ok', value: { kind: 'literal', value: true } },
                { key: 'n', value: { kind: 'literal', value: 1 } },
              ],
            },
          },
        ],
      },
    ],
    [
      'response()->json with a named status',
      {
        body: "return response()->json(['a' => 'b'], status: 201);",
        want: [
          {
            line: 10,
            status: 201,
            body: {
              kind: 'object',
              fields: [{ key: 'a', value: { kind: 'literal', value: 'b' } }],
            },
          },
        ],
      },
    ],
    [
      'noContent',
      { body: 'return response()->noContent();', want: [{ line: 10, empty: true, status: 204 }] },
    ],
    [
      'response(null, 204)',
      { body: 'return response(null, 204);', want: [{ line: 10, empty: true, status: 204 }] },
    ],
    [
      'an array',
      {
        body: "return ['items' => [1, 2]];",
        want: [
          {
            line: 10,
            body: {
              kind: 'object',
              fields: [
                {
                  key: 'items',
                  value: {
                    kind: 'list',
                    items: [
                      { kind: 'literal', value: 1 },
                      { kind: 'literal', value: 2 },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    ],
    ['nothing', { body: 'return;', want: [{ line: 10, empty: true }] }],
    [
      'two returns',
      {
        body: "if (!$x) { return response()->json(['message' => 'No.'], 409); }\nreturn response()->noContent();",
        want: [
          {
            line: 10,
            status: 409,
            body: {
              kind: 'object',
              fields: [{ key: 'message', value: { kind: 'literal', value: 'No.' } }],
            },
          },
          { line: 11, empty: true, status: 204 },
        ],
      },
    ],
    [
      'a scalar parameter',
      {
        body: "return ['id' => $id];",
        params: 'int $id',
        want: [
          {
            line: 10,
            body: {
              kind: 'object',
              fields: [{ key: 'id', value: { kind: 'type', type: 'integer' } }],
            },
          },
        ],
      },
    ],
    [
      'validated input echoed back',
      {
        body: "$data = $request->validate(['email' => 'required|email']);\nreturn ['email' => $data['email'], 'name' => $request->input('name')];",
        want: [
          {
            line: 11,
            body: {
              kind: 'object',
              fields: [
                { key: 'email', value: { kind: 'input', name: 'email' } },
                { key: 'name', value: { kind: 'input', name: 'name' } },
              ],
            },
          },
        ],
      },
    ],
  ];
  it.each(cases)('%s', (_name, { body, params, want }) => {
    expect(handler(body, params).returns).toEqual(want);
  });
});

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
