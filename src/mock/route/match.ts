import { deref } from '../../core/refs.js';
import { keepsPath, pathMemo } from '../cache.js';
import type { OpenApiDocument, ParameterObject, SchemaObject } from '../../core/types.js';
import { listOperations, type OperationEntry } from '../../core/engine/operations.js';
import { qualifiedRouter, type QualifiedMatch, type QualifiedRequest } from './qualified.js';
import { serverBasePaths, type RouteMatch, type Router } from './tree.js';
import {
  compileTemplate,
  literalLength,
  matchTemplate,
  safeDecode,
  withoutBase,
  type PathTemplate,
} from './templates.js';

/**
 * Routes a request: first the path keys with a query or fragment part whose conditions it
 * meets (qualified.ts); then the radix router, checked against its template by the
 * letter (templates.ts). Where the router has no answer or a wrong one, the templates are
 * tried in turn, most concrete first. Templates with parameters inside a segment (Google's
 * `/v2/{name}` beside `/v2/{resource}:getIamPolicy`, Graph's `(period='{period}')`), which the
 * router cannot tell apart, go first, and lose only to a more concrete template the router
 * finds: the other templates of such a document still cost one router lookup, not a search. Last comes a qualified key whose
 * conditions are not met, so that its validation says what is missing.
 */
export interface RequestRouter {
  route(request: QualifiedRequest): RouteMatch;
}

export function requestRouter(doc: OpenApiDocument, router: Router): RequestRouter {
  const operations = listOperations(doc);
  const basePaths = serverBasePaths(doc.servers);
  const qualified = qualifiedRouter(doc, operations, basePaths);
  const templates = new TemplateIndex(
    doc,
    operations.filter((op) => !qualified?.owns(op.path)),
    basePaths,
  );
  // Templates with a parameter inside a segment are tried before the router, which cannot
  // tell them apart; a concrete template the router finds still wins over a less concrete one.
  const inner = operations.filter((op) => !qualified?.owns(op.path) && hasInnerParameter(op.path));
  const innerFirst = inner.length > 0 ? new TemplateIndex(doc, inner, basePaths) : undefined;
  const found = (match: QualifiedMatch): RouteMatch => ({ kind: 'found', ...match });
  /** The route, and whether the method and path alone decided it (a qualified fallback did not). */
  const byPath = (request: QualifiedRequest): { route: RouteMatch; keep: boolean } => {
    const first = innerFirst?.match(request);
    const route = router.match(request.method, request.pathname);
    if (route.kind === 'found' && !qualified?.owns(route.entry.path)) {
      const template = templates.of(route.entry);
      const params = checkedParams(route.params, template, request, basePaths);
      if (params && (!first || template.literal > innerFirst!.of(first.entry).literal)) {
        return { route: { ...route, params }, keep: true };
      }
    }
    if (first) return { route: found(first), keep: true };
    const match = templates.match(request);
    if (match) return { route: found(match), keep: true };
    const fallback = qualified?.fallback(request);
    return fallback ? { route: found(fallback), keep: false } : { route, keep: true };
  };
  // A path's routes by method, kept under the path alone: a target read once gives the same
  // path string every time, whose hash the engine keeps, so a lookup builds no key.
  const memo = pathMemo<Partial<Record<string, RouteMatch>>>(paramsWeight);
  return {
    route: (request) => {
      const special = qualified?.match(request);
      if (special) return found(special);
      const { method, pathname } = request;
      if (!keepsPath(pathname)) return byPath(request).route;
      const routes = memo.get(pathname);
      const known = routes?.[method];
      if (known) return known;
      const { route, keep } = byPath(request);
      // Set again with each method added, so that the entry is weighed with all it holds.
      if (keep) memo.set(pathname, { ...routes, [method]: route });
      return route;
    },
  };
}

/** About the bytes a path's routes hold besides the path: their parameter values, as UTF-16. */
function paramsWeight(routes: Partial<Record<string, RouteMatch>>): number {
  let chars = 0;
  for (const method in routes) {
    const route = routes[method]!;
    chars += 16;
    if (route.kind === 'found')
      for (const name in route.params) chars += route.params[name]!.length;
  }
  return 2 * chars;
}

/** `{Sid}.json`, `{base}...{head}`, `:archive` after a parameter: more than a whole segment. */
function hasInnerParameter(path: string): boolean {
  return /[^/]\{|\}[^/]/.test(path.split(/[?#]/)[0]!);
}

/**
 * Templates by segment count and first segment, each list most concrete first; templates with
 * a greedy label or a parameter first are checked for every path. Built on first use.
 */
class TemplateIndex {
  private readonly templates = new WeakMap<OperationEntry, PathTemplate>();
  /** Each bucketed template's all-literal segments by position; null: no prefilter. */
  private readonly literals = new WeakMap<OperationEntry, (string | undefined)[] | null>();
  private buckets: Map<string, OperationEntry[]> | undefined;
  private anywhere: OperationEntry[] = [];

  constructor(
    private readonly doc: OpenApiDocument,
    private readonly operations: readonly OperationEntry[],
    private readonly basePaths: readonly string[],
  ) {}

  /** An operation's template, its path parameters' enums spelled out. */
  of(entry: OperationEntry): PathTemplate {
    let template = this.templates.get(entry);
    if (!template) {
      const values = pathEnums(this.doc, entry);
      template = compileTemplate(entry.path, (name) => values.get(name));
      this.templates.set(entry, template);
    }
    return template;
  }

  match(request: QualifiedRequest): QualifiedMatch | undefined {
    const buckets = (this.buckets ??= this.index());
    const method = request.method.toLowerCase();
    for (const pathname of withoutBase(request.pathname, this.basePaths)) {
      const bucket = buckets.get(bucketOf(pathname));
      const decoded = safeDecode(pathname);
      const path: RequestPath = { pathname, decoded, segments: segmentsOf(pathname, decoded) };
      const found =
        this.first(bucket, method, path) ??
        this.first(this.anywhere, method, path) ??
        (method === 'head'
          ? (this.first(bucket, 'get', path) ?? this.first(this.anywhere, 'get', path))
          : undefined);
      if (found) return found;
    }
    return undefined;
  }

  private first(
    candidates: readonly OperationEntry[] | undefined,
    method: string,
    path: RequestPath,
  ): QualifiedMatch | undefined {
    for (const entry of candidates ?? []) {
      if (entry.method !== method || !this.mayMatch(entry, path)) continue;
      const params = matchTemplate(this.of(entry), path.pathname, path.decoded);
      if (params) return { entry, params };
    }
    return undefined;
  }

  /**
   * False when a segment the template spells out differs from the request's, as sent and as
   * decoded: most templates of a bucket are told apart so, by string comparisons rather than
   * by their regular expressions.
   */
  private mayMatch(entry: OperationEntry, path: RequestPath): boolean {
    const literals = this.literals.get(entry);
    if (!literals || !path.segments) return true;
    const [sent, decoded] = path.segments;
    for (let i = 0; i < literals.length; i++) {
      const literal = literals[i];
      if (literal !== undefined && sent[i] !== literal && decoded[i] !== literal) return false;
    }
    return true;
  }

  /** Sorted by their literal text alone: templates compile as requests try them. */
  private index(): Map<string, OperationEntry[]> {
    const buckets = new Map<string, OperationEntry[]>();
    const literal = new Map(this.operations.map((op) => [op, literalLength(op.path)]));
    const concrete = (a: OperationEntry, b: OperationEntry) => literal.get(b)! - literal.get(a)!;
    for (const entry of [...this.operations].sort(concrete)) {
      const path = entry.path.split(/[?#]/)[0]!.replace(/\/+$/, '');
      if (/\{[^}]*[+*]\}/.test(path) || /^\/?\{/.test(path)) {
        this.anywhere.push(entry);
        continue;
      }
      const key = bucketOf(path);
      this.literals.set(entry, literalSegments(path, pathEnums(this.doc, entry)));
      const list = buckets.get(key);
      if (list) list.push(entry);
      else buckets.set(key, [entry]);
    }
    return buckets;
  }
}

/** A request path as the templates are tried on it: as sent, decoded, and split. */
interface RequestPath {
  pathname: string;
  decoded: string;
  /** Its segments as sent and as decoded; undefined when decoding adds a `/`. */
  segments: [string[], string[]] | undefined;
}

function segmentsOf(pathname: string, decoded: string): [string[], string[]] | undefined {
  const sent = pathname.replace(/\/+$/, '').split('/');
  if (decoded === pathname) return [sent, sent];
  const split = decoded.replace(/\/+$/, '').split('/');
  return split.length === sent.length ? [sent, split] : undefined;
}

/**
 * A template path's segments that hold no parameter, by position (the others undefined); null
 * when an enum value holds a `/`, which would shift the positions.
 */
function literalSegments(
  path: string,
  enums: ReadonlyMap<string, string[]>,
): (string | undefined)[] | null {
  for (const values of enums.values()) if (values.some((v) => v.includes('/'))) return null;
  return path.split('/').map((segment) => (segment.includes('{') ? undefined : segment));
}

/** The string values a path parameter's enum allows, by parameter name. */
function pathEnums(doc: OpenApiDocument, entry: OperationEntry): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const raw of [...(entry.pathItem.parameters ?? []), ...(entry.operation.parameters ?? [])]) {
    const param = deref<ParameterObject>(doc, raw);
    const schema = deref<SchemaObject>(doc, param?.schema);
    if (param?.in !== 'path' || !Array.isArray(schema?.enum)) continue;
    const values = schema.enum.filter((v) => typeof v === 'string' || typeof v === 'number');
    if (values.length === schema.enum.length) out.set(param.name, values.map(String));
  }
  return out;
}

const SLASH = 0x2f;

/** `/users/5/posts` → `3|users`: segment count and first segment (trailing slashes aside). */
export function bucketOf(pathname: string): string {
  let end = pathname.length;
  while (end > 0 && pathname.charCodeAt(end - 1) === SLASH) end--;
  let segments = 0;
  let firstStart = end;
  let firstEnd = end;
  for (let i = 0; i < end; i++) {
    if (pathname.charCodeAt(i) !== SLASH) continue;
    segments++;
    if (segments === 1) firstStart = i + 1;
    else if (segments === 2) firstEnd = i;
  }
  return `${segments}|${pathname.slice(firstStart, firstEnd)}`;
}

/**
 * The router's parameters if its template matches the path by the letter (AWS's `{Key+}`
 * renamed `Key`); the template's own when the router left one empty or named them after
 * another template it merged this one with (`/v1/{groupName}` GET beside `/v1/{name}` PUT);
 * undefined when the template does not match at all.
 */
function checkedParams(
  params: Record<string, string>,
  template: PathTemplate,
  request: QualifiedRequest,
  basePaths: readonly string[],
): Record<string, string> | undefined {
  let own: Record<string, string> | undefined;
  for (const pathname of withoutBase(request.pathname, basePaths)) {
    if ((own = matchTemplate(template, pathname))) break;
  }
  if (!own) return undefined;
  const named = greedyNames(params);
  const trusted =
    Object.values(params).every((value) => value !== '') &&
    template.names.every((name) => Object.hasOwn(named, name));
  return trusted ? named : own;
}

const PLUS = 0x2b;
const STAR = 0x2a;

/** AWS's greedy path labels: the template says `{Key+}`, the parameter is called `Key`. */
function greedyNames(params: Record<string, string>): Record<string, string> {
  let out: Record<string, string> | undefined;
  for (const name in params) {
    const last = name.charCodeAt(name.length - 1);
    if (last !== PLUS && last !== STAR) continue;
    const value = params[name]!;
    out ??= { ...params };
    out[name.slice(0, -1)] = value;
  }
  return out ?? params;
}
