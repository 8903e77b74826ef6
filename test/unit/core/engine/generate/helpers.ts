import { createAjv } from '../../../../../src/core/ajv.js';
import { toJsonSchema } from '../../../../../src/core/schema.js';
import type { OpenApiDocument, SchemaObject } from '../../../../../src/core/types.js';
import { generate, type GenerateOptions } from '../../../../../src/core/engine/generate/index.js';

export const ajv = createAjv();

/** The product contract, independently of the generator's own `conforms`. */
export function validates(
  doc: OpenApiDocument,
  schema: SchemaObject | boolean | undefined,
  value: unknown,
  mode: 'request' | 'response' = 'response',
): boolean {
  const validate = ajv.compile(toJsonSchema(doc, schema, mode));
  const ok = validate(value) === true;
  if (!ok) console.error(JSON.stringify(validate.errors), JSON.stringify(value));
  return ok;
}

export function makeDoc(
  schemas: Record<string, SchemaObject> = {},
  openapi = '3.0.3',
): OpenApiDocument {
  return { openapi, info: { title: 't', version: '1' }, components: { schemas } };
}

export const ref = (name: string): SchemaObject => ({ $ref: `#/components/schemas/${name}` });

/** Generates and asserts the contract in one go; returns the value for further checks. */
export function gen(
  doc: OpenApiDocument,
  schema: SchemaObject | boolean | undefined,
  options: Partial<GenerateOptions> = {},
): unknown {
  const full: GenerateOptions = { seed: 'seed', ...options };
  const value = generate(doc, schema, full);
  if (!validates(doc, schema, value, full.mode))
    throw new Error('generated value does not validate');
  return value;
}
