import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSpec } from '../../../src/core/load.js';
import type {
  OpenApiDocument,
  OperationObject,
  SecuritySchemeObject,
} from '../../../src/core/types.js';

export const SHOP_SPEC = fileURLToPath(
  new URL('../../fixtures/specs/export/shop.yaml', import.meta.url),
);

export async function shop(): Promise<OpenApiDocument> {
  return (await loadSpec(path.relative(process.cwd(), SHOP_SPEC))).document;
}

const OK = {
  '200': {
    description: 'OK',
    content: {
      'application/json': { schema: { type: 'object', properties: { ok: { type: 'boolean' } } } },
    },
  },
};

/** A small document: `paths` as `{ 'GET /x': operation }`, OK responses filled in. */
export function api(
  operations: Record<string, OperationObject>,
  extra: Partial<OpenApiDocument> & { schemes?: Record<string, SecuritySchemeObject> } = {},
): OpenApiDocument {
  const paths: NonNullable<OpenApiDocument['paths']> = {};
  for (const [key, operation] of Object.entries(operations)) {
    const [method, route] = key.split(' ') as [string, string];
    paths[route] ??= {};
    (paths[route] as Record<string, OperationObject>)[method.toLowerCase()] = {
      responses: OK,
      ...operation,
    };
  }
  const { schemes, ...rest } = extra;
  return {
    openapi: '3.0.3',
    info: { title: 'Test API', version: '1.0.0' },
    paths,
    ...(schemes ? { components: { securitySchemes: schemes } } : {}),
    ...rest,
  };
}
