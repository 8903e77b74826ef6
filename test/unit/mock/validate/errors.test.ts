import { describe, expect, it } from 'vitest';
import {
  attributeName,
  parameterPath,
  pointerSegments,
} from '../../../../src/core/engine/validate/attribute.js';
import { groupMessages } from '../../../../src/core/engine/validate/errors.js';
import { selectMediaType } from '../../../../src/core/engine/validate/media.js';
import type { FieldMessage, ValidationErrors } from '../../../../src/core/engine/validate/types.js';
import { jsonBody, makeDoc, validate } from './helpers.js';

const m = (key: string, keyword: string, message = `${key} ${keyword}`): FieldMessage => ({
  path: key === '' ? [] : key.split('.'),
  keyword,
  message,
});

describe('groupMessages', () => {
  it.each<[string, { given: FieldMessage[]; want: ValidationErrors }]>([
    [
      'keys in first-seen order',
      {
        given: [m('b', 'minimum'), m('a', 'type'), m('b', 'maximum')],
        want: { b: ['b minimum', 'b maximum'], a: ['a type'] },
      },
    ],
    [
      'a field with a required error gets only that',
      {
        given: [m('a', 'format'), m('a', 'required'), m('a', 'pattern')],
        want: { a: ['a required'] },
      },
    ],
    [
      'nothing under a field of the wrong type',
      {
        given: [m('a.b', 'required'), m('a', 'type'), m('a.b.c', 'minimum'), m('ab', 'minimum')],
        want: { a: ['a type'], ab: ['ab minimum'] },
      },
    ],
    [
      'a body of the wrong type hides everything',
      { given: [m('', 'type', 'body type'), m('a', 'required')], want: { body: ['body type'] } },
    ],
    [
      'duplicates removed',
      {
        given: [m('a', 'maxLength', 'x'), m('a', 'maxLength', 'x'), m('a', 'pattern', 'y')],
        want: { a: ['x', 'y'] },
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(groupMessages(given)).toEqual(want);
  });

  it('dedupes what ajv repeats (the same rule in two allOf members)', () => {
    const op = jsonBody({
      type: 'object',
      properties: { a: { allOf: [{ maxLength: 2 }, { maxLength: 2 }] } },
    });
    expect(validate(makeDoc(), op, { body: { a: 'abc' } })).toEqual({
      a: ['The a must not be greater than 2 characters.'],
    });
  });

  it('keys a property named __proto__ like any other', () => {
    const op = jsonBody({ type: 'object', additionalProperties: false });
    const errors = validate(makeDoc(), op, { body: JSON.parse('{"__proto__": 1}') });
    expect(JSON.stringify(errors)).toBe('{"__proto__":["The   proto   field is prohibited."]}');
  });
});

describe('field names', () => {
  it.each<[string, { given: string; want: string[] }]>([
    ['a plain name', { given: 'first_name', want: ['first_name'] }],
    ["PHP's list suffix", { given: 'ids[]', want: ['ids'] }],
    ['PHP brackets', { given: 'filter[status]', want: ['filter', 'status'] }],
    ['nested brackets', { given: 'page[size][max]', want: ['page', 'size', 'max'] }],
    ['not brackets', { given: 'a[b', want: ['a[b'] }],
  ])('parameterPath: %s', (_name, { given, want }) => {
    expect(parameterPath(given)).toEqual(want);
  });

  it.each<[string, { given: string; want: string[] }]>([
    ['root', { given: '', want: [] }],
    ['nested', { given: '/items/0/name', want: ['items', '0', 'name'] }],
    ['escaped', { given: '/a~1b/c~0d', want: ['a/b', 'c~d'] }],
  ])('pointerSegments: %s', (_name, { given, want }) => {
    expect(pointerSegments(given)).toEqual(want);
  });

  it.each([
    ['first_name', 'first name'],
    ['items.0.unit_price', 'items.0.unit price'],
  ])('attributeName(%s) is %s', (given, want) => {
    expect(attributeName(given)).toBe(want);
  });
});

describe('selectMediaType', () => {
  const declared = ['application/xml', 'application/json', 'application/x-www-form-urlencoded'];
  it.each<[string, { given: { declared: string[]; mediaType?: string }; want: number }]>([
    ['exact', { given: { declared, mediaType: 'application/x-www-form-urlencoded' }, want: 2 }],
    [
      '+json to a JSON type',
      { given: { declared, mediaType: 'application/vnd.api+json' }, want: 1 },
    ],
    [
      'JSON to a +json type',
      {
        given: {
          declared: ['text/plain', 'application/merge-patch+json'],
          mediaType: 'application/json',
        },
        want: 1,
      },
    ],
    [
      'a type wildcard',
      {
        given: { declared: ['text/plain', 'application/*'], mediaType: 'application/pdf' },
        want: 1,
      },
    ],
    ['*/*', { given: { declared: ['text/plain', '*/*'], mediaType: 'image/png' }, want: 1 }],
    [
      'nothing matches: the first JSON type',
      { given: { declared, mediaType: 'text/csv' }, want: 1 },
    ],
    ['no media type: the first JSON type', { given: { declared }, want: 1 }],
    ['no JSON type: the first', { given: { declared: ['text/plain', 'text/csv'] }, want: 0 }],
    ['nothing declared', { given: { declared: [] }, want: -1 }],
  ])('%s', (_name, { given, want }) => {
    expect(selectMediaType(given.declared, given.mediaType)).toBe(want);
  });
});
