import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import { createAjv } from '../../src/core/ajv.js';
import { isRef, resolvePointer } from '../../src/core/refs.js';
import { toJsonSchema } from '../../src/core/schema.js';
import type { OpenApiDocument, SchemaObject } from '../../src/core/types.js';
import { ROOT } from './helpers.js';

export const LARAVEL_8 = path.join(ROOT, 'test/fixtures/laravel-8');
export const LARAVEL_11 = path.join(ROOT, 'test/fixtures/laravel-11');
export const MINI = path.join(ROOT, 'test/fixtures/laravel-mini');

const OAS_SCHEMA = JSON.parse(
  readFileSync(new URL('./generate.oas30-schema.json', import.meta.url), 'utf8'),
) as object;
const validateOas = createAjv().compile(OAS_SCHEMA);

/** A scratch directory. */
export function tempDir(prefix = 'apidoc-generate-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** A copy of a fixture project, for tests that write into it (cache, incremental). */
export function copyProject(source: string): string {
  const dir = tempDir('apidoc-project-');
  cpSync(source, dir, {
    recursive: true,
    filter: (src) =>
      !src.includes(`${path.sep}vendor${path.sep}`) && !src.endsWith(`${path.sep}cache`),
  });
  return dir;
}

export function readJson<T = OpenApiDocument>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/**
 * Problems that make a document invalid OpenAPI 3.0.3: the structure (the committed JSON Schema
 * of the specification), `$ref`s that point nowhere, and schemas a JSON Schema validator cannot
 * compile (every schema, through the same `toJsonSchema` + ajv the mock uses).
 */
export function openApiProblems(document: OpenApiDocument): string[] {
  const problems: string[] = [];
  if (!validateOas(document)) {
    for (const e of validateOas.errors ?? [])
      problems.push(`${e.instancePath || '/'} ${e.message ?? ''}`);
  }
  walk(document, '#', (value, pointer) => {
    if (isRef(value) && resolvePointer(document, value.$ref) === undefined)
      problems.push(`${pointer}: dangling $ref ${value.$ref}`);
  });
  const ajv = createAjv();
  for (const [pointer, schema] of schemas(document)) {
    try {
      ajv.compile(toJsonSchema(document, schema, 'response') as object);
    } catch (error) {
      problems.push(`${pointer}: ${(error as Error).message}`);
    }
  }
  return problems;
}

function walk(
  value: unknown,
  pointer: string,
  visit: (value: unknown, pointer: string) => void,
): void {
  visit(value, pointer);
  if (typeof value !== 'object' || value === null) return;
  for (const [key, child] of Object.entries(value))
    walk(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, visit);
}

function schemas(document: OpenApiDocument): [string, SchemaObject][] {
  const out: [string, SchemaObject][] = [];
  walk(document, '#', (value, pointer) => {
    if (/\/(schema|schemas\/[^/]+)$/.test(pointer) && typeof value === 'object' && value !== null)
      out.push([pointer, value as SchemaObject]);
  });
  return out;
}

/** The document as readable YAML, for a committed snapshot. */
export function snapshotText(document: OpenApiDocument): string {
  return stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 });
}
