import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../src/core/types.js';
import { literalSchema, unionSchema } from '../../../../src/laravel/emit/literal.js';

const CASES: [name: string, options: SchemaObject[], want: SchemaObject][] = [
  ['one option is itself', [{ type: 'string' }], { type: 'string' }],
  ['equal options collapse', [{ type: 'integer' }, { type: 'integer' }], { type: 'integer' }],
  [
    'literals of one type merge into one enum',
    [literalSchema('draft'), literalSchema('published')],
    { type: 'string', enum: ['draft', 'published'] },
  ],
  [
    'a literal beside its whole type is that type',
    [{ type: 'boolean' }, literalSchema(false)],
    { type: 'boolean' },
  ],
  [
    'an integer literal beside a number is a number',
    [literalSchema(0), { type: 'number' }],
    { type: 'number' },
  ],
  [
    'a literal beside a type with a format stays beside it',
    [{ type: 'string', format: 'date-time' }, literalSchema('never')],
    {
      anyOf: [
        { type: 'string', format: 'date-time' },
        { type: 'string', enum: ['never'] },
      ],
    },
  ],
  [
    'null makes the rest nullable',
    [{ type: 'integer' }, literalSchema(null), literalSchema(0)],
    { type: 'integer', nullable: true },
  ],
  ['null alone', [literalSchema(null)], { nullable: true }],
  ['anything beside unknown is unknown', [{}, { type: 'string' }], {}],
  [
    'a $ref made nullable is wrapped',
    [{ $ref: '#/components/schemas/User' }, literalSchema(null)],
    { allOf: [{ $ref: '#/components/schemas/User' }], nullable: true },
  ],
  [
    'different types are an anyOf',
    [{ type: 'string' }, { type: 'integer' }],
    { anyOf: [{ type: 'string' }, { type: 'integer' }] },
  ],
];

describe('several possible schemas as one', () => {
  it.each(CASES)('%s', (_name, options, want) => {
    expect(unionSchema(options)).toEqual(want);
  });
});
