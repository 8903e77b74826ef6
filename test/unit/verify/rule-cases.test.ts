import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../../src/core/types.js';
import { listOperations } from '../../../src/core/engine/operations.js';
import { ruleCases } from '../../../src/verify/rule-cases.js';

const RULES = {
  type: ['required', 'in:person,company'],
  company: ['required_if:type,company', 'nullable', 'string', 'max:5'],
  password: ['required', 'string', 'confirmed'],
  start: ['required', 'date'],
  end: ['required', 'date', 'after:start'],
  low: ['numeric'],
  high: ['numeric', 'gt:low'],
};

const doc = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  'x-laravel': { version: 10 },
  paths: {
    '/things': {
      post: {
        requestBody: {
          content: { 'application/json': { schema: { type: 'object' } } },
          'x-laravel-validation': { rules: RULES },
        },
        responses: { '201': { description: 'ok' }, '422': { description: 'invalid' } },
      },
    },
  },
} as unknown as OpenApiDocument;

const valid = {
  type: 'person',
  password: 'secret',
  password_confirmation: 'secret',
  start: '2030-01-01',
  end: '2030-01-02',
  low: 1,
  high: 2,
};

describe('ruleCases', () => {
  const entry = listOperations(doc)[0]!;
  const cases = ruleCases(doc, entry, {
    kind: 'json',
    mediaType: 'application/json',
    value: valid,
  });

  it.each([
    ['in:person,company', 'type'],
    ['required_if:type,company', 'company'],
    ['confirmed', 'password'],
    ['after:start', 'end'],
    ['gt:low', 'high'],
  ])('breaks %s of %s', (rule, field) => {
    const found = cases.find((c) => c.rule === rule);
    expect(found?.field).toBe(field);
    expect(found?.how).toBe('rule');
  });

  it('one case per rule family, none for a body without the extension', () => {
    expect(new Set(cases.map((c) => c.rule)).size).toBe(cases.length);
    const plain = structuredClone(doc) as unknown as {
      paths: Record<string, Record<string, Record<string, Record<string, unknown>>>>;
    };
    delete plain.paths['/things']!.post!.requestBody!['x-laravel-validation'];
    const bare = plain as unknown as OpenApiDocument;
    expect(
      ruleCases(bare, listOperations(bare)[0]!, {
        kind: 'json',
        mediaType: 'application/json',
        value: valid,
      }),
    ).toEqual([]);
  });
});
