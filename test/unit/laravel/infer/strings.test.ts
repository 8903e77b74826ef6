import { describe, expect, it } from 'vitest';
import {
  arithmetic,
  concatenation,
  implode,
  printf,
} from '../../../../src/laravel/infer/strings.js';
import { STRING, type Type } from '../../../../src/laravel/infer/type.js';

const lit = (value: string | number | boolean): Type => ({ kind: 'literal', value });
/** A setting as `config()` gives it: its type, and the value the config file writes. */
const setting: Type = { kind: 'scalar', type: 'integer', written: '40' };
const runtime: Type = { kind: 'unknown', reason: '$user->id' };

describe('strings and numbers built of parts', () => {
  it.each<[string, () => Type, Type]>([
    ['literal parts: one literal', () => concatenation([lit('max:'), lit(255)]), lit('max:255')],
    [
      'a setting: its value written, the type a string',
      () => concatenation([lit('max:'), setting]),
      { kind: 'scalar', type: 'string', written: 'max:40' },
    ],
    [
      'a part known at run time: in braces',
      () => concatenation([lit('exists:teams,id,'), runtime]),
      { kind: 'scalar', type: 'string', written: 'exists:teams,id,{$user->id}' },
    ],
    [
      'implode of a known list',
      () => implode(lit(','), { kind: 'list', items: { kind: 'union', of: [lit('a'), lit('b')] } }),
      lit('a,b'),
    ],
    ['implode of an unknown list: a string', () => implode(lit(','), runtime), STRING],
    [
      'sprintf with known arguments',
      () => printf(lit('in:%s,%d'), [lit('a'), lit(2)]),
      lit('in:a,2'),
    ],
    [
      'a setting times two',
      () => arithmetic('*', [setting, lit(2)]),
      { kind: 'scalar', type: 'integer', written: '80' },
    ],
    ['literal arithmetic', () => arithmetic('-', [lit(10), lit(4)]), lit(6)],
    [
      'an unknown operand: a number',
      () => arithmetic('+', [runtime, lit(1)]),
      { kind: 'scalar', type: 'number' },
    ],
  ])('%s', (_name, given, want) => {
    expect(given()).toEqual(want);
  });
});
