import { describe, expect, it } from 'vitest';
import type { InputField, RuleTree } from '../../../../src/laravel/model/inputs.js';
import type { PhpValue } from '../../../../src/laravel/php/value.js';
import { compileRules } from '../../../../src/laravel/rules/index.js';
import { context, php } from '../rules/helpers.js';

/** A field tree in short: key, what matters of it, its children. */
interface Brief {
  name: string;
  rules?: InputField['rules'];
  required?: true;
  nullable?: true;
  notes?: string[];
  children?: Brief[];
}

function brief(field: InputField): Brief {
  return {
    name: field.name,
    ...(Object.keys(field.rules).length > 0 ? { rules: field.rules } : {}),
    ...(field.required ? { required: true as const } : {}),
    ...(field.nullable ? { nullable: true as const } : {}),
    ...(field.notes.length > 0 ? { notes: field.notes } : {}),
    ...(field.children.length > 0 ? { children: field.children.map(brief) } : {}),
  };
}

const fields = (tree: RuleTree) => tree.fields.map(brief);

describe('compileRules: rules → the model field tree', () => {
  it.each<[string, { given: Record<string, PhpValue>; want: Brief[] }]>([
    [
      'a typed, bounded, required field',
      {
        given: { name: 'required|string|max:255' },
        want: [{ name: 'name', rules: { type: 'string', maxLength: 255 }, required: true }],
      },
    ],
    [
      'nullable is kept only while nothing rejects null',
      {
        given: { note: 'nullable|string', title: 'required|nullable|string' },
        want: [
          { name: 'note', rules: { type: 'string' }, nullable: true },
          { name: 'title', rules: { type: 'string' }, required: true },
        ],
      },
    ],
    [
      'dot keys nest, and a required child makes its parent required',
      {
        given: { 'address.city': 'required|string' },
        want: [
          {
            name: 'address',
            rules: { type: 'object' },
            required: true,
            children: [{ name: 'city', rules: { type: 'string' }, required: true }],
          },
        ],
      },
    ],
    [
      'items are the child `*`, and do not make the array required',
      {
        given: { tags: 'array', 'tags.*': 'required|integer' },
        want: [
          {
            name: 'tags',
            rules: { type: 'array' },
            children: [{ name: '*', rules: { type: 'integer' }, required: true }],
          },
        ],
      },
    ],
    [
      'patterns to match and to fail are tests, in rule order',
      {
        given: { code: php.arr('regex:/^a/', 'not_regex:/b$/', 'regex:/c/') },
        want: [
          {
            name: 'code',
            rules: {
              type: 'string',
              tests: [
                { kind: 'pattern', pattern: '^a' },
                { kind: 'not-pattern', pattern: 'b$' },
                { kind: 'pattern', pattern: 'c' },
              ],
            },
          },
        ],
      },
    ],
    [
      'an enum on an array describes its items',
      {
        given: { states: php.arr('array', php.rule('in', php.arr('a', 'b'))) },
        want: [
          {
            name: 'states',
            rules: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
          },
        ],
      },
    ],
    [
      'confirmed adds the confirmation field with a note',
      {
        given: { password: 'required|confirmed' },
        want: [
          { name: 'password', required: true },
          { name: 'password_confirmation', required: true, notes: ['Must match password.'] },
        ],
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(fields(compileRules(given, context))).toEqual(want);
  });

  it('compiles the rules of every key apart, and lists written fields in rule order', () => {
    const tree = compileRules({ '*': 'numeric', b: 'string', a: 'required' }, context);
    expect(tree.anyKey && brief(tree.anyKey)).toEqual({
      name: '(any key)',
      rules: { type: 'number' },
    });
    expect(tree.written.map((w) => [w.key, w.presence ?? null])).toEqual([
      ['b', null],
      ['a', 'required'],
    ]);
  });
});
