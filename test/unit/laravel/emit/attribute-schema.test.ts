import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../src/core/types.js';
import { attributeSchema } from '../../../../src/laravel/emit/attribute-schema.js';
import type { AttributeType } from '../../../../src/laravel/models/attribute-type.js';

describe('attributeSchema: what models/ describes of a column or cast, as OpenAPI 3.0 writes it', () => {
  it.each<[string, { given: AttributeType; want: SchemaObject }]>([
    ['an integer', { given: { kind: 'scalar', type: 'integer' }, want: { type: 'integer' } }],
    [
      'a database datetime, with an example',
      {
        given: { kind: 'scalar', type: 'string', example: '2024-01-31 12:00:00' },
        want: { type: 'string', example: '2024-01-31 12:00:00' },
      },
    ],
    [
      'a string enum',
      {
        given: { kind: 'enum', type: 'string', values: ['draft', 'live'] },
        want: { type: 'string', enum: ['draft', 'live'] },
      },
    ],
    [
      'a JSON column',
      {
        given: { kind: 'json' },
        want: {
          anyOf: [
            { type: 'object', additionalProperties: true },
            { type: 'array', items: {} },
          ],
        },
      },
    ],
    [
      'a boolean column: true/false or 0/1',
      {
        given: { kind: 'db-boolean' },
        want: { anyOf: [{ type: 'boolean' }, { type: 'integer', enum: [0, 1] }] },
      },
    ],
    [
      'a decimal column: a numeric string or a number',
      {
        given: { kind: 'decimal' },
        want: { anyOf: [{ type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' }, { type: 'number' }] },
      },
    ],
    [
      'a commented, nullable column: description, then nullable',
      {
        given: { kind: 'scalar', type: 'string', description: 'Shown to users', nullable: true },
        want: { type: 'string', description: 'Shown to users', nullable: true },
      },
    ],
    ['nothing known', { given: { kind: 'unknown' }, want: {} }],
  ])('%s', (_name, { given, want }) => {
    expect(attributeSchema(given)).toEqual(want);
  });
});
