import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../../../src/core/ajv.js';
import { generate } from '../../../../../src/core/engine/generate/index.js';
import {
  instantCheck,
  isUnsupported,
} from '../../../../../src/core/engine/generate/instant-check.js';
import { loadSpec } from '../../../../../src/core/load.js';
import { deref } from '../../../../../src/core/refs.js';
import { toJsonSchema, type SchemaMode } from '../../../../../src/core/schema.js';
import type { OpenApiDocument, SchemaObject } from '../../../../../src/core/types.js';

/**
 * instant-check.ts is a second JSON Schema checker beside ajv, kept because it pays (see
 * bench/README.md): it must give ajv's verdict on every value. Checked here over every schema
 * of every spec fixture and the bundled example, in both modes, on generated values (valid)
 * and on those values broken in the ways clients break them (invalid): properties missing,
 * of the wrong type, null, extra; strings and arrays too long or empty; wrong top-level types.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const SPECS = [
  ...readdirSync(path.join(ROOT, 'test/fixtures/specs'), { recursive: true, encoding: 'utf8' })
    .map((file) => path.join('test/fixtures/specs', file))
    .filter(
      (file) =>
        /\.(ya?ml|json)$/.test(file) && isDocument(file) && !/\/errors\/|broken\.json$/.test(file),
    ),
  'examples/openapi.yaml',
];
const ajv = createAjv();

/** A root document, not a part that another one's `$ref`s read. */
function isDocument(file: string): boolean {
  return /^\s*["']?(openapi|swagger)["']?\s*:/m.test(readFileSync(path.join(ROOT, file), 'utf8'));
}

/** Every schema a document declares or uses: components, parameters, bodies, responses. */
function schemasOf(doc: OpenApiDocument): SchemaObject[] {
  const found = new Set<SchemaObject>(Object.values(doc.components?.schemas ?? {}));
  const media = (content: unknown) => {
    for (const m of Object.values((content ?? {}) as Record<string, { schema?: SchemaObject }>))
      if (m?.schema) found.add(m.schema);
  };
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item ?? {})) {
      if (typeof op !== 'object' || op === null || !('responses' in op)) continue;
      for (const p of op.parameters ?? []) {
        const schema = deref<{ schema?: SchemaObject }>(doc, p)?.schema;
        if (schema) found.add(schema);
      }
      media(deref<{ content?: unknown }>(doc, op.requestBody)?.content);
      for (const r of Object.values(op.responses ?? {}))
        media(deref<{ content?: unknown }>(doc, r)?.content);
    }
  }
  return [...found];
}

const WRONG: unknown[] = [null, 'x', 42, 1.5, true, {}, [], 'x'.repeat(300)];
/** Lengths and numbers at the bounds schemas commonly set. */
const LENGTHS = [
  0, 1, 2, 3, 4, 5, 6, 8, 10, 11, 16, 20, 21, 32, 33, 50, 51, 64, 100, 101, 255, 256,
];
const NUMBERS = [-1, 0, 1, 2, 5, 10, 99, 100, 101, 1000, 2 ** 31, -(2 ** 31) - 1, 0.1, 2 ** 53];

/** `value` broken in one place at a time, down to `depth` levels. */
function broken(value: unknown, depth: number): unknown[] {
  const out: unknown[] = [...WRONG];
  if (Array.isArray(value)) {
    out.push([...value, {}], [...value, ...value], [], value.slice(1));
    if (depth > 0 && value.length > 0)
      for (const inner of broken(value[0], depth - 1)) out.push([inner, ...value.slice(1)]);
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    out.push({ ...record, __extra: 1 });
    for (const key of Object.keys(record)) {
      out.push(Object.fromEntries(Object.entries(record).filter(([k]) => k !== key)));
      const inner = depth > 0 ? broken(record[key], depth - 1) : WRONG;
      for (const wrong of inner) out.push({ ...record, [key]: wrong });
    }
  } else if (typeof value === 'string') {
    out.push(
      ` ${value}`,
      value.toUpperCase(),
      ...LENGTHS.map((n) => value.padEnd(n, 'x').slice(0, n)),
    );
  } else if (typeof value === 'number') {
    out.push(-value - 1, value + 0.5, value + 1, value - 1, String(value), ...NUMBERS);
  }
  return out;
}

interface Tally {
  schemas: number;
  leftToAjv: number;
  valid: number;
  invalid: number;
  differences: string[];
}

function compare(doc: OpenApiDocument, schema: SchemaObject, mode: SchemaMode, tally: Tally) {
  const jsonSchema = toJsonSchema(doc, schema, mode);
  const check = instantCheck(jsonSchema, ajv);
  if (!check) return void tally.leftToAjv++;
  let validate: ReturnType<typeof ajv.compile>;
  try {
    validate = ajv.compile(jsonSchema);
  } catch {
    return;
  } finally {
    if (typeof jsonSchema === 'object') ajv.removeSchema(jsonSchema);
  }
  tally.schemas++;
  const values = [0, 1, 2].map((seed) => generate(doc, schema, { seed: String(seed), mode }));
  for (const value of [...values, ...values.slice(0, 1).flatMap((v) => broken(v, 2))]) {
    let instant: boolean;
    try {
      instant = check(value);
    } catch (error) {
      if (isUnsupported(error)) continue;
      throw error;
    }
    const verdict = validate(value) === true;
    if (verdict) tally.valid++;
    else tally.invalid++;
    if (instant !== verdict && tally.differences.length < 5)
      tally.differences.push(`${mode} ${JSON.stringify(value).slice(0, 200)}: ajv ${verdict}`);
  }
}

describe('instantCheck gives ajv verdict on every spec fixture', () => {
  const total: Tally = { schemas: 0, leftToAjv: 0, valid: 0, invalid: 0, differences: [] };

  it.each(SPECS)(
    '%s',
    async (file) => {
      const { document } = await loadSpec(path.join(ROOT, file));
      const tally: Tally = { schemas: 0, leftToAjv: 0, valid: 0, invalid: 0, differences: [] };
      for (const schema of schemasOf(document))
        for (const mode of ['response', 'request'] as const) compare(document, schema, mode, tally);
      for (const key of ['schemas', 'leftToAjv', 'valid', 'invalid'] as const)
        total[key] += tally[key];
      expect(tally.differences).toEqual([]);
      // Not vacuous: schemas were walked, and values of both verdicts compared.
      if (tally.schemas > 0) {
        expect(tally.valid).toBeGreaterThan(0);
        expect(tally.invalid).toBeGreaterThan(0);
      }
    },
    60_000,
  );

  it('compared tens of thousands of verdicts over the fixtures', () => {
    process.stdout.write(
      `instant-check vs ajv: ${total.schemas} schemas walked (${total.leftToAjv} left to ajv), ${total.valid} valid and ${total.invalid} invalid verdicts\n`,
    );
    expect(total.schemas).toBeGreaterThan(500);
    expect(total.valid).toBeGreaterThan(10_000);
    expect(total.invalid).toBeGreaterThan(10_000);
  });
});
