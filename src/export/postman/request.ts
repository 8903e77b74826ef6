import type { ExportBody } from '../bodies.js';
import type { ExportOperation } from '../model.js';
import type { Extra } from './auth.js';

/**
 * Plain definitions of the Postman Collection v2.1 format, for the SDK's constructors.
 * @see https://schema.postman.com/collection/json/v2.1.0/draft-07/docs/index.html
 */
export interface KeyValue {
  key: string;
  value: string;
  disabled?: boolean;
  description?: string;
  type?: string;
  src?: string[];
}

export interface RequestDefinition {
  method: string;
  url: { host: string[]; path: string[]; query: KeyValue[]; variable: KeyValue[] };
  header: KeyValue[];
  body?: Record<string, unknown>;
  description?: string;
}

export const BASE_URL_VARIABLE = 'baseUrl';

/**
 * The request: `{{baseUrl}}` and the path with `:name` variables, query parameters (optional
 * ones present but disabled, so one click sends them), headers, and the body.
 * @see https://learning.postman.com/docs/sending-requests/create-requests/parameters/
 */
export function requestDefinition(op: ExportOperation, extras: Extra[]): RequestDefinition {
  const query: KeyValue[] = [];
  const header: KeyValue[] = [{ key: 'Accept', value: accept(op) }];
  const variable: KeyValue[] = [];
  const cookies: string[] = [];
  for (const param of op.parameters) {
    const described = param.description ? { description: param.description } : {};
    for (const { key, value } of param.pairs) {
      if (param.in === 'path') continue;
      if (param.in === 'query')
        query.push({
          key,
          value: encodeQueryValue(value),
          ...(param.required ? {} : { disabled: true }),
          ...described,
        });
      else if (param.in === 'header')
        header.push({ key, value, ...(param.required ? {} : { disabled: true }), ...described });
      else if (param.required) cookies.push(`${key}=${encodeURIComponent(value)}`);
    }
  }
  // Path values percent-encoded, as they sit in the URL: a `/` inside one must not split it.
  for (const segment of op.segments) {
    if (!('param' in segment)) continue;
    const description = op.parameters.find(
      (p) => p.in === 'path' && p.name === segment.param,
    )?.description;
    variable.push({
      key: segment.param,
      value: segment.value,
      ...(description ? { description } : {}),
    });
  }
  for (const extra of extras) {
    if (extra.in === 'query') query.push({ key: extra.key, value: extra.value });
    else if (extra.key === 'Cookie') cookies.push(extra.value);
    else header.push({ key: extra.key, value: extra.value });
  }
  if (cookies.length > 0) header.push({ key: 'Cookie', value: cookies.join('; ') });
  if (op.body && op.body.kind !== 'urlencoded' && op.body.kind !== 'formdata') {
    header.push({ key: 'Content-Type', value: op.body.mediaType });
  }
  return {
    method: op.method,
    url: {
      host: [`{{${BASE_URL_VARIABLE}}}`],
      path: op.segments.map((s) => ('text' in s ? s.text : `:${s.param}`)),
      query,
      variable,
    },
    header,
    ...(op.body ? { body: body(op.body) } : {}),
    ...(op.description ? { description: op.description } : {}),
  };
}

function accept(op: ExportOperation): string {
  return op.success.contentType?.split(';')[0]?.trim() || 'application/json';
}

function body(b: ExportBody): Record<string, unknown> {
  switch (b.kind) {
    case 'urlencoded':
      return {
        mode: 'urlencoded',
        urlencoded: b.fields.map(({ key, value }) => ({ key, value, type: 'text' })),
      };
    case 'formdata':
      return {
        mode: 'formdata',
        formdata: b.fields.map(({ key, value, file }) =>
          file ? { key, type: 'file', src: [] } : { key, value, type: 'text' },
        ),
      };
    case 'json':
      return { mode: 'raw', raw: b.text, options: { raw: { language: 'json' } } };
    default:
      return { mode: 'raw', raw: b.text, options: { raw: { language: rawLanguage(b.mediaType) } } };
  }
}

function rawLanguage(mediaType: string): string {
  if (/xml/i.test(mediaType)) return 'xml';
  if (/html/i.test(mediaType)) return 'html';
  if (/javascript/i.test(mediaType)) return 'javascript';
  return 'text';
}

/**
 * Percent-encodes what a query value must not carry as is. `+` above all: servers (PHP, and
 * the mock) read it as a space, which would turn `+02:00` in a date-time into ` 02:00`.
 */
export function encodeQueryValue(value: string): string {
  return value.replace(/[%&#+=\s]/g, (c) => encodeURIComponent(c));
}
