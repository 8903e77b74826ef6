import { describe, expect, it } from 'vitest';
import type { Type } from '../../../../src/laravel/infer/type.js';
import type { PhpValue } from '../../../../src/laravel/php/value.js';
import { parseRules } from '../../../../src/laravel/rules/parse.js';
import { ruleValue } from '../../../../src/laravel/rules/from-type.js';

const lit = (value: string | number): Type => ({ kind: 'literal', value });
const list = (...items: Type[]): Type => ({ kind: 'list', items: { kind: 'union', of: items } });
const RULE = 'Illuminate\\Validation\\Rule';

describe('rule values from the engine, as the rule layer reads them', () => {
  it.each<[string, Type, PhpValue]>([
    [
      'a rule array: fields by key, lists item by item',
      {
        kind: 'shape',
        fields: [
          { key: 'name', type: lit('required|string') },
          { key: 'tags', type: list(lit('array'), lit('max:3')) },
        ],
      },
      {
        kind: 'array',
        items: [
          { key: 'name', value: 'required|string' },
          {
            key: 'tags',
            value: { kind: 'array', items: [{ value: 'array' }, { value: 'max:3' }] },
          },
        ],
      },
    ],
    [
      'a string with a part known at run time: as written',
      { kind: 'scalar', type: 'string', written: 'exists:teams,id,{…}' },
      'exists:teams,id,{…}',
    ],
    [
      'a rule object with a chained call',
      {
        kind: 'rule',
        callee: `${RULE}::unique`,
        args: [lit('users')],
        chain: [{ method: 'ignore', args: [{ kind: 'unknown' }] }],
      },
      {
        kind: 'call',
        callee: `${RULE}::unique`,
        args: ['users'],
        chain: [{ method: 'ignore', args: [{ kind: 'unknown' }] }],
      },
    ],
    [
      'new of a rule class, with a class name',
      {
        kind: 'rule',
        callee: 'Illuminate\\Validation\\Rules\\Enum::new',
        args: [{ kind: 'class', class: 'App\\Status' }],
      },
      {
        kind: 'new',
        className: 'Illuminate\\Validation\\Rules\\Enum',
        args: [{ kind: 'class', name: 'App\\Status' }],
      },
    ],
    [
      'one of two arrays (keys an if adds): every key',
      {
        kind: 'union',
        of: [
          { kind: 'shape', fields: [{ key: 'a', type: lit('string') }] },
          { kind: 'list', items: { kind: 'unknown', reason: 'empty array' } },
        ],
      },
      { kind: 'array', items: [{ key: 'a', value: 'string' }] },
    ],
  ])('%s', (_name, given, want) => {
    expect(ruleValue(given)).toEqual(want);
  });

  it('a rule object reads as the rules it stands for', () => {
    const value = ruleValue({
      kind: 'rule',
      callee: `${RULE}::in`,
      args: [list(lit('a'), lit('b'))],
    });
    expect(parseRules(value).map((r) => [r.name, r.args])).toEqual([['in', ['a', 'b']]]);
  });
});
