import { describe, expect, it } from 'vitest';
import type { ParameterObject } from '../../../../src/core/types.js';
import type { PhpValue } from '../../../../src/laravel/php/value.js';
import { emitParameter } from '../../../../src/laravel/emit/parameters.js';
import { ruleParameters } from '../../../../src/laravel/model/query-params.js';
import { compileRules } from '../../../../src/laravel/rules/index.js';
import { context, validator } from './helpers.js';

describe('rules validated on a read-only route, as query parameters', () => {
  it.each([
    [
      'scalars',
      {
        given: { q: 'nullable|string|max:100', page: 'required|integer|min:1' },
        want: [
          { name: 'q', in: 'query', schema: { type: 'string', maxLength: 100, nullable: true } },
          { name: 'page', in: 'query', required: true, schema: { type: 'integer', minimum: 1 } },
        ],
      },
    ],
    [
      'arrays as PHP sends them',
      {
        given: { ids: 'array', 'ids.*': 'integer' },
        want: [
          {
            name: 'ids[]',
            in: 'query',
            style: 'form',
            explode: true,
            schema: { type: 'array', items: { type: 'integer' } },
          },
        ],
      },
    ],
    [
      'keyed arrays as deep objects',
      {
        given: { 'filter.status': 'in:active,banned', 'filter.role': 'string' },
        want: [
          {
            name: 'filter',
            in: 'query',
            style: 'deepObject',
            explode: true,
            schema: {
              type: 'object',
              properties: {
                status: { type: 'string', enum: ['active', 'banned'] },
                role: { type: 'string' },
              },
            },
          },
        ],
      },
    ],
    [
      'descriptions move to the parameter',
      {
        given: { from: 'date|before:today' },
        want: [
          {
            name: 'from',
            in: 'query',
            description: 'A date before today.',
            schema: { type: 'string', format: 'date' },
          },
        ],
      },
    ],
  ] as [string, { given: Record<string, PhpValue>; want: ParameterObject[] }][])(
    '%s',
    (_name, { given, want }) => {
      const params = ruleParameters(compileRules(given, context)).map(emitParameter);
      expect(params).toEqual(want);
      for (const param of params) expect(() => validator(param.schema ?? {})).not.toThrow();
    },
  );
});
