import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HTTP_METHODS, type OpenApiDocument, type OperationObject } from '../../src/core/types.js';
import { EXAMPLE_SPEC, FIXTURES, ROOT, runCli } from './helpers.js';

/** What the export tests share: the specs they run on, and the spec's own rules. */

export type Source = string | { generate: string };

/** One row per spec; a document produced by `apidoc generate` is one more row. */
export const SPECS: [name: string, source: Source][] = [
  ['the bundled example', EXAMPLE_SPEC],
  ['the export fixture (every auth type, forms, lists)', path.join(FIXTURES, 'export/shop.yaml')],
  [
    'the document `apidoc generate` writes for the Laravel 11 fixture',
    { generate: 'test/fixtures/laravel-11' },
  ],
  [
    'the document `apidoc generate` writes for the Laravel 8 fixture',
    { generate: 'test/fixtures/laravel-8' },
  ],
];

export const tmp = () => mkdtempSync(path.join(tmpdir(), 'apidoc-export-'));

/** A spec file, or the document `apidoc generate` writes for a Laravel project (no cache left behind). */
export async function resolveSpec(source: Source): Promise<string> {
  if (typeof source === 'string') return source;
  const file = path.join(tmp(), 'openapi.json');
  const run = await runCli([
    'generate',
    '--project',
    path.join(ROOT, source.generate),
    '--output',
    file,
    '--no-cache',
  ]);
  if (run.code !== 0) throw new Error(`apidoc generate failed:\n${run.stderr}`);
  // The exporters generate bodies from the JSON Schemas; the application's own rules
  // (`x-laravel*`: confirmations, dates after others, prohibited fields) are the mock's, and
  // not what these tests are about: they are left out so that the mock judges by the schemas.
  const doc = JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
  const plain = JSON.parse(JSON.stringify(doc), (key, value: unknown) =>
    key.startsWith('x-laravel') ? undefined : value,
  ) as OpenApiDocument;
  writeFileSync(file, JSON.stringify(plain, null, 2));
  return file;
}

/** Every operation, its method in capitals. */
export function operations(
  doc: OpenApiDocument,
): { method: string; path: string; operation: OperationObject }[] {
  return Object.entries(doc.paths ?? {}).flatMap(([p, item]) =>
    HTTP_METHODS.filter((m) => item[m]).map((m) => ({
      method: m.toUpperCase(),
      path: p,
      operation: item[m]!,
    })),
  );
}

/** The spec's own rule, written independently of the exporters: what `apidoc mock` answers. */
export function documentedStatus(method: string, operation: OperationObject): number {
  const codes = Object.keys(operation.responses ?? {});
  if (method === 'POST' && codes.includes('201')) return 201;
  if (method === 'DELETE' && codes.includes('204')) return 204;
  return Math.min(...codes.filter((c) => /^2\d\d$/.test(c)).map(Number));
}
