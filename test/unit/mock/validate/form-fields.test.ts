import { describe, expect, it } from 'vitest';
import type { OperationObject } from '../../../../src/core/types.js';
import { parseFormFields } from '../../../../src/core/engine/http.js';
import type { FieldsResult } from '../../../../src/core/engine/input-fields.js';
import { parseMultipart } from '../../../../src/mock/validate/multipart.js';
import { makeDoc, validate, validateParams } from './helpers.js';

/** The fields read, or undefined for a body that could not be read. */
const fields = (read: FieldsResult | undefined) =>
  read && 'fields' in read ? read.fields : undefined;

const doc = makeDoc();
const schema = {
  type: 'object',
  required: ['tags', 'ids', 'name'],
  properties: {
    tags: { type: 'array', minItems: 2, items: { type: 'string' } },
    ids: { type: 'array', items: { type: 'integer' } },
    name: { type: 'string' },
    meta: { type: 'object', required: ['title'], properties: { title: { type: 'string' } } },
  },
} as const;
const form = (type: string): OperationObject =>
  ({
    requestBody: {
      required: true,
      content: { [type]: { schema, encoding: { ids: { style: 'form', explode: false } } } },
    },
  }) as unknown as OperationObject;

const boundary = 'XyZ';
const multipart = (...parts: [string, string, string?][]) =>
  Buffer.from(
    parts
      .map(
        ([name, value, head = '']) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${head}\r\n\r\n${value}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`,
  );
const multipartType = `multipart/form-data; boundary=${boundary}`;

describe('form bodies, read as the Encoding Object says (corpus regressions)', () => {
  it.each([
    [
      'a list as repeated keys, a delimited list, a repeated scalar',
      'tags=a&tags=b&ids=1,2&name=x&name=y',
      null,
    ],
    [
      'a list with one item too few',
      'tags=a&ids=1&name=x',
      { tags: ['The tags must have at least 2 items.'] },
    ],
    [
      'a delimited list of non-integers',
      'tags=a&tags=b&ids=1,z&name=x',
      { 'ids.1': ['The ids.1 must be an integer.'] },
    ],
  ])('%s', (_name, text, want) => {
    const body = fields(parseFormFields(text));
    expect(
      validate(doc, form('application/x-www-form-urlencoded'), {
        body,
        mediaType: 'application/x-www-form-urlencoded',
      }),
    ).toEqual(want);
  });

  it('reads multipart parts: files, JSON parts, repeated names, bracket names', () => {
    const raw = multipart(
      ['file', '\u0000bytes', '; filename="a.bin"\r\nContent-Type: application/octet-stream'],
      ['meta', '{"title":"T"}', '\r\nContent-Type: application/json'],
      ['tags', 'a'],
      ['tags', 'b'],
      ['extra[key]', 'v'],
    );
    expect(fields(parseMultipart(raw, multipartType))).toEqual({
      file: '\u0000bytes',
      meta: { title: 'T' },
      tags: ['a', 'b'],
      extra: { key: 'v' },
    });
    expect(parseMultipart(raw, 'multipart/form-data')).toBeUndefined();
    expect(parseMultipart(Buffer.from('--XyZ\r\nno end'), multipartType)).toBeUndefined();
  });

  it('validates multipart fields like a form', () => {
    const valid = fields(
      parseMultipart(
        multipart(['tags', 'a'], ['tags', 'b'], ['ids', '1,2'], ['name', 'n']),
        multipartType,
      ),
    );
    const invalid = fields(
      parseMultipart(
        multipart(
          ['tags', 'a'],
          ['ids', '1'],
          ['name', 'n'],
          ['meta', '{}', '\r\nContent-Type: application/json'],
        ),
        multipartType,
      ),
    );
    expect(
      validate(doc, form('multipart/form-data'), { body: valid, mediaType: 'multipart/form-data' }),
    ).toBeNull();
    expect(
      validate(doc, form('multipart/form-data'), {
        body: invalid,
        mediaType: 'multipart/form-data',
      }),
    ).toEqual({
      tags: ['The tags must have at least 2 items.'],
      'meta.title': ['The meta.title field is required.'],
    });
  });
});

describe('header parameters the HTTP machinery owns are not validated (corpus regressions)', () => {
  it.each(['Transfer-Encoding', 'Content-Length', 'Host', 'Sec-Fetch-Mode', 'Proxy-Authorization'])(
    '%s',
    (name) => {
      const params = [
        {
          name,
          in: 'header' as const,
          required: true,
          schema: { type: 'string' as const, enum: ['never'] },
        },
      ];
      expect(validateParams(params, {})).toBeNull();
    },
  );
});

describe('form properties named like PHP keys (corpus regression: Cambase)', () => {
  const op = {
    requestBody: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: {
            type: 'object' as const,
            required: ['model[model]'],
            additionalProperties: false,
            properties: {
              'model[model]': { type: 'string' as const },
              'model[ptz]': { type: 'boolean' as const },
            },
          },
        },
      },
    },
  } as unknown as OperationObject;
  it.each([
    ['sent as such', 'model%5Bmodel%5D=X1&model%5Bptz%5D=true', null],
    ['missing', 'model%5Bptz%5D=true', { 'model[model]': ['The model[model] field is required.'] }],
  ])('%s', (_name, text, want) => {
    const body = fields(parseFormFields(text));
    expect(validate(doc, op, { body, mediaType: 'application/x-www-form-urlencoded' })).toEqual(
      want,
    );
  });
});

describe('a declared scalar type beside object keywords (corpus regression: ByAutomata)', () => {
  it('reads the parameter as the string it is', () => {
    const params = [
      {
        name: 'terms',
        in: 'query' as const,
        required: true,
        schema: {
          type: 'string' as const,
          required: ['terms'],
          properties: { link: { type: 'string' as const } },
        },
      },
    ];
    expect(validateParams(params, { query: 'terms=cloud' })).toBeNull();
  });
});

describe('a free-form exploded object in the query (corpus regression: AWS SQS)', () => {
  const params = [
    { name: 'Action', in: 'query' as const, required: true, schema: { type: 'string' as const } },
    {
      name: 'Attribute',
      in: 'query' as const,
      required: true,
      schema: {
        type: 'object' as const,
        minProperties: 1,
        additionalProperties: { type: 'integer' as const },
      },
    },
  ];
  it.each([
    ["OpenAPI's form: the keys no other parameter claims", 'Action=Set&a=1&b=2', null],
    ["Laravel's brackets", 'Action=Set&Attribute[a]=1', null],
    [
      'a value of the wrong type',
      'Action=Set&a=x',
      { 'Attribute.a': ['The Attribute.a must be an integer.'] },
    ],
    [
      'nothing but the claimed keys',
      'Action=Set',
      { Attribute: ['The Attribute field is required.'] },
    ],
  ])('%s', (_name, query, want) => {
    expect(validateParams(params, { query })).toEqual(want);
  });
});

describe('an untyped enum of numbers and booleans in the query (corpus regression: Vonage)', () => {
  const params = [
    {
      name: 'delivered',
      in: 'query' as const,
      required: true,
      schema: { enum: [true, false, 0, 1] },
    },
  ];
  it.each([
    ['1', null],
    ['true', null],
    ['2', { delivered: ['The selected delivered is invalid.'] }],
  ])('delivered=%s', (value, want) => {
    expect(validateParams(params, { query: `delivered=${value}` })).toEqual(want);
  });
});
