import { describe, expect, it } from 'vitest';
// @ts-expect-error: the measuring tool is plain JavaScript (laravel-apps/lib).
import * as score from '../../../laravel-apps/lib/ground-truth/score.mjs';

const { matchRequest, operationIndex, scoreFacts } = score;
// @ts-expect-error: the measuring tool is plain JavaScript (laravel-apps/lib).
import { regressions } from '../../../laravel-apps/lib/gate.mjs';

type Schema = Record<string, unknown>;
const json = (schema: Schema) => ({ content: { 'application/json': { schema } } });
const obj = (properties: Record<string, Schema>): Schema => ({ type: 'object', properties });
const str: Schema = { type: 'string' };
const thing = obj({ id: { type: 'integer' }, name: str });

const DOC = {
  openapi: '3.0.3',
  servers: [{ url: 'http://localhost/api' }],
  paths: {
    '/things': {
      get: { responses: { 200: json({ $ref: '#/components/schemas/Page' }), 401: {} } },
      post: {
        requestBody: json(obj({ name: str, items: { type: 'array', items: obj({ sku: str }) } })),
        responses: {
          201: json({ allOf: [obj({ data: { $ref: '#/components/schemas/Thing' } })] }),
        },
      },
    },
    '/things/{thing}': {
      put: { responses: { 200: json(thing) } },
      delete: { responses: { 200: json({}) } },
    },
    '/notes': {
      post: {
        requestBody: json({
          ...obj({ text: str, meta: obj({ tag: str }) }),
          additionalProperties: false,
        }),
        responses: { 200: json(obj({ text: str })) },
      },
    },
    '/notes/latest': { put: { responses: { 200: json(obj({ text: str })) } } },
    '/notes/{note}': { put: { responses: { 200: json(obj({ text: str })) } } },
    '/things/mine': {
      get: { responses: { 200: json(obj({ data: { type: 'array', items: thing } })) } },
    },
  },
  components: {
    schemas: {
      Thing: thing,
      Page: obj({ data: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } }),
    },
  },
};

const fact = (kind: string, method: string, url: string, extra: object) => ({
  kind,
  file: 'tests/T.php',
  line: 1,
  asserted: [],
  request: { method, url, file: 'tests/T.php', line: 1 },
  ...extra,
});

const MATCHES: [string, { method: string; url: string; want: string | undefined }][] = [
  [
    'the base path applied, a literal segment',
    { method: 'get', url: '/api/things', want: 'GET /things' },
  ],
  [
    'a literal beats a parameter',
    { method: 'get', url: '/api/things/mine?x=1', want: 'GET /things/mine' },
  ],
  [
    'an unknown part fills a parameter',
    { method: 'put', url: 'api/things/\u0000', want: 'PUT /things/{thing}' },
  ],
  [
    'an unknown part is a parameter rather than a literal declared before it',
    { method: 'put', url: 'api/notes/\u0000', want: 'PUT /notes/{note}' },
  ],
  [
    'PATCH answered by PUT',
    { method: 'patch', url: 'http://localhost/api/things/5', want: 'PUT /things/{thing}' },
  ],
  ['no such operation', { method: 'get', url: '/web/things', want: undefined }],
];

describe('a test request is matched to a documented operation', () => {
  const index = operationIndex(DOC);
  it.each(MATCHES)('%s', (_name, { method, url, want }) => {
    expect(matchRequest(index, method, url)?.key).toBe(want);
  });
});

const SCORES: [string, { facts: object[]; want: Record<string, number>; causes?: string[] }][] = [
  [
    'properties through $ref, allOf and array items; a bare list read of a wrapped one',
    {
      facts: [
        fact('property', 'get', '/api/things', { path: ['data', '*', 'id'] }),
        fact('property', 'post', '/api/things', { path: ['data', 'name'] }),
        fact('property', 'get', '/api/things', { path: ['*', 'name'] }),
        fact('property', 'get', '/api/things', { path: ['meta'] }),
      ],
      want: { properties: 4, propertiesFound: 2, propertyRecall: 0.5 },
      causes: [
        'wrapper: the document wraps in `data`, the app does not',
        "top-level `meta` not documented (a paginator's envelope?)",
      ],
    },
  ],
  [
    'the app wraps in data, the document does not; an empty schema',
    {
      facts: [
        fact('property', 'put', '/api/things/1', { path: ['data', 'id'] }),
        fact('property', 'delete', '/api/things/1', { path: ['id'] }),
      ],
      want: { propertiesFound: 0 },
      causes: [
        'wrapper: the app wraps in `data`, the document does not',
        'success schema says nothing ({} or an object without properties)',
      ],
    },
  ],
  [
    "assertJsonStructure's * walks every value of an object too",
    {
      facts: [
        fact('property', 'get', '/api/things/mine', { path: ['*', '*', 'id'] }),
        fact('property', 'put', '/api/things/1', { path: ['*', 'id'] }),
      ],
      want: { properties: 2, propertiesFound: 1 },
      causes: ['documented as an object, the test reads a list'],
    },
  ],
  [
    'a body asserted beside an error status is not the success schema',
    {
      facts: [fact('property', 'get', '/api/things', { path: ['message'], asserted: [401] })],
      want: { properties: 0, propertyRecall: 1 },
    },
  ],
  [
    'statuses: the success status agrees or not, error statuses documented or not',
    {
      facts: [
        fact('status', 'post', '/api/things', { status: 201 }),
        fact('status', 'delete', '/api/things/1', { status: 204 }),
        fact('status', 'get', '/api/things', { status: 401 }),
        fact('status', 'get', '/api/things', { status: 403 }),
      ],
      want: { statusAgreement: 0.5, errorStatusRecall: 0.5 },
      causes: ['documented 200, the test asserts 204', '403 not documented'],
    },
  ],
  [
    'validation fields along the request body, list items as *',
    {
      facts: [
        fact('validation', 'post', '/api/things', { field: 'name' }),
        fact('validation', 'post', '/api/things', { field: 'items.*.sku' }),
        fact('validation', 'post', '/api/things', { field: 'email' }),
      ],
      want: { validationFields: 3, validationFieldsFound: 2 },
      causes: ['field not in the request body'],
    },
  ],
  [
    'a field sent to be refused, where the body is closed (additionalProperties: false)',
    {
      facts: [
        fact('validation', 'post', '/api/notes', { field: 'unexpected' }),
        fact('validation', 'post', '/api/notes', { field: 'text' }),
        // `meta` is open: a key it does not list is not said to be refused.
        fact('validation', 'post', '/api/notes', { field: 'meta.other' }),
      ],
      want: { validationFields: 3, validationFieldsFound: 2 },
      causes: ['field not in the request body'],
    },
  ],
  [
    'requests and routes found, only under the API prefix',
    {
      facts: [
        fact('status', 'get', '/api/things', { status: 200 }),
        fact('status', 'get', '/api/things/mine', { status: 200 }),
        fact('status', 'get', '/api/nothing', { status: 200 }),
        fact('status', 'get', '/login', { status: 200 }),
      ],
      want: { requests: 3, requestsMatched: 2, routesFound: 2 },
      causes: ['no documented operation answers this request'],
    },
  ],
];

describe('facts are scored against the document', () => {
  it.each(SCORES)('%s', (_name, { facts, want, causes }) => {
    const { figures, misses } = scoreFacts(DOC, facts) as {
      figures: Record<string, number>;
      misses: { cause: string }[];
    };
    expect(figures).toMatchObject(want);
    if (causes) expect(misses.map((m) => m.cause)).toEqual(causes);
  });
});

describe('ground-truth figures are gated', () => {
  it('a recall that falls is a regression, per app and pooled', () => {
    const was = {
      apps: { a: { tests: { propertyRecall: 0.8 } } },
      totals: { tests: { statusAgreement: 0.9 } },
    };
    const now = {
      apps: { a: { tests: { propertyRecall: 0.7 } } },
      totals: { tests: { statusAgreement: 0.8 } },
    };
    expect(regressions(was, now)).toEqual([
      { app: 'a', figure: 'tests.propertyRecall', was: 0.8, now: 0.7 },
      { app: 'all', figure: 'tests.statusAgreement', was: 0.9, now: 0.8 },
    ]);
  });
});
