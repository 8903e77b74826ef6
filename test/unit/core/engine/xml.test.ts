import { describe, expect, it } from 'vitest';
import type { OpenApiDocument, SchemaObject } from '../../../../src/core/types.js';
import { toXml } from '../../../../src/core/engine/xml.js';

const doc = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        xml: { name: 'pet', namespace: 'https://example.com/ns', prefix: 'ex' },
        properties: {
          id: { type: 'integer', xml: { attribute: true } },
          name: { type: 'string' },
          tags: {
            type: 'array',
            xml: { wrapped: true },
            items: { type: 'string', xml: { name: 'tag' } },
          },
          photos: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
} as OpenApiDocument;

const PROLOG = '<?xml version="1.0" encoding="UTF-8"?>\n';

describe('toXml: a generated value in the shape of its XML Object', () => {
  it.each<[string, SchemaObject | undefined, unknown, string]>([
    [
      'names, an attribute, a namespace, wrapped and unwrapped arrays',
      { $ref: '#/components/schemas/Pet' },
      { id: 7, name: 'Rex & co', tags: ['a', 'b'], photos: ['p1', 'p2'] },
      '<ex:pet xmlns:ex="https://example.com/ns" id="7"><name>Rex &amp; co</name>' +
        '<tags><tag>a</tag><tag>b</tag></tags><photos>p1</photos><photos>p2</photos></ex:pet>',
    ],
    ['a bare schema is a root element', { type: 'string' }, 'x', '<root>x</root>'],
    [
      'a list at the top',
      { type: 'array', items: { type: 'integer' } },
      [1, 2],
      '<root><root>1</root><root>2</root></root>',
    ],
    [
      'names that are no XML names',
      { type: 'object' },
      { '2fa': true, 'a b': null },
      '<root><_2fa>true</_2fa><a_b/></root>',
    ],
  ])('%s', (_name, schema, value, want) => {
    expect(toXml(doc, schema, value)).toBe(PROLOG + want);
  });
});
