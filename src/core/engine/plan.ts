import { deref } from '../refs.js';
import type { OpenApiDocument, ParameterObject, SchemaObject } from '../types.js';
import type { OperationEntry } from './operations.js';
import {
  detectPagination,
  DEFAULT_PER_PAGE,
  MAX_PER_PAGE,
  type PaginationShape,
} from './pagination.js';
import { resourceModel, type ResourceRole } from './resources/recognise.js';
import { responseMedia, successStatus } from './responses.js';
import { isType, objectProperties } from './schema-shape.js';

/**
 * What an operation answers that does not depend on the request, worked out once: the mock
 * answers with it, the exporters save what the mock would answer.
 */
export interface ResponsePlan {
  entry: OperationEntry;
  successStatus: number;
  pagination: PaginationShape | undefined;
  paging: { pageIsInteger: boolean; perPageIsInteger: boolean; perPageDefault: number };
  /** The path parameter an item's `id` echoes, e.g. `id` in `/users/{id}`. */
  idParam: string | undefined;
  /** What the operation does to a collection of the document (list, read, create, ...). */
  resource: ResourceRole | undefined;
}

export function compileResponsePlan(doc: OpenApiDocument, entry: OperationEntry): ResponsePlan {
  const { operation, method } = entry;
  const status = successStatus(operation, method);
  const at = responseMedia(doc, operation, status);
  return {
    entry,
    successStatus: status,
    pagination: detectPagination(doc, at?.media.schema),
    paging: pagingParams(doc, entry),
    idParam: idParam(entry.path),
    resource: resourceModel(doc).roleOf(method, entry.path),
  };
}

function pagingParams(doc: OpenApiDocument, entry: OperationEntry): ResponsePlan['paging'] {
  const params = [...(entry.pathItem.parameters ?? []), ...(entry.operation.parameters ?? [])]
    .map((p) => deref<ParameterObject>(doc, p))
    .filter((p): p is ParameterObject => p?.in === 'query');
  const schemaOf = (name: string) =>
    deref<SchemaObject>(doc, params.find((p) => p.name === name)?.schema);
  const perPage = schemaOf('per_page');
  const perPageDefault =
    typeof perPage?.default === 'number' && perPage.default >= 1
      ? perPage.default
      : DEFAULT_PER_PAGE;
  return {
    pageIsInteger: isType(schemaOf('page'), 'integer'),
    perPageIsInteger: isType(perPage, 'integer'),
    perPageDefault: Math.min(perPageDefault, MAX_PER_PAGE),
  };
}

/** The last path parameter when it names an identifier: `{id}`, `{user_id}`, `{userId}`. */
export function idParam(path: string): string | undefined {
  const last = /\{([^}]+)\}\/?$/.exec(path)?.[1];
  return last && /(id|Id|ID)$/.test(last) ? last : undefined;
}

/** The schema of the `id` a response echoes: its own `id`, else its `data` wrapper's. */
export function idSchema(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
): { path: string[]; schema: SchemaObject } | undefined {
  const props = objectProperties(doc, schema);
  const own = props.get('id');
  if (own) return { path: ['id'], schema: own };
  const data = props.get('data');
  const nested = data && isType(data, 'object') ? objectProperties(doc, data).get('id') : undefined;
  return nested ? { path: ['data', 'id'], schema: nested } : undefined;
}
