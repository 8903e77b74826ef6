import { describe, expect, it } from 'vitest';
import { listOperations } from '../../../src/core/engine/operations.js';
import type { OpenApiDocument } from '../../../src/core/types.js';
import {
  brokenBody,
  encodeBody,
  validBody,
  withReferences,
  type Body,
} from '../../../src/verify/body.js';
import { IdStore } from '../../../src/verify/ids.js';
import { judgeInvalid, judgeValid } from '../../../src/verify/judge.js';
import { toJUnit } from '../../../src/verify/reports.js';

const schema = {
  type: 'object',
  required: ['name', 'password', 'settings'],
  properties: {
    name: { type: 'string' },
    password: { type: 'string', minLength: 8 },
    password_confirmation: { type: 'string' },
    category_id: { type: 'integer' },
    active: { type: 'boolean' },
    count: { type: 'integer' },
    settings: {
      type: 'object',
      required: ['locale'],
      properties: { locale: { type: 'string' }, newsletter: { type: 'boolean' } },
    },
  },
};
const doc = (mediaType: string) =>
  ({
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {
      '/users': {
        post: {
          requestBody: { required: true, content: { [mediaType]: { schema } } },
          responses: { '201': { description: '' }, '422': { description: '' } },
        },
      },
    },
  }) as unknown as OpenApiDocument;

describe('request bodies', () => {
  const json = doc('application/json');
  const [store] = listOperations(json);

  it('a valid JSON body confirms what Laravel’s `confirmed` compares', () => {
    const body = validBody(json, store!, 'seed') as Extract<Body, { kind: 'json' }>;
    const value = body.value as Record<string, unknown>;
    expect(value.password_confirmation).toBe(value.password);
  });

  it('refers to an item listed earlier, where the body stays valid', () => {
    const ids = new IdStore();
    ids.record(
      { method: 'get', path: '/categories', operation: { responses: {} }, pathItem: {} },
      200,
      new Headers(),
      { data: [{ id: 3 }] },
    );
    const body = withReferences(json, store!, validBody(json, store!, 'seed')!, ids);
    expect((body as { value: { category_id: number } }).value.category_id).toBe(3);
  });

  it.each([
    [
      'the first required field left out',
      { name: 'a', password: 'p'.repeat(8), settings: { locale: 'en' } },
      'name',
      'without',
      ['name'],
    ],
    [
      'an envelope’s keys count as its names',
      { settings: { locale: 'en', newsletter: true } },
      'settings',
      'without',
      ['settings', 'locale', 'newsletter'],
    ],
    ['else a field of the wrong type', { count: 2 }, 'count', 'wrong type', ['count']],
  ])('brokenBody: %s', (_name, value, field, how, names) => {
    const broken = brokenBody(json, store!, { kind: 'json', mediaType: 'application/json', value });
    expect(broken && { field: broken.field, how: broken.how, names: broken.names }).toEqual({
      field,
      how,
      names,
    });
  });

  it('no broken body for text', () => {
    expect(
      brokenBody(json, store!, { kind: 'raw', mediaType: 'text/plain', text: 'x' }),
    ).toBeUndefined();
  });

  it('form booleans go on the wire as 1 and 0, nested ones too', () => {
    const form = doc('application/x-www-form-urlencoded');
    const [op] = listOperations(form);
    const body = validBody(form, op!, 'seed')!;
    const wire = new URLSearchParams(encodeBody(body).text);
    expect(['1', '0']).toContain(wire.get('active'));
    expect(['1', '0']).toContain(wire.get('settings[newsletter]'));
    expect(encodeBody(body).contentType).toBe('application/x-www-form-urlencoded');
  });

  it('multipart: a file field gets a small PNG, and fetch sets the boundary', () => {
    const encoded = encodeBody({
      kind: 'formdata',
      mediaType: 'multipart/form-data',
      fields: [
        { key: 'avatar', value: '', file: true },
        { key: 'name', value: 'x' },
      ],
    });
    expect(encoded.contentType).toBeUndefined();
    const form = encoded.payload as FormData;
    expect((form.get('avatar') as File).type).toBe('image/png');
    expect(form.get('name')).toBe('x');
  });
});

describe('judging an answer', () => {
  const answer = (
    status: number,
    json: unknown = undefined,
    violations = [] as { location: string; message: string }[],
  ) => ({ status, json, violations });
  const broken = { field: 'name', how: 'without', names: ['name'], expect: 422 };
  it.each([
    ['valid: a success', judgeValid(answer(201)), { verdict: 'pass', violations: [] }],
    [
      'valid: a documented error',
      judgeValid(
        answer(422, { message: 'x', errors: { email: ['The email has already been taken.'] } }),
      ),
      {
        verdict: 'warn',
        violations: [],
        note: '422 (documented): The email has already been taken.',
      },
    ],
    [
      'valid: a violation',
      judgeValid(answer(200, {}, [{ location: '/response/status', message: 'm' }])),
      { verdict: 'fail', violations: [{ location: '/response/status', message: 'm' }] },
    ],
    [
      'invalid: the documented 422 naming the field',
      judgeInvalid(answer(422, { errors: { name: ['x'] } }), broken),
      { verdict: 'pass', violations: [] },
    ],
    [
      'invalid: a nested key of the field',
      judgeInvalid(answer(422, { errors: { 'name.first': ['x'] } }), broken),
      { verdict: 'pass', violations: [] },
    ],
    [
      'invalid: accepted',
      judgeInvalid(answer(201), broken),
      {
        verdict: 'fail',
        violations: [
          {
            location: '/response/status',
            message: "201 for a body without 'name', which the document refuses; expected 422",
          },
        ],
      },
    ],
    [
      'invalid: other fields named',
      judgeInvalid(answer(422, { errors: { email: ['x'] } }), broken),
      {
        verdict: 'fail',
        violations: [
          {
            location: '/response/body/errors',
            message: "names no error for 'name' (a body without 'name' was sent)",
          },
        ],
      },
    ],
    [
      'invalid: refused before validation',
      judgeInvalid(answer(403, { message: 'This action is unauthorized.' }), broken),
      {
        verdict: 'warn',
        violations: [],
        note: 'expected 422: 403 (documented): This action is unauthorized.',
      },
    ],
  ])('%s', (_name, got, want) => {
    expect(got).toEqual(want);
  });
});

describe('toJUnit', () => {
  it('one test case per check, failures listed, text escaped', () => {
    const xml = toJUnit({
      url: 'http://127.0.0.1:8000/',
      summary: { checks: 2, passed: 1, failed: 1, warned: 0 },
      results: [
        {
          operation: 'GET /a',
          kind: 'valid',
          request: { method: 'GET', url: 'http://x/a' },
          status: 200,
          verdict: 'pass',
          violations: [],
          ms: 5,
        },
        {
          operation: 'POST /a',
          kind: 'invalid-body',
          request: { method: 'POST', url: 'http://x/a' },
          status: 201,
          verdict: 'fail',
          violations: [{ location: '/response/body/<x>', message: 'a "quoted" & odd \u0001 one' }],
          ms: 1500,
        },
      ],
    });
    expect(xml).toContain('<testsuites name="apidoc verify" tests="2" failures="1" time="1.505">');
    expect(xml).toContain(
      '<testcase classname="GET /a" name="valid request" time="0.005">\n    </testcase>',
    );
    expect(xml).toContain(
      '<failure message="/response/body/&lt;x&gt;: a &quot;quoted&quot; &amp; odd  one" type="contract">POST http://x/a → 201\n/response/body/&lt;x&gt;: a &quot;quoted&quot; &amp; odd  one</failure>',
    );
  });
});
