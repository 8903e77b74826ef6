import { describe, expect, it } from 'vitest';
import { parseDocType, parseDocVar } from '../../../../src/laravel/ir/doctype.js';
import type { DocType } from '../../../../src/laravel/ir/types.js';

const resolve = (name: string) => (name.startsWith('\\') ? name.slice(1) : `App\\${name}`);
const n = (name: string, args?: DocType[]): DocType =>
  args ? { kind: 'name', name, args } : { kind: 'name', name };

describe('PHPDoc types', () => {
  it.each<[string, DocType | undefined]>([
    ['int', n('int')],
    ['User', n('App\\User')],
    [
      '\\Illuminate\\Support\\Collection<int, User>',
      n('Illuminate\\Support\\Collection', [n('int'), n('App\\User')]),
    ],
    ['?string', { kind: 'union', of: [n('string'), n('null')] }],
    ['int|string|null', { kind: 'union', of: [n('int'), n('string'), n('null')] }],
    ['User[]', { kind: 'list', of: n('App\\User') }],
    [
      'array{value: int, currency?: string}',
      {
        kind: 'shape',
        fields: [
          { key: 'value', type: n('int') },
          { key: 'currency', type: n('string'), optional: true },
        ],
      },
    ],
    [
      'array{int, string}',
      {
        kind: 'shape',
        fields: [
          { key: '0', type: n('int') },
          { key: '1', type: n('string') },
        ],
      },
    ],
    [
      "'draft'|'published'",
      {
        kind: 'union',
        of: [
          { kind: 'literal', value: 'draft' },
          { kind: 'literal', value: 'published' },
        ],
      },
    ],
    [
      'array<string, array{id: int}> the rest is prose',
      n('array', [n('string'), { kind: 'shape', fields: [{ key: 'id', type: n('int') }] }]),
    ],
    ['int | string', { kind: 'union', of: [n('int'), n('string')] }],
    ['(A&B)|null', { kind: 'union', of: [n('App\\A'), n('null')] }],
    ['', undefined],
    ['array{broken', undefined],
  ])('%s', (text, want) => {
    expect(parseDocType(text, resolve)).toEqual(want);
  });

  it.each<[string, ReturnType<typeof parseDocVar>]>([
    ['User $user', { name: 'user', type: n('App\\User') }],
    [
      'array<int, User> $users the users',
      { name: 'users', type: n('array', [n('int'), n('App\\User')]) },
    ],
    ['Post', { type: n('App\\Post') }],
    ['string ...$names', { name: 'names', type: n('string') }],
  ])('@var/@param %s', (text, want) => {
    expect(parseDocVar(text, resolve)).toEqual(want);
  });
});
