import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../src/core/types.js';
import { runCli, startMock, type RunningMock, type Run } from './helpers.js';
import { LARAVEL_8, readJson, tempDir } from './generate-support.js';

/** Every key of a value, at any depth, with the value under it. */
function* entries(node: unknown): Generator<[string, unknown]> {
  if (Array.isArray(node)) for (const item of node) yield* entries(item);
  else if (typeof node === 'object' && node !== null)
    for (const [k, v] of Object.entries(node)) {
      yield [k, v];
      yield* entries(v);
    }
}

describe('apidoc generate --openapi 3.1', () => {
  let run: Run;
  let document: OpenApiDocument;
  let out: string;
  let mock: RunningMock;
  beforeAll(async () => {
    out = path.join(tempDir(), 'openapi.json');
    run = await runCli([
      'generate',
      '--project',
      LARAVEL_8,
      '--output',
      out,
      '--no-cache',
      '--openapi',
      '3.1',
    ]);
    document = readJson(out);
    mock = await startMock(['--spec', out, '--quiet']);
  }, 60_000);
  afterAll(async () => {
    await mock?.stop();
  });

  it('writes an OpenAPI 3.1.0 document that the official schema accepts', async () => {
    expect(run.code).toBe(0);
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(document) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('speaks JSON Schema 2020-12: no nullable, no boolean exclusive bounds, each schema compiles', () => {
    const found = [...entries(document)].filter(
      ([k, v]) => k === 'nullable' || (k.startsWith('exclusiveM') && typeof v === 'boolean'),
    );
    expect(found).toEqual([]);
    expect(JSON.stringify(document)).toContain('"null"');
    const ajv = new Ajv2020({
      strict: true,
      strictTypes: false,
      allowUnionTypes: true,
      validateFormats: false,
    });
    ajv.addVocabulary(['discriminator', 'xml', 'externalDocs']);
    const $defs = JSON.parse(
      JSON.stringify(document.components?.schemas ?? {}).replaceAll(
        '#/components/schemas/',
        '#/$defs/',
      ),
    ) as Record<string, object>;
    for (const name of Object.keys($defs))
      expect(() => ajv.compile({ $defs, $ref: `#/$defs/${name}` }), name).not.toThrow();
  });

  it('is served by apidoc mock as it is', async () => {
    const res = await fetch(`${mock.url}/api/posts`, {
      headers: { Authorization: 'Bearer mock-token-test' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: unknown[] };
    expect(Array.isArray(body.data)).toBe(true);
  });

  it('refuses another version with a usage error', async () => {
    const bad = await runCli([
      'generate',
      '--project',
      LARAVEL_8,
      '--output',
      path.join(tempDir(), 'x.json'),
      '--openapi',
      '3.2',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Invalid value for --openapi: "3.2". Use one of: 3.0, 3.1.');
  });
});
