import { deref } from '../refs.js';
import {
  HTTP_METHODS,
  type HttpMethod,
  type OpenApiDocument,
  type OperationObject,
  type PathItemObject,
} from '../types.js';

/** One operation of the document: what a route points at. */
export interface OperationEntry {
  method: HttpMethod;
  /** The path template as written in the document, e.g. `/api/users/{id}`. */
  path: string;
  operation: OperationObject;
  pathItem: PathItemObject;
}

/** Every operation of the document, in document order (path items' `$ref`s resolved). */
export function listOperations(doc: OpenApiDocument): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const pathItem = deref<PathItemObject>(doc, rawItem);
    if (!pathItem || typeof pathItem !== 'object') continue;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (operation && typeof operation === 'object') {
        entries.push({ method, path, operation, pathItem });
      }
    }
  }
  return entries;
}
