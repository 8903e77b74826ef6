import { createRequire } from 'node:module';
import type * as Sdk from 'postman-collection';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  OpenApiDocument,
  SchemaObject,
  SecuritySchemeObject,
} from '../../../src/core/types.js';
import {
  toPostmanCollection,
  type PostmanCollectionJson,
  type PostmanExportOptions,
} from '../../../src/export/postman.js';
import { conforms } from '../../../src/core/engine/generate/index.js';
import { api, shop } from './helpers.js';

const { Collection } = createRequire(import.meta.url)('postman-collection') as typeof Sdk;

interface KeyValue {
  key: string;
  value?: string;
  disabled?: boolean;
  type?: string;
  src?: unknown;
}
interface Req {
  method: string;
  url: { raw: string; path: string[]; query?: KeyValue[]; variable?: KeyValue[] };
  header?: KeyValue[];
  auth?: { type: string; [type: string]: unknown };
  body?: {
    mode: string;
    raw?: string;
    urlencoded?: KeyValue[];
    formdata?: KeyValue[];
    options?: unknown;
  };
}
interface ItemJson {
  id: string;
  name: string;
  request: Req;
  response: { id: string; name: string; code: number; body?: string; header: KeyValue[] }[];
  event?: { listen: string; script: { id: string; exec: string[] } }[];
}

const folders = (c: PostmanCollectionJson) => c.item.map((f) => f.name);
const items = (c: PostmanCollectionJson) =>
  c.item.flatMap((f) => (f.item ?? []) as unknown as ItemJson[]);
const byName = (c: PostmanCollectionJson, name: string) => items(c).find((i) => i.name === name)!;
const variable = (c: PostmanCollectionJson, key: string) =>
  c.variable?.find((v) => v.key === key)?.value;
const authParams = (auth: Req['auth']) =>
  Object.fromEntries(((auth?.[auth.type] ?? []) as KeyValue[]).map((p) => [p.key, p.value]));

describe('folders', () => {
  it.each([
    [
      'one per tag, in the order the document lists its tags',
      api(
        { 'GET /a': { tags: ['A'] }, 'GET /b': { tags: ['B'] } },
        { tags: [{ name: 'B' }, { name: 'A' }] },
      ),
      ['B', 'A'],
    ],
    [
      'unlisted tags after, in order of appearance',
      api({ 'GET /z': { tags: ['Z'] }, 'GET /a': { tags: ['A'] } }, { tags: [{ name: 'A' }] }),
      ['A', 'Z'],
    ],
    [
      'untagged operations in "default"',
      api({ 'GET /a': { tags: ['A'] }, 'GET /x': {} }),
      ['A', 'default'],
    ],
    ['an operation with several tags in its first', api({ 'GET /a': { tags: ['A', 'B'] } }), ['A']],
    [
      'no folder for a listed tag without operations',
      api({ 'GET /a': { tags: ['A'] } }, { tags: [{ name: 'Empty' }, { name: 'A' }] }),
      ['A'],
    ],
  ])('%s', (_name, doc, want) => {
    expect(folders(toPostmanCollection(doc))).toEqual(want);
  });

  it('keeps the tag description; paths in document order, each read list, create, show, update, delete', () => {
    const doc = api(
      {
        'DELETE /a/{id}': { tags: ['A'], summary: 'delete' },
        'GET /a': { tags: ['A'], summary: 'list' },
        'PUT /a/{id}': { tags: ['A'], summary: 'put' },
        'GET /a/{id}': { tags: ['A'], summary: 'show' },
        'POST /a': { tags: ['A'], summary: 'create' },
      },
      { tags: [{ name: 'A', description: 'The As' }] },
    );
    const c = toPostmanCollection(doc);
    expect(c.item[0]).toMatchObject({ name: 'A', description: { content: 'The As' } });
    expect(items(c).map((i) => i.name)).toEqual(['show', 'put', 'delete', 'list', 'create']);
  });
});

describe('the baseUrl variable', () => {
  it.each<[string, Partial<OpenApiDocument>, PostmanExportOptions, string]>([
    ["the mock's address without servers", {}, {}, 'http://127.0.0.1:8081'],
    [
      'the first server, without a trailing slash',
      { servers: [{ url: 'https://api.test/v1/' }, { url: 'https://other.test' }] },
      {},
      'https://api.test/v1',
    ],
    [
      'server variables at their defaults',
      {
        servers: [
          {
            url: 'https://{tenant}.api.test/{v}',
            variables: { tenant: { default: 'acme' }, v: { default: 'v2' } },
          } as never,
        ],
      },
      {},
      'https://acme.api.test/v2',
    ],
    [
      "a relative server against the mock's address",
      { servers: [{ url: '/api' }] },
      {},
      'http://127.0.0.1:8081/api',
    ],
    [
      'the option over the document',
      { servers: [{ url: 'https://api.test' }] },
      { baseUrl: 'http://localhost:9000/' },
      'http://localhost:9000',
    ],
  ])('%s', (_name, extra, options, want) => {
    const c = toPostmanCollection(api({ 'GET /a/{id}': {} }, extra), options);
    expect(variable(c, 'baseUrl')).toBe(want);
    expect(items(c)[0]!.request.url.raw).toBe('{{baseUrl}}/a/:id');
  });
});

describe('collection-level auth, one row per scheme type', () => {
  it.each<
    [
      string,
      SecuritySchemeObject,
      { type: string; params?: Record<string, string>; header?: KeyValue },
      Record<string, string>,
    ]
  >([
    [
      'http bearer',
      { type: 'http', scheme: 'bearer' },
      { type: 'bearer', params: { token: '{{bearerToken}}' } },
      { bearerToken: 'mock-token-postman' },
    ],
    [
      'http bearer, JWT',
      { type: 'http', scheme: 'Bearer', bearerFormat: 'JWT' },
      { type: 'bearer', params: { token: '{{bearerToken}}' } },
      { bearerToken: 'mock-token-postman' },
    ],
    [
      'oauth2, with its flow pre-filled',
      {
        type: 'oauth2',
        flows: { clientCredentials: { tokenUrl: 'https://id.test/token', scopes: {} } },
      } as SecuritySchemeObject,
      {
        type: 'oauth2',
        params: {
          accessToken: '{{bearerToken}}',
          addTokenTo: 'header',
          grant_type: 'client_credentials',
          accessTokenUrl: 'https://id.test/token',
          scope: 'read write',
        },
      },
      { bearerToken: 'mock-token-postman' },
    ],
    [
      'openIdConnect',
      { type: 'openIdConnect' },
      { type: 'oauth2', params: { accessToken: '{{bearerToken}}', tokenType: 'Bearer' } },
      { bearerToken: 'mock-token-postman' },
    ],
    [
      'apiKey in a header',
      { type: 'apiKey', in: 'header', name: 'X-Key' },
      { type: 'apikey', params: { key: 'X-Key', value: '{{apiKey}}', in: 'header' } },
      { apiKey: 'mock-api-key-postman' },
    ],
    [
      'apiKey in the query',
      { type: 'apiKey', in: 'query', name: 'token' },
      { type: 'apikey', params: { key: 'token', value: '{{apiKey}}', in: 'query' } },
      { apiKey: 'mock-api-key-postman' },
    ],
    [
      'apiKey in a cookie',
      { type: 'apiKey', in: 'cookie', name: 'sid' },
      { type: 'noauth', header: { key: 'Cookie', value: 'sid={{apiKey}}' } },
      { apiKey: 'mock-api-key-postman' },
    ],
    [
      'http basic',
      { type: 'http', scheme: 'basic' },
      { type: 'basic', params: { username: '{{basicUsername}}', password: '{{basicPassword}}' } },
      { basicUsername: 'user', basicPassword: 'password' },
    ],
    [
      'another http scheme',
      { type: 'http', scheme: 'Digest' },
      { type: 'noauth', header: { key: 'Authorization', value: 'Digest {{bearerToken}}' } },
      { bearerToken: 'mock-token-postman' },
    ],
  ])('%s', (_name, scheme, want, variables) => {
    const doc = api(
      { 'GET /a': {} },
      { schemes: { s: scheme }, security: [{ s: ['read', 'write'] }] },
    );
    const c = toPostmanCollection(doc);
    expect(c.auth?.type).toBe(want.type);
    if (want.params) expect(authParams(c.auth)).toMatchObject(want.params);
    const request = items(c)[0]!.request;
    expect(request.auth).toBeUndefined();
    if (want.header) expect(request.header).toContainEqual(want.header);
    for (const [key, value] of Object.entries(variables)) expect(variable(c, key)).toBe(value);
  });

  it('defines only the variables some request uses, and takes other values when asked', () => {
    const doc = api(
      { 'GET /a': {} },
      { schemes: { s: { type: 'http', scheme: 'bearer' } }, security: [{ s: [] }] },
    );
    const c = toPostmanCollection(doc, { credentials: { bearerToken: 'real-token' } });
    expect(c.variable?.map((v) => [v.key, v.value])).toEqual([
      ['baseUrl', 'http://127.0.0.1:8081'],
      ['bearerToken', 'real-token'],
    ]);
  });
});

describe('per-request auth', () => {
  const schemes: Record<string, SecuritySchemeObject> = {
    bearer: { type: 'http', scheme: 'bearer' },
    key: { type: 'apiKey', in: 'header', name: 'X-Key' },
  };
  it.each<[string, unknown, { type?: string; header?: KeyValue }]>([
    ['inherited when the operation declares none', undefined, {}],
    ["inherited when it declares the document's", [{ bearer: [] }], {}],
    ['noauth for `security: []`', [], { type: 'noauth' }],
    ['noauth for an anonymous alternative first', [{}, { bearer: [] }], { type: 'noauth' }],
    ['its own where it differs', [{ key: [] }], { type: 'apikey' }],
    [
      'the first scheme of an AND as auth (here inherited), the others as headers',
      [{ bearer: [], key: [] }],
      { header: { key: 'X-Key', value: '{{apiKey}}' } },
    ],
    [
      'an AND led by another scheme as its own auth',
      [{ key: [], bearer: [] }],
      { type: 'apikey', header: { key: 'Authorization', value: 'Bearer {{bearerToken}}' } },
    ],
  ])('%s', (_name, security, want) => {
    const doc = api(
      { 'GET /a': security === undefined ? {} : { security: security as never } },
      { schemes, security: [{ bearer: [] }] },
    );
    const request = items(toPostmanCollection(doc))[0]!.request;
    expect(request.auth?.type).toBe(want.type);
    if (want.header) expect(request.header).toContainEqual(want.header);
  });
});

describe('parameters of the fixture', () => {
  let c: PostmanCollectionJson;
  beforeAll(async () => {
    c = toPostmanCollection(await shop());
  });

  it.each<[string, string, (r: Req) => void]>([
    [
      'path variables as :name with a valid value',
      'Show a product',
      (r) => {
        expect(r.url.raw).toBe('{{baseUrl}}/products/:product_id');
        expect(r.url.variable).toEqual([
          expect.objectContaining({ key: 'product_id', value: '1' }),
        ]);
      },
    ],
    [
      'a uuid path variable gets a uuid',
      'Show an order',
      (r) => {
        expect(r.url.variable?.[0]?.value).toMatch(
          /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
        );
      },
    ],
    [
      'a segment holding two parameters gets their values inline',
      'Download a report',
      (r) => {
        expect(r.url.raw).toMatch(/^\{\{baseUrl\}\}\/exports\/(sales|stock)\.csv$/);
      },
    ],
    [
      'required query parameters enabled, optional ones disabled',
      'List products',
      (r) => {
        const q = Object.fromEntries((r.url.query ?? []).map((p) => [p.key, p.disabled === true]));
        expect(q).toMatchObject({
          sort: false,
          page: true,
          per_page: true,
          category: true,
          in_stock: true,
          ids: true,
        });
        expect(r.url.raw).toMatch(/\?sort=(name|-name|price|-price)$/);
      },
    ],
    [
      'an exploded array repeats its key; a deepObject uses brackets',
      'List products',
      (r) => {
        const keys = (r.url.query ?? []).map((p) => p.key);
        expect(keys.filter((k) => k === 'ids').length).toBeGreaterThanOrEqual(1);
        expect(keys).toEqual(expect.arrayContaining(['filter[min_price]', 'filter[brand]']));
      },
    ],
    [
      'header parameters: required enabled, optional disabled; Accept always',
      'Show a product',
      (r) => {
        expect(r.header).toContainEqual({ key: 'Accept', value: 'application/json' });
        expect(r.header?.find((h) => h.key === 'X-Request-Id')).toMatchObject({
          value: expect.stringMatching(/^[0-9a-f-]{36}$/),
        });
        expect(r.header?.find((h) => h.key === 'X-Request-Id')?.disabled).toBeUndefined();
        expect(r.header?.find((h) => h.key === 'Accept-Language')?.disabled).toBe(true);
      },
    ],
    [
      'a `+` in a query value is percent-encoded',
      'List orders',
      (r) => {
        expect(r.url.query?.find((q) => q.key === 'placed_after')?.value).not.toContain('+');
      },
    ],
  ])('%s', (_name, request, check) => {
    check(byName(c, request).request);
  });
});

describe("parameter values are checked in the form they are sent, by the mock's own validation", () => {
  const path = (schema: SchemaObject, extra: object = {}) =>
    api({
      'GET /r/{p}': { parameters: [{ name: 'p', in: 'path', required: true, schema, ...extra }] },
    });
  it.each<[string, ReturnType<typeof path>, string]>([
    ['a numeric path parameter reads `1`', path({ type: 'integer', minimum: 1 }), '1'],
    [
      'a declared example that is valid is kept',
      path({ type: 'string' }, { example: 'main' }),
      'main',
    ],
    [
      'a stale declared example is skipped',
      path({ type: 'integer', maximum: 9 }, { example: 42 }),
      '1',
    ],
    [
      'a `/` inside a value is percent-encoded',
      path({ type: 'string' }, { example: 'heads/main' }),
      'heads%2Fmain',
    ],
    [
      '"5" on the wire matches oneOf [integer, string] as the mock coerces it: the first example is kept',
      path(
        { oneOf: [{ type: 'integer' }, { type: 'string' }] },
        { examples: { id: { value: 5 }, name: { value: 'ci.yml' } } },
      ),
      '5',
    ],
  ])('%s', (_name, doc, want) => {
    expect(items(toPostmanCollection(doc))[0]!.request.url.variable).toEqual([
      expect.objectContaining({ key: 'p', value: want }),
    ]);
  });

  it('a form example the mock would refuse is skipped for generated data', () => {
    const schema = {
      type: 'object',
      required: ['n'],
      properties: { n: { type: 'string', minLength: 1 } },
    };
    const doc = api({
      'POST /f': {
        requestBody: {
          content: { 'application/x-www-form-urlencoded': { schema, example: { n: '' } } },
        },
      },
    });
    const fields = items(toPostmanCollection(doc))[0]!.request.body!.urlencoded!;
    expect(fields.find((f) => f.key === 'n')?.value).not.toBe('');
  });
});

describe('request bodies of the fixture', () => {
  let doc: OpenApiDocument;
  let c: PostmanCollectionJson;
  beforeAll(async () => {
    doc = await shop();
    c = toPostmanCollection(doc);
  });

  it.each<[string, string, (r: Req) => void]>([
    [
      'JSON as raw JSON with its Content-Type, valid request data',
      'Create a product',
      (r) => {
        expect(r.body).toMatchObject({ mode: 'raw', options: { raw: { language: 'json' } } });
        expect(r.header).toContainEqual({ key: 'Content-Type', value: 'application/json' });
        const schema = doc.components!.schemas!.ProductInput!;
        expect(conforms(doc, schema, JSON.parse(r.body!.raw!), 'request')).toBe(true);
      },
    ],
    [
      'a urlencoded form as fields, nested keys in brackets',
      'Place an order',
      (r) => {
        expect(r.body?.mode).toBe('urlencoded');
        const keys = r.body!.urlencoded!.map((f) => f.key);
        expect(keys).toEqual(
          expect.arrayContaining(['customer_email', 'gift', 'items[0][sku]', 'items[0][quantity]']),
        );
        expect(r.body!.urlencoded!.find((f) => f.key === 'gift')?.value).toMatch(/^(true|false)$/);
      },
    ],
    [
      'multipart form-data with a file field',
      'Upload a product image',
      (r) => {
        expect(r.body?.mode).toBe('formdata');
        expect(r.body!.formdata!.find((f) => f.key === 'image')).toMatchObject({ type: 'file' });
        expect(r.body!.formdata!.find((f) => f.key === 'alt')).toMatchObject({
          type: 'text',
          value: expect.any(String),
        });
      },
    ],
    [
      'no body where none is declared',
      'Show a product',
      (r) => {
        expect(r.body).toBeUndefined();
      },
    ],
  ])('%s', (_name, request, check) => {
    check(byName(c, request).request);
  });

  it('prefers JSON when a body is declared both ways, and takes a declared example that is valid', () => {
    const schema = { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } };
    const d = api({
      'POST /a': {
        requestBody: {
          content: {
            'application/x-www-form-urlencoded': { schema },
            'application/json': {
              schema,
              examples: { stale: { value: { n: 'x' } }, good: { value: { n: 7 } } },
            },
          },
        },
      },
    });
    expect(items(toPostmanCollection(d))[0]!.request.body).toMatchObject({
      mode: 'raw',
      raw: '{\n  "n": 7\n}',
    });
  });
});

describe('saved example responses', () => {
  it.each<[string, string, [number, string][]]>([
    [
      'every declared status, success first as the mock answers it',
      'Create a product',
      [
        [200, '200 Never used when 201 is declared'],
        [201, '201 Created'],
        [422, '422 Invalid'],
      ],
    ],
    [
      "a 204 without body, a 404 with the mock's default body",
      'Delete a product',
      [
        [204, '204 Deleted'],
        [404, '404 Not found'],
      ],
    ],
  ])('%s', async (_name, request, want) => {
    const item = byName(toPostmanCollection(await shop()), request);
    expect(item.response.map((r) => [r.code, r.name])).toEqual(want);
    for (const r of item.response) {
      if (r.code === 204) expect(r.body).toBeUndefined();
      else if (r.code !== 200) expect(JSON.parse(r.body!)).toBeTypeOf('object');
    }
  });

  it("a paginated list is a consistent page (per_page from the spec's default)", async () => {
    const c = toPostmanCollection(await shop());
    const page = JSON.parse(byName(c, 'List products').response[0]!.body!) as {
      data: unknown[];
      meta: Record<string, number>;
    };
    expect(page.meta).toMatchObject({ current_page: 1, from: 1, to: 20, per_page: 20 });
    expect(page.data).toHaveLength(20);
  });

  it('an item echoes the id in its URL, as the mock does', () => {
    const item = {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
    };
    const doc = api({
      'GET /things/{id}': {
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
        ],
        responses: {
          '200': { description: 'OK', content: { 'application/json': { schema: item } } },
        },
      },
    });
    const saved = items(toPostmanCollection(doc))[0]!.response[0]!;
    expect(JSON.parse(saved.body!)).toMatchObject({ id: 1 });
    expect(saved.header).toEqual([{ key: 'Content-Type', value: 'application/json' }]);
  });
});

describe('--include-tests', () => {
  let c: PostmanCollectionJson;
  beforeAll(async () => {
    c = toPostmanCollection(await shop(), { includeTests: true });
  });
  const script = (name: string) =>
    byName(c, name)
      .event?.find((e) => e.listen === 'test')
      ?.script.exec.join('\n') ?? '';

  it('no scripts without it', async () => {
    expect(items(toPostmanCollection(await shop())).every((i) => !i.event?.length)).toBe(true);
  });

  it.each<[string, string, RegExp[], RegExp[]]>([
    [
      '201 for a POST declaring it, JSON and schema',
      'Create a product',
      [/have\.status\(201\)/, /Content-Type is JSON/, /jsonSchema\(schema\)/],
      [/Pagination/],
    ],
    [
      '204 for a DELETE declaring it, and nothing about a body',
      'Delete a product',
      [/have\.status\(204\)/],
      [/Content-Type/, /jsonSchema/],
    ],
    [
      "the resource envelope's arithmetic",
      'List products',
      [/have\.status\(200\)/, /var m = body\.meta;/, /Math\.ceil\(m\.total \/ m\.per_page\)/],
      [],
    ],
    [
      "the flat paginator's arithmetic",
      'List orders',
      [/var m = body;/, /m\.from\)\.to\.eql\(first\)/],
      [],
    ],
    [
      'a non-JSON success: status only',
      'Download a report',
      [/have\.status\(200\)/],
      [/Content-Type is JSON/],
    ],
  ])('%s', (_name, request, present, absent) => {
    const text = script(request);
    for (const pattern of present) expect(text).toMatch(pattern);
    for (const pattern of absent) expect(text).not.toMatch(pattern);
  });

  it('every request has one, with a fixed id', () => {
    for (const item of items(c)) {
      expect(item.event).toHaveLength(1);
      expect(item.event![0]!.script.id).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
  });
});

describe('deterministic output', () => {
  it('two runs are byte-equal', async () => {
    const doc = await shop();
    const once = JSON.stringify(toPostmanCollection(doc, { includeTests: true }));
    expect(JSON.stringify(toPostmanCollection(await shop(), { includeTests: true }))).toBe(once);
  });

  it('ids are UUID-shaped, unique, and an operation keeps its id when others are added', async () => {
    const doc = await shop();
    const c = toPostmanCollection(doc);
    const ids = [
      c.info._postman_id,
      ...c.item.map((f) => f.id),
      ...items(c).flatMap((i) => [i.id, ...i.response.map((r) => r.id)]),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    doc.paths!['/new'] = { get: { responses: {} } };
    expect(byName(toPostmanCollection(doc), 'Show a product').id).toBe(
      byName(c, 'Show a product').id,
    );
  });
});

describe('read back with the SDK', () => {
  it('new Collection(json) keeps every request, its method, URL, auth and body', async () => {
    const doc = await shop();
    const json = toPostmanCollection(doc, { includeTests: true });
    const collection = new Collection(
      JSON.parse(JSON.stringify(json)) as ConstructorParameters<typeof Collection>[0],
    );
    // The SDK's own type declarations lack `forEachItem`; walk the folders through `all()`.
    const folderList = collection.items.all() as Sdk.ItemGroup[];
    const read = folderList.flatMap((folder) => folder.items.all() as Sdk.Item[]);
    expect(read).toHaveLength(items(json).length);
    const methods = ['get', 'put', 'post', 'delete', 'patch'];
    expect(read).toHaveLength(
      Object.values(doc.paths!).flatMap((p) => Object.keys(p).filter((k) => methods.includes(k)))
        .length,
    );
    for (const [i, item] of read.entries()) {
      const original = items(json)[i]!;
      expect(item.id).toBe(original.id);
      expect(item.request.method).toBe(original.request.method);
      expect(`{{baseUrl}}${item.request.url.getPath(true)}`).toBe(
        original.request.url.raw.split('?')[0],
      );
      expect(item.request.url.getQueryString()).toBe(original.request.url.raw.split('?')[1] ?? '');
      expect((item.getAuth() as unknown as { type?: string } | undefined)?.type ?? 'bearer').toBe(
        original.request.auth?.type ?? json.auth?.type,
      );
      expect(item.responses.count()).toBe(original.response.length);
      expect(item.events.count()).toBe(1);
    }
    expect(JSON.parse(JSON.stringify(collection.toJSON())).item).toHaveLength(json.item.length);
  });
});
