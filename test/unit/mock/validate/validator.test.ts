import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it, vi } from 'vitest';
import type { OperationObject } from '../../../../src/core/types.js';
import {
  compileRequestValidator,
  type ValidationErrors,
} from '../../../../src/mock/validate/request.js';
import { type GivenRequest, input, makeDoc } from './helpers.js';

const doc = makeDoc({
  schemas: {
    Money: {
      oneOf: [
        { type: 'integer', minimum: 0 },
        { type: 'object', required: ['amount'], properties: { amount: { type: 'integer' } } },
      ],
    },
  },
});

const operation: OperationObject = {
  parameters: [
    { name: 'team', in: 'path', required: true, schema: { type: 'integer' } },
    { name: 'notify', in: 'query', schema: { type: 'boolean' } },
    { name: 'X-Tenant', in: 'header', required: true, schema: { type: 'string' } },
    { name: 'session', in: 'cookie', schema: { type: 'string', minLength: 8 } },
  ],
  requestBody: {
    required: true,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['title'],
          properties: { title: { type: 'string' }, budget: { $ref: '#/components/schemas/Money' } },
        },
      },
    },
  },
};

const valid: GivenRequest = {
  path: { team: '3' },
  query: 'notify=false&_scenario=validation_error',
  headers: { 'x-tenant': 'acme' },
  cookies: { session: 'abcdefgh' },
  body: { title: 'Roadmap', budget: { amount: 10 } },
};

describe('compileRequestValidator', () => {
  it.each<[string, { given: GivenRequest; want: ValidationErrors | null }]>([
    ['a valid request', { given: valid, want: null }],
    [
      'errors of every location, parameters first, then the body',
      {
        given: {
          path: { team: 'x' },
          query: 'notify=maybe',
          cookies: { session: 'short' },
          body: { budget: { amount: 'ten' } },
        },
        want: {
          team: ['The team must be an integer.'],
          notify: ['The notify field must be true or false.'],
          'X-Tenant': ['The X-Tenant field is required.'],
          session: ['The session must be at least 8 characters.'],
          title: ['The title field is required.'],
          'budget.amount': ['The budget.amount must be an integer.'],
        },
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(compileRequestValidator(doc, {}, operation)(input(given))).toEqual(want);
  });

  it('compiles nothing per request', () => {
    const validator = compileRequestValidator(doc, {}, operation);
    const core = Object.getPrototypeOf(Ajv2020.prototype) as { compile: () => unknown };
    const compile = vi.spyOn(core, 'compile');
    try {
      validator(input(valid));
      validator(input({ ...valid, body: { title: 1, budget: -1 } }));
      validator(input({ path: { team: 'x' } }));
      expect(compile).not.toHaveBeenCalled();
    } finally {
      compile.mockRestore();
    }
  });

  it('gives fresh errors objects', () => {
    const validator = compileRequestValidator(doc, {}, operation);
    const first = validator(input({}));
    first?.team?.push('mutated');
    expect(validator(input({}))?.team).toEqual(['The team field is required.']);
  });
});
