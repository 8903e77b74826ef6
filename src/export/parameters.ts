import { deref } from '../core/refs.js';
import type {
  ExampleObject,
  OpenApiDocument,
  ParameterObject,
  Reference,
  SchemaObject,
} from '../core/types.js';
import { generate } from '../core/engine/generate/index.js';
import { isJsonMediaType } from '../core/engine/http.js';
import type { OperationEntry } from '../core/engine/operations.js';
import { isType } from '../core/engine/schema-shape.js';
import { compileParameter, mergeParameters } from '../core/engine/validate/parameters.js';
import type { Check, RequestInput } from '../core/engine/validate/types.js';

/** One parameter with an example value the mock accepts, serialised as it goes on the wire. */
export interface ExportParameter {
  name: string;
  in: ParameterObject['in'];
  /** Path parameters always are; others as the document says. */
  required: boolean;
  description?: string;
  /** The value as key/value pairs: one for most, one per item of an exploded query array. */
  pairs: { key: string; value: string }[];
}

/**
 * The operation's parameters (path item's overridden by the operation's), each with a value
 * that passes the mock's validation: a declared example that conforms, else generated data.
 * @see https://spec.openapis.org/oas/v3.0.3#parameter-object
 */
export function exportParameters(
  doc: OpenApiDocument,
  entry: OperationEntry,
  seed: string,
): ExportParameter[] {
  return mergeParameters(doc, entry.pathItem, entry.operation).map((param) => ({
    name: param.name,
    in: param.in,
    required: param.in === 'path' || param.required === true,
    ...(param.description ? { description: param.description } : {}),
    pairs: parameterPairs(doc, param, `${seed}|${param.in}|${param.name}`),
  }));
}

/** Fresh seeds tried when generated data does not survive the trip through a string. */
const GENERATION_ATTEMPTS = 4;

/**
 * The first value the mock's own check of this parameter accepts once serialised: declared
 * examples, then (for numeric path parameters) `1`, which reads better than a random number, then
 * generated data. Checking the wire form matters: `1` is valid JSON for `oneOf: [integer,
 * string]`, but the string `"1"` matches both branches and fails it.
 */
function parameterPairs(doc: OpenApiDocument, param: ParameterObject, seed: string): Pair[] {
  const check = compileParameter(doc, param);
  const media = Object.values(param.content ?? {})[0];
  const schema: SchemaObject | undefined = media ? media.schema : param.schema;
  const named = (param as { examples?: Record<string, ExampleObject | Reference> }).examples;
  const candidates: (() => unknown)[] = [
    param.example,
    ...Object.values(named ?? {}).map((e) => deref<ExampleObject>(doc, e)?.value),
  ]
    .filter((v) => v !== undefined)
    .map((v) => () => v);
  const resolved = deref<SchemaObject>(doc, schema);
  if (param.in === 'path' && (isType(resolved, 'integer') || isType(resolved, 'number')))
    candidates.push(() => 1);
  for (let i = 0; i < GENERATION_ATTEMPTS; i++) {
    candidates.push(() =>
      generate(doc, schema, { seed: i === 0 ? seed : `${seed}|${i}`, mode: 'request' }),
    );
  }
  let fallback: Pair[] | undefined;
  for (const candidate of candidates) {
    const pairs = serialise(param, candidate());
    if (accepts(check, param, pairs)) return pairs;
    fallback ??= pairs;
  }
  return fallback ?? [];
}

function accepts(check: Check, param: ParameterObject, pairs: Pair[]): boolean {
  const query = new URLSearchParams();
  const input: RequestInput = { path: {}, query, headers: {}, cookies: {}, body: undefined };
  for (const { key, value } of pairs) {
    if (param.in === 'path') input.path[key] = value;
    else if (param.in === 'query') query.append(key, value);
    else if (param.in === 'header') input.headers[key.toLowerCase()] = value;
    else input.cookies[key] = value;
  }
  return check(input) === null;
}

type Pair = { key: string; value: string };

/**
 * A value serialised by the parameter's style and explode, the inverse of the mock's readers.
 * @see https://spec.openapis.org/oas/v3.0.3#style-values
 */
export function serialise(param: ParameterObject, value: unknown): Pair[] {
  const { name } = param;
  const contentType = Object.keys(param.content ?? {})[0];
  if (contentType !== undefined) {
    const text = isJsonMediaType(contentType.toLowerCase()) ? JSON.stringify(value) : scalar(value);
    return [{ key: name, value: text }];
  }
  const style = param.style ?? (param.in === 'query' || param.in === 'cookie' ? 'form' : 'simple');
  const explode = param.explode ?? style === 'form';
  if (param.in === 'query') return queryPairs(name, style, explode, value);
  return [{ key: name, value: stringStyle(name, style, explode, value) }];
}

const SEPARATORS: Record<string, string> = { form: ',', spaceDelimited: ' ', pipeDelimited: '|' };

function queryPairs(name: string, style: string, explode: boolean, value: unknown): Pair[] {
  if (style === 'deepObject' && isRecord(value)) return bracketPairs(name, value);
  if (Array.isArray(value) && explode)
    return value.map((item) => ({ key: name, value: scalar(item) }));
  if (isRecord(value) && explode) {
    return Object.entries(value).map(([key, item]) => ({ key, value: scalar(item) }));
  }
  return [{ key: name, value: joined(value, SEPARATORS[style] ?? ',', false) }];
}

/** path, header and cookie: `simple` (`a,b`), `label` (`.a.b`) or `matrix` (`;id=a,b`). */
function stringStyle(name: string, style: string, explode: boolean, value: unknown): string {
  if (style === 'label') return `.${joined(value, explode ? '.' : ',', explode)}`;
  if (style === 'matrix') {
    if (Array.isArray(value) && explode)
      return value.map((item) => `;${name}=${scalar(item)}`).join('');
    if (isRecord(value) && explode)
      return Object.entries(value)
        .map(([k, v]) => `;${k}=${scalar(v)}`)
        .join('');
    return `;${name}=${joined(value, ',', false)}`;
  }
  return joined(value, ',', explode);
}

function joined(value: unknown, sep: string, explodeObject: boolean): string {
  if (Array.isArray(value)) return value.map(scalar).join(sep);
  if (isRecord(value)) {
    const entries = Object.entries(value);
    return explodeObject
      ? entries.map(([k, v]) => `${k}=${scalar(v)}`).join(sep)
      : entries.flatMap(([k, v]) => [k, scalar(v)]).join(sep);
  }
  return scalar(value);
}

/** `filter[status]=x&filter[tags][0]=a`, as PHP (and so Laravel) parses nested keys. */
export function bracketPairs(prefix: string, value: unknown): Pair[] {
  if (Array.isArray(value))
    return value.flatMap((item, i) => bracketPairs(`${prefix}[${i}]`, item));
  if (isRecord(value))
    return Object.entries(value).flatMap(([k, v]) => bracketPairs(`${prefix}[${k}]`, v));
  return [{ key: prefix, value: scalar(value) }];
}

/** A primitive as text; `null` is the empty string (Laravel's ConvertEmptyStringsToNull). */
export function scalar(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
