import { deref, encodePointer } from '../refs.js';
import type { OpenApiDocument, OperationObject, ResponseObject } from '../types.js';

/** The response the document declares for a status, with its key and where it sits. */
export interface DeclaredResponse {
  /** Its key under `responses`: `200`, `4XX`, `default`. */
  code: string;
  response: ResponseObject;
  pointer: string;
}

/**
 * The response declared for a status: its own code, else its range (`4XX`, either case), else
 * `default`, which stands for every status not declared one by one.
 * @see https://spec.openapis.org/oas/v3.0.3#responses-object
 */
export function declaredResponse(
  doc: OpenApiDocument,
  path: string,
  method: string,
  operation: OperationObject,
  status: number,
): DeclaredResponse | undefined {
  const responses = operation.responses ?? {};
  const code = String(status);
  const range = `${code[0]}XX`;
  const key = [code, range, range.toLowerCase(), 'default'].find((k) => responses[k] != null);
  if (key === undefined) return undefined;
  const response = deref<ResponseObject>(doc, responses[key]) ?? {};
  return { code: key, response, pointer: encodePointer(['paths', path, method, 'responses', key]) };
}

/** `200, 401, 404` for messages. */
export function declaredCodes(operation: OperationObject): string {
  const codes = Object.keys(operation.responses ?? {});
  return codes.length > 0 ? codes.join(', ') : 'none';
}
