import type { Finding } from '../../core/errors.js';
import {
  HTTP_METHODS,
  type OpenApiDocument,
  type OperationObject,
  type PathItemObject,
} from '../../core/types.js';
import type { ApidocConfig } from '../config.js';
import type { Assembly } from '../model/context.js';
import type { BuiltOperation } from './operation.js';
import type { SecuritySchemes } from '../security/requirements.js';
import { modelNames } from './model-names.js';
import { securityScheme } from './security-schemes.js';
import { shareRepeatedSchemas } from './shared-schemas.js';

/** The document around the paths: info, servers, sorted components and tags. */
export function composeDocument(
  config: ApidocConfig,
  pathItems: Record<string, PathItemObject>,
  asm: Assembly,
  security: SecuritySchemes,
): OpenApiDocument {
  // Only what the paths refer to: a component built along the way but left unused by every
  // operation would appear in a cold run and not in a warm one, which rebuilds nothing.
  const used = asm.components.usedBy(pathItems);
  const { paths, schemas } = shareRepeatedSchemas(
    pathItems,
    used.schemas,
    modelNames(asm.classes, asm.models),
  );
  const responses = used.responses;
  const document: OpenApiDocument = {
    openapi: '3.0.3',
    info: {
      title: config.title,
      version: config.version,
      ...(config.description ? { description: config.description } : {}),
    },
    servers: config.servers,
    paths,
  };
  const schemes = sorted(
    new Map([...security.used].map(([name, auth]) => [name, securityScheme(auth)])),
  );
  const componentsOut = {
    ...(schemas.size > 0 ? { schemas: sorted(schemas) } : {}),
    ...(responses.size > 0 ? { responses: sorted(responses) } : {}),
    ...(Object.keys(schemes).length > 0 ? { securitySchemes: schemes } : {}),
  };
  if (Object.keys(componentsOut).length > 0) document.components = componentsOut;
  const operations = Object.values(pathItems).flatMap(
    (item) => Object.values(item) as OperationObject[],
  );
  const tags = [...new Set(operations.flatMap((o) => o.tags ?? []))].sort();
  if (tags.length > 0) document.tags = tags.map((name) => ({ name }));
  return document;
}

/** Paths sorted; a method registered twice on a URI keeps the later route, as Laravel does. */
export function paths(
  operations: BuiltOperation[],
  warnings: Finding[],
): Record<string, PathItemObject> {
  const byPath = new Map<string, Map<string, BuiltOperation>>();
  for (const op of operations) {
    const item = byPath.get(op.path) ?? new Map<string, BuiltOperation>();
    if (item.has(op.method))
      warnings.push({
        message: `${op.method.toUpperCase()} ${op.path} is registered twice; the later route is documented`,
      });
    item.set(op.method, { ...op });
    byPath.set(op.path, item);
  }
  uniqueOperationIds([...byPath.values()].flatMap((m) => [...m.values()]));
  const out: Record<string, PathItemObject> = {};
  for (const path of [...byPath.keys()].sort()) {
    const item: PathItemObject = {};
    const methods = byPath.get(path)!;
    for (const method of HTTP_METHODS) {
      const op = methods.get(method);
      if (op) item[method] = op.operation;
    }
    out[path] = item;
  }
  return out;
}

function uniqueOperationIds(operations: BuiltOperation[]): void {
  const ordered = [...operations].sort((a, b) =>
    a.path === b.path ? (a.method < b.method ? -1 : 1) : a.path < b.path ? -1 : 1,
  );
  const seen = new Map<string, number>();
  for (const op of ordered) {
    const id = op.operation.operationId ?? '';
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    // Copy on write: the operation may be shared with the assembly cache.
    if (n > 1) op.operation = { ...op.operation, operationId: `${id}_${n}` };
  }
}

function sorted<T>(map: ReadonlyMap<string, T>): Record<string, T> {
  return Object.fromEntries([...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
