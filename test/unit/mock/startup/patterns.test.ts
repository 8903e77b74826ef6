import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../../../src/core/types.js';
import { patternWarnings } from '../../../../src/mock/startup/patterns.js';

const doc = (schemas: Record<string, unknown>) =>
  ({
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {},
    components: { schemas },
  }) as unknown as OpenApiDocument;

describe('patternWarnings: the startup warnings about patterns', () => {
  it.each([
    ['none for patterns run exactly', { A: { type: 'string', pattern: '^(\\w+\\s?)*$' } }, []],
    [
      'a lookahead inside, once, where first met',
      {
        A: { type: 'string', pattern: '^((?!-)[a-z-]+\\.)+$' },
        B: { type: 'string', pattern: '^((?!-)[a-z-]+\\.)+$' },
      },
      ['#/components/schemas/A'],
    ],
    [
      'a patternProperties key',
      { A: { type: 'object', patternProperties: { '(.)\\1': {} } } },
      ['#/components/schemas/A'],
    ],
    ['not in example data', { A: { type: 'object', example: { pattern: '(.)\\1' } } }, []],
  ])('%s', (_name, schemas, pointers) => {
    expect(patternWarnings(doc(schemas)).map((f) => f.pointer)).toEqual(pointers);
  });
});
