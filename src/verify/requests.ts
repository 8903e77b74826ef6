import type { OperationEntry } from '../core/engine/operations.js';
import { isType } from '../core/engine/schema-shape.js';
import { compileParameter, mergeParameters } from '../core/engine/validate/parameters.js';
import { deref } from '../core/refs.js';
import type { OpenApiDocument, ResponseObject, SchemaObject } from '../core/types.js';
import { exportParameters, type ExportParameter } from '../export/parameters.js';
import { operationCredentials } from '../export/security.js';
import type { Body } from './body.js';
import { encodeBody } from './body.js';
import type { IdStore } from './ids.js';

/** Credentials and headers from the command line, for every request that needs them. */
export interface Credentials {
  bearer?: string;
  basic?: string;
  headers: Record<string, string>;
}

/** One request, ready to send. */
export interface BuiltRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string | FormData;
  /** The body as text, for the reports. */
  text?: string;
  /** The path parameters' values, by name. */
  pathValues: Record<string, string>;
}

/**
 * A request for `entry`: path parameters from what earlier answers showed (else generated
 * values the document takes), the required query, header and cookie parameters with generated
 * values, the credentials its `security` asks for, and `body` if it has one.
 */
export function buildRequest(
  doc: OpenApiDocument,
  entry: OperationEntry,
  base: URL,
  parameters: ExportParameter[],
  ids: IdStore,
  credentials: Credentials,
  body: Body | undefined,
): BuiltRequest {
  const pathValues = pathParameterValues(doc, entry, parameters, ids);
  const path = entry.path
    .split(/[?#]/)[0]!
    .replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(pathValues[name] ?? ''));
  const url = new URL(base.pathname.replace(/\/+$/, '') + path, base);
  const headers: Record<string, string> = { accept: acceptOf(doc, entry) };
  const cookies: string[] = [];
  for (const param of parameters) {
    if (!param.required || param.in === 'path') continue;
    for (const { key, value } of param.pairs) {
      if (param.in === 'query') url.searchParams.append(key, value);
      else if (param.in === 'header') headers[key.toLowerCase()] = value;
      else cookies.push(`${key}=${encodeURIComponent(value)}`);
    }
  }
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  Object.assign(headers, authorization(doc, entry, credentials), lowerCased(credentials.headers));
  const request: BuiltRequest = { method: entry.method.toUpperCase(), url, headers, pathValues };
  if (!body || entry.method === 'get' || entry.method === 'head') return request;
  const encoded = encodeBody(body);
  if (encoded.contentType) headers['content-type'] = encoded.contentType;
  return { ...request, body: encoded.payload, text: encoded.text };
}

function pathParameterValues(
  doc: OpenApiDocument,
  entry: OperationEntry,
  parameters: ExportParameter[],
  ids: IdStore,
): Record<string, string> {
  const values: Record<string, string> = {};
  const declared = mergeParameters(doc, entry.pathItem, entry.operation);
  for (const param of parameters.filter((p) => p.in === 'path')) {
    const object = declared.find((p) => p.name === param.name && p.in === 'path');
    const check = object ? compileParameter(doc, object) : undefined;
    const accepts = (value: string) => !check || check(pathInput(param.name, value)) === null;
    const schema = deref<SchemaObject>(doc, object?.schema);
    const type = isType(schema, 'integer') || isType(schema, 'number') ? 'integer' : 'string';
    values[param.name] =
      ids.valueFor(entry, param.name, type, accepts) ?? param.pairs[0]?.value ?? '1';
  }
  return values;
}

function pathInput(name: string, value: string) {
  const empty = { query: new URLSearchParams(), headers: {}, cookies: {}, body: undefined };
  return { path: { [name]: value }, ...empty };
}

/**
 * What the operation's responses declare, JSON first: Laravel answers errors in JSON only to a
 * client that asks for it (without, a validation error is a redirect).
 */
function acceptOf(doc: OpenApiDocument, entry: OperationEntry): string {
  const types = new Set<string>();
  for (const raw of Object.values(entry.operation.responses ?? {})) {
    const response = deref<ResponseObject>(doc, raw);
    for (const type of Object.keys(response?.content ?? {})) types.add(type.split(';')[0]!.trim());
  }
  const list = [...types].sort((a, b) => Number(!/json/i.test(a)) - Number(!/json/i.test(b)));
  return list.length > 0 ? list.join(', ') : 'application/json';
}

/** The first alternative of the operation's `security` that the credentials given can meet. */
function authorization(
  doc: OpenApiDocument,
  entry: OperationEntry,
  credentials: Credentials,
): Record<string, string> {
  for (const credential of operationCredentials(doc, entry.operation)) {
    if ((credential.kind === 'bearer' || credential.kind === 'oauth2') && credentials.bearer) {
      return { authorization: `Bearer ${credentials.bearer}` };
    }
    if (credential.kind === 'basic' && credentials.basic) {
      return { authorization: `Basic ${Buffer.from(credentials.basic).toString('base64')}` };
    }
  }
  return {};
}

function lowerCased(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

/** The generated parameters of an operation: made once per plan, with the plan's seed. */
export function parametersOf(
  doc: OpenApiDocument,
  entry: OperationEntry,
  seed: string,
): ExportParameter[] {
  return exportParameters(doc, entry, `${seed}|verify|${entry.method} ${entry.path}`);
}
