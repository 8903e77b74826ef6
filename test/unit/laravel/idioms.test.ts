import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument, OperationObject } from '../../../src/core/types.js';
import { generateOpenApi } from '../../../src/laravel/generate.js';

/**
 * Issue 15's idioms, one small project each under test/fixtures (see each one's README): what
 * the document says of the operations they declare.
 */
const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures');
const scratch: string[] = [];

afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

interface Run {
  document: OpenApiDocument;
  warnings: string[];
}

/** The fixture's document (with a `config/apidoc.php` written into a copy when given). */
async function run(fixture: string, config?: string): Promise<Run> {
  let dir = path.join(FIXTURES, fixture);
  if (config) {
    const copy = mkdtempSync(path.join(tmpdir(), 'apidoc-idiom-'));
    scratch.push(copy);
    cpSync(dir, copy, { recursive: true });
    mkdirSync(path.join(copy, 'config'), { recursive: true });
    writeFileSync(path.join(copy, 'config/apidoc.php'), `<?php\nreturn ${config};\n`);
    dir = copy;
  }
  const result = await generateOpenApi(dir, { cache: false });
  return {
    document: result.document,
    warnings: result.warnings.map((w) => `${w.file ?? ''}:${w.line ?? ''} ${w.message}`),
  };
}

function operations(document: OpenApiDocument): string[] {
  return Object.entries(document.paths ?? {})
    .flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`))
    .sort();
}

function operation(document: OpenApiDocument, key: string): OperationObject {
  const [method, p] = key.split(' ') as [string, string];
  const found = document.paths?.[p]?.[method.toLowerCase() as 'get'];
  if (!found) throw new Error(`no ${key} in ${operations(document).join(', ')}`);
  return found;
}

/** A request body's properties (through its component), and which are required. */
function body(document: OpenApiDocument, key: string): { fields: string[]; required: string[] } {
  const content = operation(document, key).requestBody as
    { content: Record<string, { schema: Record<string, unknown> }> } | undefined;
  let schema = Object.values(content?.content ?? {})[0]?.schema ?? {};
  const ref = schema.$ref as string | undefined;
  if (ref) schema = document.components?.schemas?.[ref.split('/').pop()!] as typeof schema;
  const parts = (schema.allOf as (typeof schema)[] | undefined) ?? [schema];
  const resolved = parts.map((p) =>
    p.$ref ? (document.components?.schemas?.[String(p.$ref).split('/').pop()!] as typeof p) : p,
  );
  return {
    fields: resolved.flatMap((p) => Object.keys((p.properties as object) ?? {})),
    required: resolved.flatMap((p) => (p.required as string[]) ?? []),
  };
}

function query(document: OpenApiDocument, key: string): string[] {
  return (operation(document, key).parameters ?? [])
    .filter((p) => 'in' in p && p.in === 'query')
    .map((p) => ('name' in p ? p.name : ''));
}

interface Case {
  fixture: string;
  config?: string;
  check: (run: Run) => void;
}

const cases: [string, Case][] = [
  [
    'withRouting(using:) calling a static helper: file name by sprintf and a constant, prefix from config() with an env() default, namespace by concatenation, the facade under an alias',
    {
      fixture: 'laravel-mini/routing-helpers',
      check: ({ document, warnings }) => {
        expect(operations(document)).toEqual(['GET /api/v1/books', 'GET /api/v1/books/{book}']);
        expect(operation(document, 'GET /api/v1/books').summary).toBe('List the books');
        expect(warnings).toEqual([]);
      },
    },
  ],
  [
    'the API prefix by default: webhooks outside it are left out',
    {
      fixture: 'laravel-mini/routing-helpers',
      check: ({ document }) =>
        expect(operations(document).filter((o) => o.includes('webhooks'))).toEqual([]),
    },
  ],
  [
    "config/apidoc.php api_prefix documents what it names (['api', 'webhooks'])",
    {
      fixture: 'laravel-mini/routing-helpers',
      config: "['api_prefix' => ['api', 'webhooks']]",
      check: ({ document }) => expect(operations(document)).toContain('POST /webhooks/payments'),
    },
  ],
  [
    "api_prefix '*' documents every route outside the web routes",
    {
      fixture: 'laravel-mini/routing-provider',
      config: "['api_prefix' => '*']",
      check: ({ document }) => expect(operations(document)).toContain('GET /portal/invoices'),
    },
  ],
  [
    'RouteServiceProvider: map() calling mapApiRoutes(), a parent-declared $namespace concatenated, require and Route::group(base_path()), boot() with routes() and loadRoutesFrom() (the portal, outside the API prefix)',
    {
      fixture: 'laravel-mini/routing-provider',
      check: ({ document, warnings }) => {
        expect(operations(document)).toEqual([
          'GET /api/v1/customers',
          'GET /api/v1/orders',
          'POST /api/v1/orders',
        ]);
        expect(body(document, 'POST /api/v1/orders').fields).toEqual(['sku', 'quantity']);
        expect(warnings).toEqual([]);
      },
    },
  ],
  [
    'auth inside the kernel`s api group secures every route of the group',
    {
      fixture: 'laravel-mini/routing-provider',
      check: ({ document }) => {
        for (const key of operations(document))
          expect(operation(document, key).security).toEqual([{ bearerAuth: [] }]);
      },
    },
  ],
  [
    'Laravel 5 route classes mapped by the provider, $router->... calls, a browser class left out',
    {
      fixture: 'laravel-mini/routing-classes',
      check: ({ document, warnings }) => {
        expect(operations(document)).toEqual(['GET /api/v1/incidents', 'POST /api/v1/incidents']);
        expect(warnings).toEqual([]);
      },
    },
  ],
  [
    'a custom token middleware (kernel alias) is an apiKey scheme, optional unless given :true',
    {
      fixture: 'laravel-mini/routing-classes',
      check: ({ document }) => {
        expect(document.components?.securitySchemes).toEqual({
          apiKeyXStatusToken: { type: 'apiKey', in: 'header', name: 'X-Status-Token' },
        });
        expect(operation(document, 'GET /api/v1/incidents').security).toEqual([
          { apiKeyXStatusToken: [] },
          {},
        ]);
        expect(operation(document, 'POST /api/v1/incidents').security).toEqual([
          { apiKeyXStatusToken: [] },
        ]);
      },
    },
  ],
  [
    'a middleware alias registered in withMiddleware() for a header token',
    {
      fixture: 'laravel-mini/routing-helpers',
      check: ({ document }) =>
        expect(operation(document, 'GET /api/v1/books/{book}').security).toEqual([
          { apiKeyXPartnerToken: [] },
        ]),
    },
  ],
  [
    'rules composed with array_merge(parent::rules()), +, a spread trait helper, a request helper, a global function loaded through composer files and glob(), implode/sprintf/config()',
    {
      fixture: 'laravel-mini/inputs-requests',
      check: ({ document, warnings }) => {
        expect(body(document, 'POST /api/articles')).toEqual({
          fields: ['title', 'body', 'meta_title', 'format', 'summary', 'tags'],
          required: ['title', 'body', 'format'],
        });
        expect(warnings).toEqual([]);
      },
    },
  ],
  [
    'rule strings by concatenation and implode(): no rule left as an expression',
    {
      fixture: 'laravel-mini/inputs-requests',
      check: ({ document }) =>
        expect(document.components?.schemas?.StoreArticleRequest).toMatchObject({
          properties: {
            format: { enum: ['markdown', 'html'] },
            summary: { maxLength: 280 },
            tags: { maxItems: 5 },
          },
        }),
    },
  ],
  [
    'validationData() unwrapping a data envelope',
    {
      fixture: 'laravel-mini/inputs-requests',
      check: ({ document }) =>
        expect(document.components?.schemas?.UpdateArticleRequest).toMatchObject({
          properties: { data: { properties: { title: {}, body: {} }, required: ['body'] } },
          required: ['data'],
        }),
    },
  ],
  [
    'prepareForValidation() renaming an input, reworking one and setting one the server knows',
    {
      fixture: 'laravel-mini/inputs-requests',
      check: ({ document }) =>
        expect(body(document, 'POST /api/drafts')).toEqual({
          fields: ['permalink', 'title', 'labels'],
          required: ['permalink', 'title'],
        }),
    },
  ],
  [
    'prepareForValidation() replacing the input: a default, a decoded id, a server value',
    {
      fixture: 'laravel-mini/inputs-requests',
      check: ({ document }) =>
        expect(body(document, 'POST /api/reports')).toEqual({
          fields: ['columns', 'range', 'client_id'],
          required: ['range', 'client_id'],
        }),
    },
  ],
  [
    'a helper looping over the table of fields it is handed reads each field',
    {
      fixture: 'laravel-mini/inputs-requests',
      check: ({ document }) =>
        expect(body(document, 'POST /api/imports')).toEqual({
          fields: ['source', 'batch', 'label'],
          required: ['source'],
        }),
    },
  ],
  [
    "rules as items of arrays known later, from a typed property's service, with config arithmetic",
    {
      fixture: 'laravel-mini/inputs-requests',
      check: ({ document, warnings }) => {
        const schema = Object.values(
          (
            operation(document, 'POST /api/photos').requestBody as {
              content: Record<string, { schema: { properties: Record<string, object> } }>;
            }
          ).content,
        )[0]!.schema;
        expect(Object.keys(schema.properties)).toEqual([
          'caption',
          'photo',
          'latitude',
          'longitude',
        ]);
        expect(schema.properties.photo).toMatchObject({
          format: 'binary',
          description: 'Maximum size: 8000 KB.',
        });
        expect(schema.properties.latitude).toMatchObject({
          type: 'number',
          minimum: -90,
          maximum: 90,
        });
        expect(warnings.filter((w) => w.includes('PhotoController'))).toEqual([]);
      },
    },
  ],
  [
    'Validator::make inside an application helper function',
    {
      fixture: 'laravel-mini/inputs-handlers',
      check: ({ document }) =>
        expect(body(document, 'POST /api/labels')).toEqual({
          fields: ['name', 'color'],
          required: ['name', 'color'],
        }),
    },
  ],
  [
    'validation inside a service the controller calls, its data mapped onto request fields',
    {
      fixture: 'laravel-mini/inputs-handlers',
      check: ({ document }) =>
        expect(body(document, 'POST /api/projects')).toEqual({
          fields: ['title', 'visibility'],
          required: ['title'],
        }),
    },
  ],
  [
    'a private helper called with an argument its if decides on',
    {
      fixture: 'laravel-mini/inputs-handlers',
      check: ({ document }) =>
        expect(body(document, 'POST /api/tasks/bugs').fields).toEqual(['title', 'severity']),
    },
  ],
  [
    'inputs read without validation on GET: query parameters, typed by the accessor; only([...]) too',
    {
      fixture: 'laravel-mini/inputs-handlers',
      check: ({ document }) =>
        expect(query(document, 'GET /api/tasks')).toEqual(
          expect.arrayContaining([
            'status',
            'archived',
            'owner',
            'since',
            'q',
            'label',
            'milestone',
            'sort',
            'per_page',
          ]),
        ),
    },
  ],
  [
    'inputs read without validation on a write: optional body fields',
    {
      fixture: 'laravel-mini/inputs-handlers',
      check: ({ document }) =>
        expect(body(document, 'PATCH /api/tasks/{task}')).toEqual({
          fields: ['title', 'notify'],
          required: [],
        }),
    },
  ],
  [
    'rules validated on DELETE are the body',
    {
      fixture: 'laravel-mini/inputs-handlers',
      check: ({ document }) => {
        expect(body(document, 'DELETE /api/tasks/{task}').fields).toEqual(['reason']);
        expect(query(document, 'DELETE /api/tasks/{task}')).toEqual([]);
      },
    },
  ],
  [
    'the JSON body read with $request->json()->all() and validated through a helper',
    {
      fixture: 'laravel-mini/inputs-handlers',
      check: ({ document }) =>
        expect(body(document, 'PUT /api/tasks/{task}/title')).toEqual({
          fields: ['title'],
          required: ['title'],
        }),
    },
  ],
  [
    'query-string reads are query parameters whatever the method',
    {
      fixture: 'laravel-mini/inputs-handlers',
      check: ({ document }) => {
        expect(query(document, 'GET /api/tasks/{task}/logs')).toEqual(['stream', 'lines']);
        expect(query(document, 'POST /api/tasks/{task}/logs')).toEqual(['stream', 'lines']);
      },
    },
  ],
  [
    'the request mass-assigned to a model: its fillable attributes',
    {
      fixture: 'laravel-mini/inputs-handlers',
      check: ({ document }) =>
        expect(body(document, 'POST /api/tasks').fields).toEqual([
          'title',
          'estimate',
          'project_id',
        ]),
    },
  ],
  [
    'a query filter class and spatie query builder filters and sorts',
    {
      fixture: 'laravel-mini/inputs-handlers',
      check: ({ document }) => {
        expect(query(document, 'GET /api/tasks/filtered')).toEqual(['assignee', 'overdue', 'sort']);
        expect(query(document, 'GET /api/tasks/search').sort()).toEqual([
          'filter[project_id]',
          'filter[title]',
          'sort',
        ]);
      },
    },
  ],
  [
    'path parameters typed by an (int) cast, {project:slug}, getRouteKeyName() and a backed enum',
    {
      fixture: 'laravel-mini/inputs-handlers',
      check: ({ document }) => {
        const schema = (key: string) =>
          (operation(document, key).parameters?.[0] as { schema: unknown }).schema;
        expect(schema('GET /api/tasks/{id}')).toEqual({ type: 'integer' });
        expect(schema('GET /api/projects/{project}')).toEqual({ type: 'string' });
        expect(schema('PATCH /api/tasks/{task}')).toMatchObject({ type: 'integer' });
        expect(schema('GET /api/tasks/status/{status}')).toEqual({
          type: 'string',
          enum: ['open', 'done'],
        });
      },
    },
  ],
  [
    'middleware groups replaced and extended in withMiddleware(), Passport OAuth2 with scopes, Sanctum abilities, basic auth, withoutMiddleware',
    {
      fixture: 'laravel-mini/security-groups',
      check: ({ document }) => {
        expect(operation(document, 'GET /api/stock').security).toEqual([
          { oauth2Auth: ['stock:read'] },
          { oauth2Auth: ['stock:write'] },
        ]);
        expect(operation(document, 'PUT /api/stock/{sku}').security).toEqual([
          { oauth2Auth: ['stock:write'] },
        ]);
        expect(operation(document, 'GET /api/status').security).toBeUndefined();
        expect(operation(document, 'POST /api/partners/orders')).toMatchObject({
          security: [{ bearerAuth: [] }],
          description: 'Requires a token with the abilities: `orders:create`.',
        });
        expect(operation(document, 'GET /api/legacy/export').security).toEqual([{ basicAuth: [] }]);
        expect(document.components?.securitySchemes?.oauth2Auth).toMatchObject({
          type: 'oauth2',
          flows: {
            authorizationCode: {
              tokenUrl: '/oauth/token',
              scopes: { 'stock:read': 'Read stock levels', 'stock:write': 'Change stock levels' },
            },
          },
        });
      },
    },
  ],
  [
    'PHP 8.4 and 8.5 syntax parses; a broken line costs one warning, not the routes around it',
    {
      fixture: 'laravel-mini/php-modern',
      check: ({ document, warnings }) => {
        expect(operations(document)).toEqual(['GET /api/entries', 'POST /api/entries']);
        expect(warnings).toEqual([
          "routes/api.php:9 cannot parse: Parse Error : syntax error, unexpected ';'",
        ]);
      },
    },
  ],
  [
    'no route found: where the run looked, and the call it could not follow (file and line)',
    {
      fixture: 'laravel-silent/no-routes',
      check: ({ document, warnings }) => {
        expect(operations(document)).toEqual([]);
        expect(warnings).toEqual([
          ': no route found: looked in bootstrap/app.php (withRouting() without an api: file)',
          'bootstrap/app.php:9 VersionedRoutes::register() is called where routes are declared, but App\\Routing\\VersionedRoutes is not a class of the project',
        ]);
      },
    },
  ],
];

describe('issue 15 idioms, each in a fixture of its own', () => {
  it.each(cases)('%s', async (_, { fixture, config, check }) => {
    check(await run(fixture, config));
  });
});
