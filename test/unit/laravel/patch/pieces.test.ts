import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../../../src/core/types.js';
import { serializeDocument } from '../../../../src/core/write-document.js';
import {
  locatePieces,
  operationKey,
  pieceBytes,
  splice,
  type Range,
} from '../../../../src/laravel/patch/pieces.js';

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Pieces', version: '1' },
  paths: {
    '/api/a': {
      get: { operationId: 'a', responses: { '200': { description: 'OK "quoted"\nnewline' } } },
      post: { operationId: 'b', tags: [], parameters: [{}], responses: {} },
    },
    '/api/ü/{x}': { delete: { summary: 'Ümlaut — and “quotes”', responses: {} } },
    '/api/"odd"\\path': { put: { responses: { '204': { description: '' } } } },
  },
  components: {
    schemas: {
      Empty: {},
      List: { type: 'array', items: { type: 'string', enum: ['get', '      }'] } },
      Nested: { properties: { x: { properties: { y: { type: 'object', properties: {} } } } } },
    },
    responses: { NotFound: { description: 'Not found' } },
    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
  },
  tags: [{ name: 'a' }],
} as unknown as OpenApiDocument;

const text = Buffer.from(serializeDocument(DOCUMENT, 'json'));
const pieces = locatePieces(text, DOCUMENT);
const slice = ([start, end]: Range) => text.subarray(start, end);

describe('locatePieces', () => {
  const paths = DOCUMENT.paths as Record<string, Record<string, unknown>>;
  const operations = Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, value]) => ({ path, method, value })),
  );
  it.each(operations)('$method $path: its bytes are the operation as written', (op) => {
    const range = pieces.operations.get(operationKey(op.method, op.path))!;
    expect(slice(range).equals(pieceBytes(op.value))).toBe(true);
  });

  const components = Object.entries(DOCUMENT.components!).flatMap(([kind, members]) =>
    Object.entries(members as Record<string, unknown>).map(([name, value]) => ({
      ref: `#/components/${kind}/${name}`,
      value,
    })),
  );
  it.each(components)('$ref: its bytes are the component as written', ({ ref, value }) => {
    expect(slice(pieces.components.get(ref)!).equals(pieceBytes(value))).toBe(true);
  });

  it('finds every operation and component, nothing else', () => {
    expect(pieces.operations.size).toBe(operations.length);
    expect(pieces.components.size).toBe(components.length);
  });

  it('a document without components or paths', () => {
    const bare = { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {} };
    const located = locatePieces(
      Buffer.from(serializeDocument(bare as OpenApiDocument, 'json')),
      bare,
    );
    expect(located.operations.size + located.components.size).toBe(0);
  });
});

describe('splice', () => {
  const at = (ref: string) => pieces.components.get(ref)!;
  const cases: { name: string; replace: Record<string, unknown> }[] = [
    { name: 'nothing', replace: {} },
    { name: 'a longer value', replace: { '#/components/schemas/Empty': { type: 'string' } } },
    { name: 'a shorter value', replace: { '#/components/schemas/Nested': {} } },
    {
      name: 'several, out of order, with multi-byte text',
      replace: {
        '#/components/responses/NotFound': { description: 'Nicht gefunden — ü' },
        '#/components/schemas/Empty': { minLength: 1 },
        '#/components/schemas/List': [],
      },
    },
  ];
  it.each(cases)('$name: the same bytes as writing the changed document', ({ replace }) => {
    const changed = structuredClone(DOCUMENT) as unknown as Record<
      string,
      Record<string, Record<string, unknown>>
    >;
    for (const [ref, value] of Object.entries(replace)) {
      const [, , kind, name] = ref.split('/');
      changed.components![kind!]![name!] = value;
    }
    const replacements = Object.entries(replace).map(([ref, value]) => ({
      range: at(ref),
      bytes: pieceBytes(value),
    }));
    const result = splice(text, replacements);
    const expected = Buffer.from(serializeDocument(changed as unknown as OpenApiDocument, 'json'));
    expect(result.bytes.toString()).toBe(expected.toString());
    // Every piece, replaced or not, is placed where the new document has it.
    const now = locatePieces(expected, changed as unknown as OpenApiDocument);
    for (const [key, range] of pieces.operations)
      expect(result.place(range)).toEqual(now.operations.get(key));
    for (const [ref, range] of pieces.components)
      expect(result.place(range)).toEqual(now.components.get(ref));
  });

  it('refuses overlapping ranges', () => {
    const range = at('#/components/schemas/Nested');
    const inner: Range = [range[0] + 1, range[1] - 1];
    expect(() =>
      splice(text, [
        { range, bytes: Buffer.from('{}') },
        { range: inner, bytes: Buffer.from('{}') },
      ]),
    ).toThrow(/overlapping/);
  });
});
