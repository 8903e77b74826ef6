import type {
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  PathItemObject,
  SchemaObject,
} from '../../../../src/core/types.js';
import {
  compileRequestValidator,
  type RequestInput,
  type ValidationErrors,
} from '../../../../src/mock/validate/request.js';

/** A request as a test writes it: the query as a string, everything else optional. */
export interface GivenRequest {
  path?: Record<string, string>;
  query?: string;
  headers?: Record<string, string | string[]>;
  cookies?: Record<string, string>;
  body?: unknown;
  mediaType?: string;
}

export function input(given: GivenRequest = {}): RequestInput {
  return {
    path: given.path ?? {},
    query: new URLSearchParams(given.query ?? ''),
    headers: given.headers ?? {},
    cookies: given.cookies ?? {},
    body: given.body,
    mediaType: given.mediaType ?? (given.body === undefined ? undefined : 'application/json'),
  };
}

export function makeDoc(components: OpenApiDocument['components'] = {}): OpenApiDocument {
  return { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {}, components };
}

/** Validates `given` against an operation; `pathItem` parameters are merged in. */
export function validate(
  doc: OpenApiDocument,
  operation: OperationObject,
  given: GivenRequest,
  pathItem: PathItemObject = {},
): ValidationErrors | null {
  return compileRequestValidator(doc, pathItem, operation)(input(given));
}

export function validateParams(
  parameters: ParameterObject[],
  given: GivenRequest,
  doc: OpenApiDocument = makeDoc(),
): ValidationErrors | null {
  return validate(doc, { parameters }, given);
}

/** A POST with a required JSON body of `schema`. */
export function jsonBody(schema: SchemaObject, required = true): OperationObject {
  return { requestBody: { required, content: { 'application/json': { schema } } } };
}
