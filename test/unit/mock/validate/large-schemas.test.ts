import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../src/core/types.js';
import { compileRequestValidator } from '../../../../src/mock/validate/request.js';
import { input, makeDoc } from './helpers.js';

/**
 * Microsoft Graph's request bodies reach hundreds of schemas through nullable references, each
 * a oneOf/anyOf branch: compiling each branch with a copy of every `$def` took 25 s for one body.
 */
describe('compiling a body with hundreds of nullable references (corpus regression)', () => {
  const SIZE = 150;
  const schemas: Record<string, SchemaObject> = {};
  for (let i = 0; i < SIZE; i++) {
    const properties: Record<string, SchemaObject> = { id: { type: 'string' } };
    for (let k = 1; k <= 4; k++) {
      properties[`rel${k}`] = {
        anyOf: [{ $ref: `#/components/schemas/S${(i + k) % SIZE}` }, { type: 'null' }],
      } as SchemaObject;
    }
    schemas[`S${i}`] = { type: 'object', properties };
  }
  const doc = makeDoc({ schemas });
  const operation = {
    requestBody: {
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } },
    },
  };

  it('compiles in well under a second, and still validates every branch', () => {
    const started = performance.now();
    const validate = compileRequestValidator(doc, {}, operation);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(validate(input({ body: { id: 'a', rel1: { id: 'b', rel2: null } } }))).toBeNull();
    expect(validate(input({ body: { id: 'a', rel1: { id: 5 } } }))).toEqual({
      'rel1.id': ['The rel1.id must be a string.'],
    });
  });
});
