import { describe, expect, it } from 'vitest';
import { declaredForm } from '../../../../src/core/engine/body.js';
import type { ResponseMedia } from '../../../../src/core/engine/responses.js';
import type { OpenApiDocument } from '../../../../src/core/types.js';

const doc = { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {} } as OpenApiDocument;
const at = (type: string): ResponseMedia => ({
  code: '200',
  type,
  media: { schema: { type: 'object', properties: { id: { type: 'integer' } } } },
});

describe('declaredForm', () => {
  // Asked twice each: the second answer comes from what was decided for the type the first time.
  it.each([
    ['JSON as declared', 'application/json', { id: 1 }, 'application/json', { id: 1 }],
    [
      'with parameters',
      'application/json; charset=utf-8',
      { id: 1 },
      'application/json; charset=utf-8',
      { id: 1 },
    ],
    ['a range, for JSON', '*/*', { id: 1 }, 'application/json', { id: 1 }],
    ['a range, for text', 'text/*', 'hi', 'text/plain', 'hi'],
    ['an image range', 'image/*', 'x', 'image/png', 'x'],
    [
      'XML from a value',
      'application/xml',
      { id: 1 },
      'application/xml',
      '<?xml version="1.0" encoding="UTF-8"?>\n<root><id>1</id></root>',
    ],
    ['XML written as XML', 'text/xml', '<a/>', 'text/xml', '<a/>'],
  ])('%s', (_, type, body, contentType, sent) => {
    for (let i = 0; i < 2; i++)
      expect(declaredForm(doc, at(type), body)).toEqual({ contentType, body: sent });
  });
});
