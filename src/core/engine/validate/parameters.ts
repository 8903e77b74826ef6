import { deref } from '../../refs.js';
import { toJsonSchema } from '../../schema.js';
import type {
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  PathItemObject,
} from '../../types.js';
import { MOCK_QUERY_PARAMETERS } from '../scenarios.js';
import { parameterPath } from './attribute.js';
import { compileParameterSchema } from './compile.js';
import { fieldMessages, groupMessages, requiredErrors } from './errors.js';
import { isJsonMediaType } from './media.js';
import { shapeOf } from './shape.js';
import { MISSING, parameterStyle, readerFor } from './styles.js';
import type { Check } from './types.js';

const LOCATIONS = new Set(['path', 'query', 'header', 'cookie']);

/**
 * The path item's parameters overridden by the operation's with the same name and location.
 * Skips what is never validated: the mock's own query parameters (`_scenario`, `__code`, ...), and the headers
 * the spec says to ignore.
 * @see https://spec.openapis.org/oas/v3.0.3#fixed-fields-7 (parameters)
 * @see https://spec.openapis.org/oas/v3.0.3#fixed-fields-9 (Accept, Content-Type, Authorization)
 */
export function mergeParameters(
  doc: OpenApiDocument,
  pathItem: PathItemObject,
  operation: OperationObject,
): ParameterObject[] {
  const merged = new Map<string, ParameterObject>();
  for (const entry of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
    const param = deref<ParameterObject>(doc, entry);
    if (!param || typeof param.name !== 'string' || !LOCATIONS.has(param.in)) continue;
    if (isIgnored(param)) continue;
    // Header names are case-insensitive (RFC 9110 §5.1); the others are not.
    const name = param.in === 'header' ? param.name.toLowerCase() : param.name;
    merged.set(`${param.in}:${name}`, param);
  }
  return [...merged.values()];
}

/**
 * The three the spec says to ignore, and the fetch standard's forbidden request headers: those
 * belong to the HTTP machinery (a browser refuses to set them), so no client can be held to a
 * document's `Transfer-Encoding` or `Content-Length` parameter.
 * @see https://fetch.spec.whatwg.org/#forbidden-request-header
 */
const IGNORED_HEADERS = new Set([
  'accept',
  'content-type',
  'authorization',
  'accept-charset',
  'accept-encoding',
  'access-control-request-headers',
  'access-control-request-method',
  'connection',
  'content-length',
  'cookie',
  'cookie2',
  'date',
  'dnt',
  'expect',
  'host',
  'keep-alive',
  'origin',
  'referer',
  'set-cookie',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'via',
]);

function isIgnored(param: ParameterObject): boolean {
  if (param.in === 'query') return MOCK_QUERY_PARAMETERS.has(param.name);
  if (param.in !== 'header') return false;
  const name = param.name.toLowerCase();
  return IGNORED_HEADERS.has(name) || name.startsWith('proxy-') || name.startsWith('sec-');
}

/**
 * A parameter's check: read and deserialise it by style, then validate a copy (coerced: every
 * value arrives as a string) against its schema. Its errors are keyed by its Laravel input key.
 */
export function compileParameter(
  doc: OpenApiDocument,
  param: ParameterObject,
  siblings: readonly ParameterObject[] = [],
): Check {
  const path = parameterPath(param.name);
  // Path parameters are always required, whatever the document says.
  const required = param.in === 'path' || param.required === true;
  const content = Object.entries(param.content ?? {})[0];
  const json = content !== undefined && isJsonMediaType(content[0].toLowerCase());
  const schema = toJsonSchema(doc, content ? content[1]?.schema : param.schema, 'request');
  const others = siblings.filter((p) => p !== param && p.in === 'query').map((p) => p.name);
  const read = readerFor(parameterStyle(param, shapeOf(schema), json, others));
  // JSON text has its own types; only plain strings need coercing.
  const validate = compileParameterSchema(schema, json ? 'strict' : 'coerce');
  return (input) => {
    const value = read(input);
    if (value === MISSING || (required && isBlank(value))) {
      return required ? requiredErrors([path]) : null;
    }
    if (validate(value)) return null;
    return groupMessages(fieldMessages(validate.errors ?? [], path));
  };
}

/** Laravel's `required` also fails on an empty string or an empty list (`?q=`). */
function isBlank(value: unknown): boolean {
  return value === '' || (Array.isArray(value) && value.length === 0);
}
