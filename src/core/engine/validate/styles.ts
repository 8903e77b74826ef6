import type { ReadonlyQuery } from '../../request-target.js';
import type { ParameterObject } from '../../types.js';
import { readFields } from '../input-fields.js';
import { MOCK_QUERY_PARAMETERS } from '../scenarios.js';
import { parseJson as readJson } from '../json-body.js';
import type { ValueShape } from './shape.js';
import type { RequestInput } from './types.js';

/**
 * Parameter deserialisation: turns the strings of a request into the array, object or scalar
 * the parameter's schema describes, by the parameter's `style` and `explode`. Readers are built
 * once per parameter, so a request only runs the one its style needs.
 * @see https://spec.openapis.org/oas/v3.0.3#style-values
 * @see https://spec.openapis.org/oas/v3.0.3#style-examples
 */

/** What a reader returns when the request does not carry the parameter. */
export const MISSING: unique symbol = Symbol('missing');

export type Reader = (input: RequestInput) => unknown;

export interface ParameterStyle {
  name: string;
  in: ParameterObject['in'];
  style: string;
  explode: boolean;
  value: ValueShape;
  /** A `content` parameter in a JSON media type: its value is JSON text. */
  json: boolean;
  /** The operation's other query parameters: what a free-form exploded object is not. */
  others: readonly string[];
}

/** Defaults: `form` for query and cookie, `simple` for path and header; only `form` explodes. */
export function parameterStyle(
  param: ParameterObject,
  value: ValueShape,
  json: boolean,
  others: readonly string[] = [],
): ParameterStyle {
  const fallback = param.in === 'query' || param.in === 'cookie' ? 'form' : 'simple';
  const style = typeof param.style === 'string' ? param.style : fallback;
  const explode = typeof param.explode === 'boolean' ? param.explode : style === 'form';
  return { name: param.name, in: param.in, style, explode, value, json, others };
}

export function readerFor(p: ParameterStyle): Reader {
  if (p.in === 'query') return queryReader(p);
  const get = rawGetter(p);
  const parse = p.json ? parseJson : stringParser(p);
  return (input) => {
    const raw = get(input);
    return raw === undefined ? MISSING : parse(raw);
  };
}

function rawGetter(p: ParameterStyle): (input: RequestInput) => string | undefined {
  const { name } = p;
  if (p.in === 'path') return (input) => own(input.path, name);
  if (p.in === 'cookie') return (input) => own(input.cookies, name);
  const header = name.toLowerCase();
  return (input) => {
    const value = own(input.headers, header);
    // node joins repeated headers with ", " except a few; join the rest the same way.
    return Array.isArray(value) ? value.join(', ') : value;
  };
}

/** path, header and cookie values: one string, split by the style. */
function stringParser(p: ParameterStyle): (raw: string) => unknown {
  const { shape } = p.value;
  if (p.style === 'label') {
    // `.5`, `.3.4.5` (exploded) or `.3,4,5`; `.role=admin.name=x` or `.role,admin,name,x`.
    const parse = delimited(shape, p.explode, p.explode ? '.' : ',', false);
    return (raw) => parse(raw.startsWith('.') ? raw.slice(1) : raw);
  }
  if (p.style === 'matrix') return matrixParser(p.name, shape, p.explode);
  return delimited(shape, p.explode, ',', p.in === 'header');
}

/** `;id=5`, `;id=3,4,5`, `;id=3;id=4;id=5`, `;id=role,admin,name,x`, `;role=admin;name=x`. */
function matrixParser(name: string, shape: ValueShape['shape'], explode: boolean) {
  const prefix = `;${name}=`;
  if (shape === 'array' && explode) return (raw: string) => matrixList(raw, prefix);
  if (shape === 'object' && explode) {
    return (raw: string) => assignments(split(raw.startsWith(';') ? raw.slice(1) : raw, ';'));
  }
  const parse = delimited(shape, false, ',', false);
  return (raw: string) =>
    parse(raw.startsWith(prefix) ? raw.slice(prefix.length) : raw === `;${name}` ? '' : raw);
}

/** `;id=3;id=4;id=5` → `['3', '4', '5']`. */
function matrixList(raw: string, prefix: string): string[] {
  if (!raw.startsWith(prefix)) return [raw];
  return raw.split(prefix).slice(1);
}

/** One string of `sep`-separated items: `3,4,5`, `role,admin,name,x` or `role=admin,name=x`. */
function delimited(shape: ValueShape['shape'], explode: boolean, sep: string, trim: boolean) {
  if (shape === 'array') return (raw: string) => split(raw, sep, trim);
  if (shape === 'object') {
    return explode
      ? (raw: string) => assignments(split(raw, sep, trim))
      : (raw: string) => pairs(split(raw, sep, trim));
  }
  return (raw: string) => raw;
}

const QUERY_SEPARATORS: Readonly<Record<string, string>> = {
  form: ',',
  spaceDelimited: ' ',
  pipeDelimited: '|',
};

function queryReader(p: ParameterStyle): Reader {
  const { name } = p;
  const { shape, properties } = p.value;
  if (p.json) return (input) => ifPresent(last(input.query.getAll(name)), parseJson);
  if (p.style === 'deepObject') return (input) => bracketed(input.query, name);
  if (shape === 'array' && p.explode) return (input) => arrayValues(input.query, name);
  if (shape === 'object' && p.explode && properties.length > 0) {
    return (input) => picked(input.query, properties);
  }
  // A free-form exploded object has no names to look for: Laravel's `name[key]=value`, else,
  // as OpenAPI writes it (`?a=1&b=2`), every query key no other parameter claims.
  if (shape === 'object' && p.explode) {
    const others = new Set([...p.others, ...MOCK_QUERY_PARAMETERS]);
    return (input) => {
      const value = bracketed(input.query, name);
      return value === MISSING ? unclaimed(input.query, others) : value;
    };
  }
  const parse = delimited(shape, false, QUERY_SEPARATORS[p.style] ?? ',', false);
  return (input) => {
    const raw = last(input.query.getAll(name));
    // Laravel clients send arrays as `ids[]=1&ids[]=2`, whatever the spec's style.
    if (raw === undefined && shape === 'array') return arrayValues(input.query, name);
    return ifPresent(raw, parse);
  };
}

/** `ids=1&ids=2`, and PHP's `ids[]=1&ids[]=2`. */
function arrayValues(query: ReadonlyQuery, name: string): unknown {
  const values = query.getAll(name);
  const php = query.getAll(`${name}[]`);
  if (php.length > 0) values.push(...php);
  return values.length > 0 ? values : MISSING;
}

/** The query keys no declared parameter names (PHP-style `a[b]` keys aside). */
function unclaimed(query: ReadonlyQuery, claimed: ReadonlySet<string>): unknown {
  let out: Record<string, unknown> | undefined;
  for (const [key, value] of query) {
    if (claimed.has(key) || key.includes('[')) continue;
    out ??= record();
    out[key] = value;
  }
  return out ?? MISSING;
}

/** An exploded form object: `?role=admin&name=x` for properties `role` and `name`. */
function picked(query: ReadonlyQuery, properties: readonly string[]): unknown {
  let out: Record<string, unknown> | undefined;
  for (const property of properties) {
    const value = last(query.getAll(property));
    if (value === undefined) continue;
    out ??= record();
    out[property] = value;
  }
  return out ?? MISSING;
}

/** deepObject (`filter[status]=x&filter[tags][]=a`), as PHP parses it (input-fields.ts). */
function bracketed(query: ReadonlyQuery, name: string): unknown {
  const pairs: [string, string][] = [];
  for (const [key, value] of query) {
    if (key.startsWith(name) && key[name.length] === '[') pairs.push([key, value]);
  }
  if (pairs.length === 0) return MISSING;
  // The pipeline refused queries past PHP's limits before any parameter was read.
  const read = readFields(pairs, false);
  const value = 'fields' in read ? read.fields[name] : undefined;
  return value === undefined || typeof value === 'string' ? MISSING : value;
}

/** `['role', 'admin', 'name', 'x']` → `{ role: 'admin', name: 'x' }`. */
function pairs(items: readonly string[]): Record<string, unknown> {
  const out = record();
  for (let i = 0; i < items.length; i += 2) out[items[i] ?? ''] = items[i + 1] ?? '';
  return out;
}

/** `['role=admin', 'name=x']` → `{ role: 'admin', name: 'x' }`. */
function assignments(items: readonly string[]): Record<string, unknown> {
  const out = record();
  for (const item of items) {
    const at = item.indexOf('=');
    if (at < 0) out[item] = '';
    else out[item.slice(0, at)] = item.slice(at + 1);
  }
  return out;
}

/** An empty string is an empty list, the serialisation of `[]`. */
function split(raw: string, sep: string, trim = false): string[] {
  if (raw === '') return [];
  const items = raw.split(sep);
  return trim ? items.map((s) => s.trim()) : items;
}

/** Not JSON after all (a bare word): keep the string, and let the schema judge it. */
function parseJson(raw: string): unknown {
  const json = readJson(raw);
  return 'value' in json ? json.value : raw;
}

/** PHP keeps the last of repeated keys (`?page=1&page=2` is page 2); so does Laravel. */
function last(values: readonly string[]): string | undefined {
  return values[values.length - 1];
}

function ifPresent(raw: string | undefined, parse: (raw: string) => unknown): unknown {
  return raw === undefined ? MISSING : parse(raw);
}

function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Objects built from request keys have no prototype: `filter[__proto__]` is just a key. */
function record(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>;
}
