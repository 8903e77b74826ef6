import type { ReadonlyQuery } from '../../core/request-target.js';
import type { IncomingHttpHeaders } from 'node:http';
import { deref } from '../../core/refs.js';
import type {
  OpenApiDocument,
  ParameterObject,
  RequestBodyObject,
  SchemaObject,
} from '../../core/types.js';
import type { OperationEntry } from '../../core/engine/operations.js';
import { pathKey, pathMemo } from '../cache.js';
import {
  compileTemplate,
  matchTemplate,
  safeDecode,
  withoutBase,
  type PathTemplate,
} from './templates.js';

/**
 * Path keys that say more than a path. Real documents tell operations on one URL apart by a
 * query parameter (`/jobs?op=LIST`), a header or query value behind a fragment (APIs.guru's AWS
 * documents: `/#X-Amz-Target=Svc.Op`, `/#Action=Describe`), the presence of a parameter
 * (`/tags/{arn}#tagKeys`), the request's media type (Azure's `/analyze#overload=stream`), a
 * required enum, or trailing slashes (`/jobs` and `/jobs/`). No client sends a fragment, a
 * query is no part of a route, and the router ignores trailing slashes, so these keys are
 * matched here, on the key's path part plus those conditions, before the ordinary router.
 */
export interface QualifiedMatch {
  entry: OperationEntry;
  params: Record<string, string>;
}

export interface QualifiedRequest {
  method: string;
  pathname: string;
  query: ReadonlyQuery;
  headers: IncomingHttpHeaders;
}

export interface QualifiedRouter {
  /**
   * The operation whose conditions the request meets (the most specific one), if it has any
   * condition or declares the request's media type: only then does it beat a plain path key.
   */
  match(request: QualifiedRequest): QualifiedMatch | undefined;
  /** For a path the plain keys do not serve: the best operation here, conditions met or not. */
  fallback(request: QualifiedRequest): QualifiedMatch | undefined;
  /** Whether a path key is one of those routed here (the plain router cannot tell them apart). */
  owns(path: string): boolean;
}

/** `name=value` must hold, or (no value) `name` must be present. */
interface Condition {
  name: string;
  value?: string;
  /** Where the operation declares it; undefined when it does not (then query or header). */
  in?: 'query' | 'header';
  /** `?file={name}`: the value is the path parameter `name`. */
  param?: string;
  /** The values a required parameter's enum allows: another value rules the key out. */
  values?: readonly string[];
  /**
   * A name after `#` the operation does not declare (S3's `#lifecycle`, Azure's
   * `#overload=stream`): a request that sends it as a query key is the likelier match; one
   * that does not is no worse for it.
   */
  optional?: boolean;
}

interface Route {
  entry: OperationEntry;
  method: string;
  template: PathTemplate;
  /** For a key with a slash twin: the template with its trailing slashes as written. */
  exact?: PathTemplate;
  conditions: Condition[];
  /** Declared request media types, lower-cased (for overloads told apart by body type). */
  bodyTypes: string[];
  /** Required query and header parameters: an overload whose are all sent is the likelier one. */
  required: Condition[];
}

/** Undefined when no path key of the document has a query or fragment part, or a slash twin. */
export function qualifiedRouter(
  doc: OpenApiDocument,
  operations: readonly OperationEntry[],
  basePaths: readonly string[] = [],
): QualifiedRouter | undefined {
  const keys = new Set(operations.map((op) => op.path));
  const twins = slashTwins(keys);
  const special = (path: string) => /[?#]/.test(path) || twins.has(path);
  const qualifiedOps = operations.filter((op) => special(op.path));
  if (qualifiedOps.length === 0) return undefined;
  // A plain key on the same path (Azure's `/images` beside `/images#overload=url`) competes
  // with no conditions; it comes first, so that it wins when nothing else is met.
  const bases = new Set(qualifiedOps.map((op) => shape(basePath(op.path))));
  const plainOps = operations.filter(
    (op) => !special(op.path) && bases.has(shape(trimSlash(op.path))),
  );
  const routes = [...plainOps, ...qualifiedOps].map((op) =>
    compileRoute(doc, op, twins.has(op.path)),
  );
  const byPath = (method: string, path: string): Candidate[] => {
    const methods = method === 'HEAD' ? ['HEAD', 'GET'] : [method];
    for (const pathname of withoutBase(path, basePaths)) {
      const decoded = safeDecode(pathname);
      const found: Candidate[] = [];
      for (const route of routes) {
        if (!methods.includes(route.method)) continue;
        const params = matchTemplate(route.template, pathname, decoded);
        if (params) found.push([route, params]);
      }
      // Trailing slashes are ignored, unless they are what tells two keys apart.
      const strict = found.filter(([r]) => !r.exact || matchTemplate(r.exact, pathname, decoded));
      if (strict.some(([route]) => route.exact)) return strict;
      if (found.length > 0) return found;
    }
    return [];
  };
  // The templates a path matches depend on the method and path alone: worked out once each.
  const memo = pathMemo<Candidate[]>();
  const candidates = (request: QualifiedRequest): Candidate[] => {
    const key = pathKey(request.method, request.pathname);
    if (key === undefined) return byPath(request.method, request.pathname);
    return memo.get(key) ?? memo.set(key, byPath(request.method, request.pathname));
  };
  return {
    owns: special,
    match: (request) => {
      const found = best(candidates(request), request);
      // Meeting a condition or declaring the body's type sets a key apart; having every
      // required parameter only ranks keys that are otherwise alike.
      return found && found.score > 1 ? found : undefined;
    },
    fallback: (request) => {
      const found = candidates(request);
      const chosen = best(found, request);
      if (chosen) return chosen;
      // No candidate's conditions are met: its validation will say what is missing.
      return found[0] && { entry: found[0][0].entry, params: { ...found[0][1] } };
    },
  };
}

function basePath(path: string): string {
  const at = path.search(/[?#]/);
  return trimSlash(at < 0 ? path : path.slice(0, at));
}

/** `/{applicationId}` and `/{applicationDefinitionId}` are one path. */
function shape(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}');
}

function trimSlash(path: string): string {
  return path.replace(/\/+$/, '') || '/';
}

/**
 * Keys that differ from another only in trailing slashes (AWS Backup's `GET /plans/{id}/`
 * beside `POST /plans/{id}`, TomTom's `/wms/` and `/wms//`): the router, which ignores trailing
 * slashes, cannot hold them apart; here slashes count where they tell two keys apart.
 */
function slashTwins(keys: ReadonlySet<string>): Set<string> {
  const byTrimmed = new Map<string, string[]>();
  for (const key of keys) {
    if (/[?#]/.test(key)) continue;
    const trimmed = key.replace(/\/+$/, '') || '/';
    byTrimmed.set(trimmed, [...(byTrimmed.get(trimmed) ?? []), key]);
  }
  return new Set([...byTrimmed.values()].filter((list) => list.length > 1).flat());
}

function compileRoute(doc: OpenApiDocument, entry: OperationEntry, exactSlashes: boolean): Route {
  const found = entry.path.search(/[?#]/);
  const at = found < 0 ? entry.path.length : found;
  const declared = parameters(doc, entry);
  const requestBody = deref<RequestBodyObject>(doc, entry.operation.requestBody);
  return {
    entry,
    method: entry.method.toUpperCase(),
    template: compileTemplate(entry.path),
    exact: exactSlashes ? compileTemplate(entry.path, undefined, true) : undefined,
    conditions: [...conditions(entry.path.slice(at), declared), ...enumConditions(doc, declared)],
    bodyTypes: Object.keys(requestBody?.content ?? {}).map((t) => t.toLowerCase()),
    required: declared
      .filter((p) => p.required === true && (p.in === 'query' || p.in === 'header'))
      .filter((p) => !['content-type', 'accept', 'authorization'].includes(p.name.toLowerCase()))
      .map((p) => ({ name: p.name, in: p.in as 'query' | 'header' })),
  };
}

function parameters(doc: OpenApiDocument, entry: OperationEntry): ParameterObject[] {
  return [...(entry.pathItem.parameters ?? []), ...(entry.operation.parameters ?? [])]
    .map((p) => deref<ParameterObject>(doc, p))
    .filter((p): p is ParameterObject => typeof p?.name === 'string');
}

/**
 * Keys alike but for what a required query or header parameter's enum allows (TomTom's WMS
 * `request: GetMap` and `request: GetCapabilities`): a request sending another value is not
 * for this key.
 */
function enumConditions(doc: OpenApiDocument, declared: ParameterObject[]): Condition[] {
  return declared.flatMap((param) => {
    const members = deref<SchemaObject>(doc, param.schema)?.enum;
    if (param.required !== true || (param.in !== 'query' && param.in !== 'header')) return [];
    if (!Array.isArray(members) || !members.every((m) => typeof m === 'string')) return [];
    return [{ name: param.name, in: param.in, values: members as string[] }];
  });
}

/**
 * `?a=1&b` and `#X-Amz-Target=Svc.Op&c`. After `#`, a name the operation does not declare is
 * only a hint (see `Condition.optional`).
 */
function conditions(qualifier: string, declared: ParameterObject[]): Condition[] {
  const fragment = qualifier.startsWith('#');
  const out: Condition[] = [];
  for (const part of qualifier.slice(1).split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? undefined : part.slice(eq + 1);
    const param =
      declared.find((p) => p.in === 'query' && p.name === name) ??
      declared.find((p) => p.in === 'header' && p.name.toLowerCase() === name.toLowerCase());
    const where = param ? (param.in === 'header' ? 'header' : 'query') : undefined;
    if (fragment && !param) {
      out.push({ name, value, in: 'query', optional: true });
      continue;
    }
    const template = value === undefined ? undefined : /^\{(.+)\}$/.exec(value)?.[1];
    if (template !== undefined) out.push({ name, in: where, param: template });
    else out.push({ name, value, in: where });
  }
  return out;
}

/** A key whose path matches the request's, and the path's parameters (shared: copy to fill). */
type Candidate = readonly [Route, Readonly<Record<string, string>>];

/** The candidate meeting the most conditions; ties go to one declaring the request's body type. */
function best(
  found: readonly Candidate[],
  request: QualifiedRequest,
): (QualifiedMatch & { score: number }) | undefined {
  const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  let chosen: [Route, Record<string, string>, number] | undefined;
  for (const [route, shared] of found) {
    // Conditions fill the parameters a query or header value names (`?file={name}`).
    const params = { ...shared };
    const met = meets(route, request, params);
    if (met === undefined) continue;
    // Conditions met first, then the request's media type declared, then nothing required missing.
    const media = mediaType && route.bodyTypes.includes(mediaType) ? 2 : 0;
    const complete = route.required.every((c) => read(c, request) !== undefined) ? 1 : 0;
    const score = met * 4 + media + complete;
    if (!chosen || score > chosen[2]) chosen = [route, params, score];
  }
  return chosen && { entry: chosen[0].entry, params: chosen[1], score: chosen[2] };
}

/** The weight of the conditions the request meets, or undefined when one fails; fills template params. */
function meets(
  route: Route,
  request: QualifiedRequest,
  params: Record<string, string>,
): number | undefined {
  let met = 0;
  for (const condition of route.conditions) {
    const value = read(condition, request);
    if (condition.values) {
      if (value === undefined) continue;
      if (!condition.values.includes(value)) return undefined;
      met++;
      continue;
    }
    if (condition.optional) {
      if (value !== undefined && (condition.value === undefined || value === condition.value))
        met++;
      continue;
    }
    if (value === undefined) return undefined;
    if (condition.param !== undefined) params[condition.param] = value;
    else if (condition.value !== undefined && value !== condition.value) return undefined;
    // A value that must be equal says more than a parameter that must be there.
    met += condition.value !== undefined ? 2 : 1;
  }
  return met;
}

function read(condition: Condition, request: QualifiedRequest): string | undefined {
  if (condition.in !== 'header') {
    const value = request.query.get(condition.name);
    if (value !== null) return value;
    if (condition.in === 'query') return undefined;
  }
  const header = request.headers[condition.name.toLowerCase()];
  return Array.isArray(header) ? header.join(', ') : header;
}
