import { describe, expect, it } from 'vitest';
import type { ParameterObject } from '../../../src/core/types.js';
import { serialise } from '../../../src/export/parameters.js';

const p = (param: Partial<ParameterObject>): ParameterObject => ({
  name: 'x',
  in: 'query',
  ...param,
});

describe("serialise, the inverse of the mock's parameter readers", () => {
  it.each<[string, ParameterObject, unknown, [string, string][]]>([
    ['a scalar', p({}), 5, [['x', '5']]],
    ['a boolean', p({}), true, [['x', 'true']]],
    ['null is empty', p({}), null, [['x', '']]],
    [
      'form, exploded array: repeated keys',
      p({}),
      [1, 2],
      [
        ['x', '1'],
        ['x', '2'],
      ],
    ],
    ['form, not exploded: commas', p({ explode: false }), [1, 2], [['x', '1,2']]],
    ['pipeDelimited', p({ style: 'pipeDelimited', explode: false }), ['a', 'b'], [['x', 'a|b']]],
    ['spaceDelimited', p({ style: 'spaceDelimited', explode: false }), ['a', 'b'], [['x', 'a b']]],
    [
      'form, exploded object: its properties',
      p({}),
      { a: 1, b: 'c' },
      [
        ['a', '1'],
        ['b', 'c'],
      ],
    ],
    [
      'deepObject: brackets, nested',
      p({ style: 'deepObject' }),
      { a: 1, b: { c: [2] } },
      [
        ['x[a]', '1'],
        ['x[b][c][0]', '2'],
      ],
    ],
    ['JSON content', p({ content: { 'application/json': {} } }), { a: 1 }, [['x', '{"a":1}']]],
    ['path, simple array', p({ in: 'path' }), [1, 2], [['x', '1,2']]],
    ['path, simple object', p({ in: 'path' }), { a: 1, b: 2 }, [['x', 'a,1,b,2']]],
    ['path, exploded object', p({ in: 'path', explode: true }), { a: 1 }, [['x', 'a=1']]],
    ['path, label', p({ in: 'path', style: 'label' }), 5, [['x', '.5']]],
    ['path, matrix', p({ in: 'path', style: 'matrix' }), 5, [['x', ';x=5']]],
    [
      'path, matrix exploded array',
      p({ in: 'path', style: 'matrix', explode: true }),
      [1, 2],
      [['x', ';x=1;x=2']],
    ],
    ['header, simple array', p({ in: 'header' }), ['a', 'b'], [['x', 'a,b']]],
  ])('%s', (_name, param, value, want) => {
    expect(serialise(param, value).map(({ key, value: v }) => [key, v])).toEqual(want);
  });
});
