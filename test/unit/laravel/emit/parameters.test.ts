import { describe, expect, it } from 'vitest';
import type { ParameterObject } from '../../../../src/core/types.js';
import { emitParameter } from '../../../../src/laravel/emit/parameters.js';
import { regexRules } from '../../../../src/laravel/model/path-params.js';
import type { InputParameter } from '../../../../src/laravel/model/inputs.js';
import { compileRules } from '../../../../src/laravel/rules/index.js';

const [described] = compileRules({ from: 'date|before:today' }).fields;

describe('emitParameter: the model parameters as OpenAPI writes them', () => {
  it.each<[string, { given: InputParameter; want: ParameterObject & Record<string, unknown> }]>([
    [
      'a path parameter bound to a model by a column, with its where',
      {
        given: {
          name: 'post',
          in: 'path',
          required: true,
          value: { kind: 'attribute', json: { kind: 'scalar', type: 'string' } },
          binding: { model: 'App\\Models\\Post', key: 'slug' },
          where: '[a-z-]+',
        },
        want: {
          name: 'post',
          in: 'path',
          required: true,
          schema: { type: 'string' },
          'x-laravel-binding': { model: 'App\\Models\\Post', key: 'slug' },
          'x-laravel-where': '[a-z-]+',
        },
      },
    ],
    [
      'an array read from the query is sent as name[]',
      {
        given: {
          name: 'ids',
          in: 'query',
          required: false,
          value: { kind: 'value', rules: { type: 'array', items: {} } },
        },
        want: {
          name: 'ids[]',
          in: 'query',
          style: 'form',
          explode: true,
          schema: { type: 'array', items: {} },
        },
      },
    ],
    [
      'a read with a default',
      {
        given: {
          name: 'per_page',
          in: 'query',
          required: false,
          value: { kind: 'value', rules: { type: 'integer' }, default: 15 },
        },
        want: { name: 'per_page', in: 'query', schema: { type: 'integer', default: 15 } },
      },
    ],
    [
      'a header is a string',
      {
        given: {
          name: 'X-Tenant',
          in: 'header',
          required: false,
          value: { kind: 'value', rules: { type: 'string' } },
        },
        want: { name: 'X-Tenant', in: 'header', schema: { type: 'string' } },
      },
    ],
    [
      'a field of the rules: its notes are the description',
      {
        given: {
          name: 'from',
          in: 'query',
          required: false,
          value: { kind: 'field', field: described! },
        },
        want: {
          name: 'from',
          in: 'query',
          description: 'A date before today.',
          schema: { type: 'string', format: 'date' },
        },
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(emitParameter(given)).toEqual(want);
  });

  it.each([
    ['[0-9]+', { type: 'integer', minimum: 0 }],
    ['[\\da-fA-F]{8}-[\\da-fA-F]{4}-.*', { type: 'string', format: 'uuid' }],
    ['draft|published', { type: 'string', enum: ['draft', 'published'] }],
    ['1|2|3', { type: 'integer', enum: [1, 2, 3] }],
    ['[a-z]{2}\\d', { type: 'string', pattern: '^(?:[a-z]{2}\\d)$' }],
  ])('where(%j) is written as %j', (where, want) => {
    const given: InputParameter = {
      name: 'p',
      in: 'path',
      required: true,
      value: { kind: 'value', rules: regexRules(where) },
    };
    expect(emitParameter(given).schema).toEqual(want);
  });
});
