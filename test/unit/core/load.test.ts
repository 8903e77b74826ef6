import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle } from '@apidevtools/json-schema-ref-parser';
import type * as RefParser from '@apidevtools/json-schema-ref-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserError } from '../../../src/core/errors.js';
import { loadSpec, parseSpecText } from '../../../src/core/load.js';
import { deref, resolvePointer } from '../../../src/core/refs.js';
import type { OpenApiDocument, SchemaObject } from '../../../src/core/types.js';

// Spied on, not replaced: the tests check that single-file specs never reach the ref parser.
vi.mock('@apidevtools/json-schema-ref-parser', async (importOriginal) => {
  const original = await importOriginal<typeof RefParser>();
  return { ...original, bundle: vi.fn(original.bundle) };
});

const FIXTURES = fileURLToPath(new URL('../../fixtures/specs/load/', import.meta.url));
const load = (file: string) => loadSpec(file, { cwd: FIXTURES });

function allRefs(value: unknown, refs: string[] = []): string[] {
  if (typeof value !== 'object' || value === null) return refs;
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string') refs.push(child);
    else allRefs(child, refs);
  }
  return refs;
}

function schemaAt(doc: OpenApiDocument, pointer: string): SchemaObject | undefined {
  return deref<SchemaObject>(doc, resolvePointer(doc, pointer) as SchemaObject | undefined);
}

async function loadError(file: string, cwd = FIXTURES): Promise<UserError> {
  const error: unknown = await loadSpec(file, { cwd }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UserError);
  return error as UserError;
}

beforeEach(() => {
  vi.mocked(bundle).mockClear();
});

describe('loadSpec: formats and versions', () => {
  it('loads JSON and YAML of the same spec to the same document', async () => {
    const [json, yaml] = await Promise.all([load('tiny.json'), load('tiny.yaml')]);
    expect(yaml.document).toEqual(json.document);
    expect(json.file).toBe(join(FIXTURES, 'tiny.json'));
    expect(json.warnings).toEqual([]);
    // YAML 1.2 core schema: an unquoted date stays a string, as in the JSON.
    expect(schemaAt(yaml.document, '#/components/schemas/Pet/properties/born')?.example).toBe(
      '2020-01-31',
    );
  });

  it.each([
    ['OpenAPI 3.0', { given: 'tiny.yaml', want: { sourceVersion: '3.0', openapi: '3.0.3' } }],
    ['OpenAPI 3.1', { given: 'tiny-3.1.yaml', want: { sourceVersion: '3.1', openapi: '3.1.0' } }],
    ['Swagger 2.0', { given: 'swagger2.yaml', want: { sourceVersion: '2.0', openapi: '3.0.0' } }],
  ])('reports the source version of %s', async (_name, { given, want }) => {
    const spec = await load(given);
    expect(spec.sourceVersion).toBe(want.sourceVersion);
    expect(spec.document.openapi).toBe(want.openapi);
  });

  it('does not send single-file specs through the ref parser', async () => {
    await load('tree.yaml');
    expect(bundle).not.toHaveBeenCalled();
    await load('multi/openapi.yaml');
    expect(bundle).toHaveBeenCalledOnce();
  });
});

describe('loadSpec: Swagger 2.0', () => {
  let doc: OpenApiDocument;
  beforeAll(async () => {
    doc = (await load('swagger2.yaml')).document;
  });

  it('turns the body parameter into a requestBody', () => {
    const post = doc.paths?.['/pets']?.post;
    expect(post?.parameters).toBeUndefined();
    expect(post?.requestBody).toEqual({
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPet' } } },
    });
  });

  it('gives the query parameter a schema', () => {
    expect(doc.paths?.['/pets']?.get?.parameters).toEqual([
      {
        name: 'status',
        in: 'query',
        schema: { type: 'string', enum: ['available', 'pending', 'sold'] },
      },
    ]);
  });

  it('moves definitions to components.schemas and rewrites their refs', () => {
    expect(Object.keys(doc.components?.schemas ?? {})).toEqual(['NewPet', 'Pet']);
    expect(allRefs(doc).every((ref) => ref.startsWith('#/components/schemas/'))).toBe(true);
    expect(schemaAt(doc, '#/components/schemas/Pet/allOf/0')?.required).toEqual(['name']);
  });

  it('converts basic, apiKey and oauth2 security definitions', () => {
    expect(doc.components?.securitySchemes).toEqual({
      basicAuth: { type: 'http', scheme: 'basic' },
      apiKey: { type: 'apiKey', name: 'X-API-Key', in: 'header' },
      petstoreAuth: {
        type: 'oauth2',
        flows: {
          implicit: {
            authorizationUrl: 'https://petstore.example.com/oauth/authorize',
            scopes: { 'read:pets': 'read your pets', 'write:pets': 'modify pets in your account' },
          },
        },
      },
    });
    expect(doc.servers).toEqual([{ url: 'https://petstore.example.com/v2' }]);
  });

  it('bundles external refs before converting', async () => {
    const spec = await load('swagger-multi/swagger.yaml');
    const schema = spec.document.paths?.['/orders']?.post?.requestBody;
    expect(allRefs(spec.document).every((ref) => ref.startsWith('#/'))).toBe(true);
    const order = deref<SchemaObject>(
      spec.document,
      (schema as { content: Record<string, { schema: SchemaObject }> }).content['application/json']
        ?.schema,
    );
    expect(order?.properties?.lines?.items?.properties?.sku).toEqual({ type: 'string' });
  });
});

describe('loadSpec: refs', () => {
  it('bundles a multi-file spec into local refs that reach the schemas', async () => {
    const { document: doc } = await load('multi/openapi.yaml');
    const refs = allRefs(doc);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.every((ref) => ref.startsWith('#/'))).toBe(true);
    const items = '#/paths/~1users/get/responses/200/content/application~1json/schema/items';
    const user = schemaAt(doc, items);
    expect(user?.required).toEqual(['id', 'email']);
    expect(deref(doc, user?.properties?.address)?.properties?.city).toEqual({ type: 'string' });
    const error = deref(doc, doc.paths?.['/users']?.get?.responses?.default);
    expect(error?.content?.['application/json']?.schema?.properties?.message).toBeDefined();
    expect(doc.paths?.['/users/{id}']?.get?.parameters?.[0]).toMatchObject({ in: 'path' });
  });

  it('loads two files that reference each other', async () => {
    const { document: doc } = await load('circular/openapi.yaml');
    expect(allRefs(doc).every((ref) => ref.startsWith('#/'))).toBe(true);
    const person = schemaAt(
      doc,
      '#/paths/~1people~1{id}/get/responses/200/content/application~1json/schema',
    );
    const company = deref(doc, person?.properties?.employer);
    expect(company?.properties?.employees?.type).toBe('array');
    expect(deref(doc, company?.properties?.employees?.items)).toBe(person);
  });

  it('keeps a self-referencing internal schema as a ref', async () => {
    const { document: doc } = await load('tree.yaml');
    const node = doc.components?.schemas?.Node;
    expect(node?.properties?.children?.items).toEqual({ $ref: '#/components/schemas/Node' });
  });

  it('leaves a dangling internal ref of a multi-file spec for lazy resolution', async () => {
    const { document: doc } = await load('multi/dangling-internal.yaml');
    const response = doc.paths?.['/users']?.get?.responses?.['404'];
    expect(response).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Eror' } } },
    });
  });
});

describe('loadSpec: errors', () => {
  let tmp: string;
  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'apidoc-load-'));
    // Written here rather than as fixtures: prettier refuses to check files that do not parse.
    await writeFile(join(tmp, 'bad.json'), '{\n  "openapi": "3.0.3",\n  "paths": {},\n}\n');
    await writeFile(
      join(tmp, 'bad.yaml'),
      'openapi: 3.0.3\ninfo:\n  title: Broken\n   version: 1.0.0\npaths: {}\n',
    );
    await writeFile(
      join(tmp, 'split.yaml'),
      'openapi: 3.0.3\ninfo: {title: Split, version: 1.0.0}\npaths:\n  /a: {$ref: "./bad.yaml"}\n',
    );
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  const NOT_FOUND_HINT = 'Run "apidoc generate" to create it, or pass --spec <file>.';
  const SUPPORTED = 'supported versions are Swagger 2.0, OpenAPI 3.0.x and OpenAPI 3.1.x';

  it.each([
    [
      'a missing file, with a hint',
      {
        given: 'nope.yaml',
        want: 'OpenAPI specification file not found: nope.yaml',
        hint: NOT_FOUND_HINT,
      },
    ],
    [
      'a directory, without one',
      {
        given: 'lenient',
        want: 'OpenAPI specification is a directory, not a file: lenient',
        hint: undefined,
      },
    ],
  ])('rejects %s', async (_name, { given, want, hint }) => {
    const error = await loadError(given);
    expect(error.message).toBe(want);
    expect(error.hint).toBe(hint);
  });

  it.each([
    [
      'a YAML file that is not OpenAPI',
      {
        given: 'errors/not-openapi.yaml',
        want: 'errors/not-openapi.yaml: not an OpenAPI document (no "openapi" or "swagger" version field at #/)',
      },
    ],
    [
      'a JSON root that is not an object',
      {
        given: 'errors/array-root.json',
        want: 'errors/array-root.json: not an OpenAPI document (no "openapi" or "swagger" version field at #/)',
      },
    ],
    [
      'OpenAPI 4.0',
      {
        given: 'errors/openapi-4.yaml',
        want: `errors/openapi-4.yaml: unsupported OpenAPI version "4.0.0" at #/openapi; ${SUPPORTED}`,
      },
    ],
    [
      'Swagger 1.2',
      {
        given: 'errors/swagger-1.2.json',
        want: `errors/swagger-1.2.json: unsupported Swagger version "1.2" at #/swagger; ${SUPPORTED}`,
      },
    ],
    [
      'a ref to a missing file',
      {
        given: 'errors/dangling-file.yaml',
        want:
          'errors/dangling-file.yaml: cannot resolve $ref "./schemas/pet.yaml" at ' +
          '#/paths/~1pets/get/responses/200/content/application~1json/schema: ' +
          'errors/schemas/pet.yaml not found',
      },
    ],
    [
      'a ref to a missing pointer in another file',
      {
        given: 'errors/dangling-pointer.yaml',
        want:
          'errors/dangling-pointer.yaml: cannot resolve $ref "./schemas/animals.yaml#/Cat" at ' +
          '#/paths/~1pets/get/responses/200/content/application~1json/schema: ' +
          'errors/schemas/animals.yaml has no #/Cat',
      },
    ],
    [
      'a remote ref',
      {
        given: 'errors/remote-ref.yaml',
        want:
          'errors/remote-ref.yaml: cannot resolve $ref "https://example.com/responses.yaml#/Pets" ' +
          'at #/paths/~1pets/get/responses/200: remote refs are not supported',
      },
    ],
  ])('rejects %s', async (_name, { given, want }) => {
    expect((await loadError(given)).message).toBe(want);
  });

  it.each([
    [
      'JSON with line and column',
      { given: 'bad.json', want: /^Invalid JSON in bad\.json:4:1: \w/ },
    ],
    [
      'YAML with line and column',
      { given: 'bad.yaml', want: /^Invalid YAML in bad\.yaml:3:10: \w/ },
    ],
    [
      'YAML in a referenced file',
      { given: 'split.yaml', want: /^Invalid YAML in bad\.yaml:3:10: \w/ },
    ],
  ])('rejects invalid %s', async (_name, { given, want }) => {
    const error = await loadError(given, tmp);
    expect(error.message).toMatch(want);
    expect(error.message).not.toMatch(/position|is not valid JSON/);
  });
});

describe('loadSpec: lenient fixes', () => {
  it.each([
    [
      'a missing info object',
      {
        given: 'lenient/no-info.yaml',
        want: {
          warnings: [['#/info', 'missing info object; using title "no-info" and version "0.0.0"']],
          document: { info: { title: 'no-info', version: '0.0.0' } },
        },
      },
    ],
    [
      'a missing title and a numeric version',
      {
        given: 'lenient/info-without-title.yaml',
        want: {
          warnings: [
            ['#/info/title', 'missing info.title; using "info-without-title"'],
            ['#/info/version', 'info.version should be a string; read as "1"'],
          ],
          document: { info: { title: 'info-without-title', version: '1' } },
        },
      },
    ],
    [
      'missing paths',
      {
        given: 'lenient/no-paths.json',
        want: { warnings: [['#/paths', 'missing paths; using {}']], document: { paths: {} } },
      },
    ],
    [
      'path keys without a leading slash',
      {
        given: 'lenient/path-without-slash.yaml',
        want: {
          warnings: [
            ['#/paths/users', 'path "users" does not start with "/"; read as "/users"'],
            [
              '#/paths/users~1{id}',
              'path "users/{id}" does not start with "/"; read as "/users/{id}"',
            ],
          ],
          document: {
            paths: { '/users': {}, '/users/{id}': {}, 'x-internal-note': expect.any(String) },
          },
        },
      },
    ],
    [
      'server entries without a url',
      {
        given: 'lenient/bad-servers.yaml',
        want: {
          warnings: [
            ['#/servers/1', 'server entry has no string url; dropped'],
            ['#/servers/2', 'server entry has no string url; dropped'],
          ],
          document: { servers: [{ url: 'https://api.example.com' }] },
        },
      },
    ],
    [
      'unquoted YAML versions',
      {
        given: 'lenient/unquoted-versions.yaml',
        want: {
          warnings: [
            ['#/openapi', 'version should be a string; read 3 as "3.0.0"'],
            ['#/info/version', 'info.version should be a string; read as "2"'],
          ],
          document: { openapi: '3.0.0', info: { version: '2' } },
        },
      },
    ],
    [
      'Swagger 2.0 mistakes the converter patches',
      {
        given: 'lenient/swagger-patchable.yaml',
        want: {
          warnings: [['#/', 'fixed 2 problem(s) while converting Swagger 2.0 to OpenAPI 3.0']],
          document: {
            paths: { '/pets/{petId}': { get: { parameters: [{ in: 'path', required: true }] } } },
          },
        },
      },
    ],
    [
      'an OpenAPI 3.1 spec with webhooks only (nothing to warn about)',
      { given: 'lenient/webhooks-only.yaml', want: { warnings: [], document: { paths: {} } } },
    ],
  ])('repairs %s with a warning', async (_name, { given, want }) => {
    const spec = await load(given);
    expect(spec.warnings).toEqual(
      want.warnings.map(([pointer, message]) => ({ file: given, pointer, message })),
    );
    expect(spec.document).toMatchObject(want.document);
    if ('paths' in want.document) {
      expect(Object.keys(spec.document.paths ?? {})).toEqual(Object.keys(want.document.paths));
    }
  });
});

describe('parseSpecText', () => {
  it.each([
    [
      'JSON',
      { given: { text: '{"openapi": "3.1.0"}', file: 'a.json' }, want: { openapi: '3.1.0' } },
    ],
    ['JSON with a BOM', { given: { text: '\ufeff {"a": [1]}', file: 'a.json' }, want: { a: [1] } }],
    [
      'a YAML flow mapping',
      { given: { text: '{a: b, c: 1}', file: 'a.yaml' }, want: { a: 'b', c: 1 } },
    ],
    [
      'YAML 1.2 scalars',
      {
        given: { text: 'on: yes\nwhen: 2020-01-31', file: 'a.yml' },
        want: { on: 'yes', when: '2020-01-31' },
      },
    ],
    [
      'YAML merge keys',
      {
        given: { text: 'base: &b {type: object}\nuser:\n  <<: *b\n  title: User', file: 'a.yaml' },
        want: { base: { type: 'object' }, user: { type: 'object', title: 'User' } },
      },
    ],
    ['an empty file', { given: { text: '', file: 'a.yaml' }, want: null }],
  ])('parses %s', (_name, { given: { text, file }, want }) => {
    expect(parseSpecText(text, file)).toEqual(want);
  });

  it.each([
    [
      'a trailing comma',
      {
        given: { text: '{\n  "a": 1,\n}', file: 'x.json' },
        want: /^Invalid JSON in x\.json:3:1: \w/,
      },
    ],
    // Some V8 versions give no position for this one: the loader finds it itself.
    [
      'a missing value',
      {
        given: { text: '{\n  "info": { "title": }\n}', file: 'x.json' },
        want: /^Invalid JSON in x\.json:2:22: \w/,
      },
    ],
    [
      'truncated JSON',
      {
        given: { text: '{\n  "a": [1,', file: 'x.json' },
        want: /^Invalid JSON in x\.json:2:11: \w/,
      },
    ],
    [
      'a duplicate YAML key',
      {
        given: { text: 'info:\n  title: A\n  title: B', file: 'x.yaml' },
        want: 'Invalid YAML in x.yaml:3:3: Map keys must be unique',
      },
    ],
    [
      'a YAML alias bomb',
      {
        given: { text: aliasBomb(), file: 'x.yaml' },
        want: /^Invalid YAML in x\.yaml: Excessive alias count/,
      },
    ],
  ])('rejects %s', (_name, { given: { text, file }, want }) => {
    expect(() => parseSpecText(text, file)).toThrow(want);
    expect(() => parseSpecText(text, file)).toThrow(UserError);
  });
});

/** Six levels of tenfold aliases: a million nodes from a few hundred bytes. */
function aliasBomb(): string {
  const lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
  for (let i = 1; i <= 6; i++) {
    lines.push(`a${i}: &a${i} [${Array.from({ length: 10 }, () => `*a${i - 1}`).join(', ')}]`);
  }
  return lines.join('\n');
}

describe('loadSpec on what real documents write (corpus regressions)', () => {
  const CORPUS = fileURLToPath(new URL('../../fixtures/specs/corpus/', import.meta.url));

  it('warns about a duplicate operationId, and goes on', async () => {
    const spec = await loadSpec('duplicate-operation-ids.yaml', { cwd: CORPUS });
    expect(spec.warnings).toEqual([
      {
        file: 'duplicate-operation-ids.yaml',
        pointer: '#/paths/~1b/get/operationId',
        message: 'operationId "list" is also that of GET /a; both are served',
      },
    ]);
    expect(Object.keys(spec.document.paths ?? {})).toEqual(['/a', '/b']);
  });

  it('leaves $refs inside example data alone (GitHub GHEC)', async () => {
    const spec = await loadSpec('example-refs.yaml', { cwd: CORPUS });
    expect(spec.warnings).toEqual([]);
    expect(bundle).not.toHaveBeenCalled();
    expect(spec.document.components?.examples).toMatchObject({
      'server-statistics': { value: { actions_stats: { $ref: 'server-statistics-actions.yaml' } } },
    });
  });
});
