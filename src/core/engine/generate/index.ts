import type { SchemaMode } from '../../schema.js';
import type { OpenApiDocument, SchemaObject } from '../../types.js';
import { conforms as conformsTo } from './conforms.js';
import { createCtx, type Ctx } from './context.js';
import { generateNode } from './node.js';
import { hashString } from './random.js';

/**
 * Response (and request) data from OpenAPI schemas. Every value validates against
 * `toJsonSchema(doc, schema, mode)`; the same seed and schema give the same value in any
 * process. Work that depends only on the schema (ref resolution, allOf merging, validator
 * compilation, example checks) is cached per document, so repeated calls are cheap.
 */

export interface GenerateOptions {
  /** Any string; the same seed + schema gives the same value, across processes. */
  seed: string;
  /** The 'empty' scenario: every array empty (unless minItems forces items), optional properties left out. */
  empty?: boolean;
  /** 'response' (default) leaves out writeOnly properties; 'request' leaves out readOnly ones. */
  mode?: 'request' | 'response';
}

export function generate(
  doc: OpenApiDocument,
  schema: SchemaObject | boolean | undefined,
  options: GenerateOptions,
): unknown {
  const ctx: Ctx = createCtx(
    doc,
    options.mode ?? 'response',
    options.empty === true,
    (s, seed, name) => generateNode(ctx, s, seed, name),
  );
  return generateNode(ctx, schema, hashString(options.seed), undefined);
}

/** True when `value` is valid for `schema` (used to reject stale examples); cached compile by schema identity. */
export function conforms(
  doc: OpenApiDocument,
  schema: SchemaObject,
  value: unknown,
  mode: SchemaMode = 'response',
): boolean {
  return conformsTo(doc, schema, value, mode);
}
