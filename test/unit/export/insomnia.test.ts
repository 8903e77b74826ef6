import { beforeAll, describe, expect, it } from 'vitest';
import type { SecuritySchemeObject } from '../../../src/core/types.js';
import {
  toInsomniaExport,
  type InsomniaExport,
  type InsomniaResource,
} from '../../../src/export/insomnia.js';
import { api, shop } from './helpers.js';

type Pair = { name: string; value: string; disabled?: boolean; type?: string };
type Req = InsomniaResource & {
  method: string;
  url: string;
  parameters: Pair[];
  headers: Pair[];
  authentication: Record<string, unknown>;
  body: { mimeType?: string; text?: string; params?: Pair[] };
};
const of = (e: InsomniaExport, type: string) => e.resources.filter((r) => r._type === type);
const request = (e: InsomniaExport, name: string) =>
  of(e, 'request').find((r) => r.name === name) as Req;

describe('the workspace', () => {
  let e: InsomniaExport;
  beforeAll(async () => {
    e = toInsomniaExport(await shop());
  });

  it('is export format 4 with a workspace, a base environment and a folder per tag', () => {
    expect(e).toMatchObject({
      _type: 'export',
      __export_format: 4,
      __export_source: expect.any(String),
    });
    const [workspace] = of(e, 'workspace');
    expect(workspace).toMatchObject({ name: 'Shop API', parentId: null, scope: 'collection' });
    expect(of(e, 'environment')).toEqual([
      expect.objectContaining({ name: 'Base Environment', parentId: workspace!._id }),
    ]);
    expect(of(e, 'request_group').map((f) => [f.name, f.parentId])).toEqual(
      ['Products', 'Orders', 'Uploads', 'Account', 'default'].map((name) => [name, workspace!._id]),
    );
  });

  it('the environment holds base_url and the credentials the mock accepts', () => {
    expect(of(e, 'environment')[0]!.data).toEqual({
      base_url: 'http://127.0.0.1:8081/v1',
      bearer_token: 'mock-token-insomnia',
      api_key: 'mock-api-key-insomnia',
      basic_username: 'user',
      basic_password: 'password',
    });
  });

  it("ids are prefixed as Insomnia's, unique, and the same on every run", async () => {
    const ids = e.resources.map((r) => r._id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^(wrk|env|fld|req)_[0-9a-f]{32}$/);
    expect(JSON.stringify(toInsomniaExport(await shop()))).toBe(JSON.stringify(e));
  });
});

describe('requests of the fixture', () => {
  let e: InsomniaExport;
  beforeAll(async () => {
    e = toInsomniaExport(await shop());
  });

  it.each<[string, string, (r: Req) => void]>([
    [
      'method, and the URL on base_url with path values filled in',
      'Show a product',
      (r) => {
        expect(r.method).toBe('GET');
        expect(r.url).toBe('{{ _.base_url }}/products/1');
      },
    ],
    [
      'query parameters, optional ones disabled',
      'List products',
      (r) => {
        expect(r.parameters.find((p) => p.name === 'sort')?.disabled).toBeUndefined();
        expect(r.parameters.find((p) => p.name === 'page')?.disabled).toBe(true);
      },
    ],
    [
      'headers: Accept, and header parameters',
      'Show a product',
      (r) => {
        expect(r.headers[0]).toEqual({ name: 'Accept', value: 'application/json' });
        expect(r.headers.find((h) => h.name === 'X-Request-Id')?.value).toMatch(/^[0-9a-f-]{36}$/);
      },
    ],
    [
      'bearer auth from the environment',
      'Create a product',
      (r) => {
        expect(r.authentication).toEqual({
          type: 'bearer',
          token: '{{ _.bearer_token }}',
          prefix: '',
          disabled: false,
        });
      },
    ],
    [
      'oauth2 and openIdConnect as bearer tokens',
      'Who am I',
      (r) => {
        expect(r.authentication).toMatchObject({ type: 'bearer' });
      },
    ],
    [
      'basic auth',
      'Upload a product image',
      (r) => {
        expect(r.authentication).toMatchObject({
          type: 'basic',
          username: '{{ _.basic_username }}',
          password: '{{ _.basic_password }}',
        });
      },
    ],
    [
      'an API key in a header',
      'Place an order',
      (r) => {
        expect(r.authentication).toEqual({});
        expect(r.headers).toContainEqual({ name: 'X-Shop-Key', value: '{{ _.api_key }}' });
      },
    ],
    [
      'an API key in the query',
      'List orders',
      (r) => {
        expect(r.parameters).toContainEqual({ name: 'key', value: '{{ _.api_key }}' });
      },
    ],
    [
      'an API key in a cookie',
      'Current session',
      (r) => {
        expect(r.headers).toContainEqual({ name: 'Cookie', value: 'shop_session={{ _.api_key }}' });
      },
    ],
    [
      'token and key together',
      'Partner report (token and key together)',
      (r) => {
        expect(r.authentication).toMatchObject({ type: 'bearer' });
        expect(r.headers).toContainEqual({ name: 'X-Shop-Key', value: '{{ _.api_key }}' });
      },
    ],
    [
      'no auth for `security: []`',
      'Ping',
      (r) => {
        expect(r.authentication).toEqual({});
      },
    ],
    [
      'a JSON body as text, with its Content-Type',
      'Create a product',
      (r) => {
        expect(r.body.mimeType).toBe('application/json');
        expect(JSON.parse(r.body.text!)).toMatchObject({
          name: expect.any(String),
          price: expect.any(Object),
        });
        expect(r.headers).toContainEqual({ name: 'Content-Type', value: 'application/json' });
      },
    ],
    [
      'a urlencoded body as params',
      'Place an order',
      (r) => {
        expect(r.body.mimeType).toBe('application/x-www-form-urlencoded');
        expect(r.body.params?.map((p) => p.name)).toEqual(
          expect.arrayContaining(['customer_email', 'items[0][sku]']),
        );
      },
    ],
    [
      'a multipart body with a file param',
      'Upload a product image',
      (r) => {
        expect(r.body.mimeType).toBe('multipart/form-data');
        expect(r.body.params?.find((p) => p.name === 'image')).toMatchObject({ type: 'file' });
      },
    ],
    [
      'no body where none is declared',
      'Delete a product',
      (r) => {
        expect(r.body).toEqual({});
      },
    ],
  ])('%s', (_name, name, check) => {
    check(request(e, name));
  });
});

describe('options', () => {
  it.each<[string, Parameters<typeof toInsomniaExport>[1], Record<string, string>]>([
    ['defaults', {}, { base_url: 'http://127.0.0.1:8081', bearer_token: 'mock-token-insomnia' }],
    [
      'baseUrl and credentials',
      { baseUrl: 'https://api.test/', credentials: { bearerToken: 't' } },
      { base_url: 'https://api.test', bearer_token: 't' },
    ],
  ])('%s', (_name, options, want) => {
    const scheme: SecuritySchemeObject = { type: 'http', scheme: 'bearer' };
    const e = toInsomniaExport(
      api({ 'GET /a': {} }, { schemes: { s: scheme }, security: [{ s: [] }] }),
      options,
    );
    expect(of(e, 'environment')[0]!.data).toEqual(want);
  });
});
