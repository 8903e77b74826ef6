import type { ReadonlyQuery } from '../../request-target.js';

/** Laravel's 422 `errors` object: dotted field key → messages, in the order they were found. */
export type ValidationErrors = Record<string, string[]>;

export interface RequestInput {
  /** Raw, already percent-decoded path parameters. */
  path: Record<string, string>;
  /** Raw query string. */
  query: ReadonlyQuery;
  /** Lower-cased header names, as node's IncomingHttpHeaders. */
  headers: Record<string, string | string[] | undefined>;
  cookies: Record<string, string>;
  /** Undefined when no body was sent; parsed JSON, or an object of strings for a form. */
  body: unknown;
  /** Lower-case, without parameters: `application/json`, `application/x-www-form-urlencoded`. */
  mediaType?: string;
}

/** Returns null when the request is valid. */
export interface RequestValidator {
  (input: RequestInput): ValidationErrors | null;
}

/** One part of a request's validation (a parameter, the body): its errors, or null. */
export type Check = (input: RequestInput) => ValidationErrors | null;

/** A JSON Schema 2020-12 document or subschema, as `toJsonSchema` returns it. */
export type JsonSchema = Record<string, unknown> | boolean;

/** Parameters arrive as strings and are coerced; JSON bodies are taken as they are. */
export type AjvKind = 'coerce' | 'strict';

/** One failed rule, before messages are grouped by field. */
export interface FieldMessage {
  /** The field's path: `['items', '0', 'name']`; `[]` is the body itself. */
  path: string[];
  keyword: string;
  message: string;
}
