import type { OpenApiDocument } from '../core/types.js';
import { listOperations, type OperationEntry } from '../core/engine/operations.js';
import { compileResponsePlan } from '../core/engine/plan.js';
import { basePath, DEFAULT_BASE_URL, documentBaseUrl, trimSlash } from './base-url.js';
import { exportBody, type ExportBody } from './bodies.js';
import { exportParameters, type ExportParameter } from './parameters.js';
import {
  savedResponses,
  successResponse,
  type SavedResponse,
  type SuccessResponse,
} from './responses.js';
import { credentialsFor, operationCredentials, type Credential } from './security.js';

/**
 * What both exporters need from a document, worked out once: operations grouped by tag, each
 * with example values `apidoc mock` accepts, its credentials and its documented answers.
 */
export interface ExportModel {
  title: string;
  version?: string;
  description?: string;
  baseUrl: string;
  /** The document-level `security`, as the credentials of its first alternative. */
  credentials: Credential[];
  /** Every kind of credential some request sends (which variables the export defines). */
  kinds: Set<Credential['kind']>;
  folders: ExportFolder[];
}

export interface ExportFolder {
  name: string;
  description?: string;
  operations: ExportOperation[];
}

export type PathSegment = { text: string } | { param: string; value: string };

export interface ExportOperation {
  /** `GET /api/users/{id}`: what stable ids derive from. */
  key: string;
  method: string;
  path: string;
  name: string;
  description?: string;
  /** The path split at `/`; a segment that is exactly one parameter keeps its name. */
  segments: PathSegment[];
  /** Path, query, header and cookie parameters with example values. */
  parameters: ExportParameter[];
  body?: ExportBody;
  credentials: Credential[];
  /** Whether the operation declares its own `security`, rather than the document's. */
  ownSecurity: boolean;
  success: SuccessResponse;
  responses: SavedResponse[];
}

export interface ModelOptions {
  baseUrl?: string;
  seed?: string | number;
  /** The API key a query-placed apiKey scheme sends: the mock's links repeat it. */
  apiKey?: string;
}

/** Name of the folder for operations without a tag (Swagger UI's name for it). */
export const UNTAGGED = 'default';

export function buildModel(doc: OpenApiDocument, options: ModelOptions = {}): ExportModel {
  const baseUrl = trimSlash(options.baseUrl ?? documentBaseUrl(doc));
  const seed = String(options.seed ?? 0);
  const folders = new Map<string, ExportFolder>();
  for (const tag of doc.tags ?? []) {
    if (typeof tag?.name === 'string')
      folders.set(tag.name, { name: tag.name, description: tag.description, operations: [] });
  }
  const kinds = new Set<Credential['kind']>();
  for (const entry of inReadingOrder(listOperations(doc))) {
    const operation = exportOperation(doc, entry, baseUrl, seed, options.apiKey ?? '');
    operation.credentials.forEach((c) => kinds.add(c.kind));
    const tag = entry.operation.tags?.find((t) => typeof t === 'string') ?? UNTAGGED;
    let folder = folders.get(tag);
    if (!folder) folders.set(tag, (folder = { name: tag, operations: [] }));
    folder.operations.push(operation);
  }
  return {
    title: doc.info?.title || 'API',
    version: doc.info?.version,
    description: doc.info?.description,
    baseUrl,
    credentials: credentialsFor(doc, doc.security),
    kinds,
    folders: [...folders.values()].filter((f) => f.operations.length > 0),
  };
}

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'];

/** Paths in document order; on each, the order people read CRUD in (list, create, update, delete). */
function inReadingOrder(entries: OperationEntry[]): OperationEntry[] {
  const pathIndex = new Map<string, number>();
  entries.forEach((e) => pathIndex.set(e.path, pathIndex.get(e.path) ?? pathIndex.size));
  const rank = (e: OperationEntry) =>
    pathIndex.get(e.path)! * METHOD_ORDER.length + METHOD_ORDER.indexOf(e.method);
  return [...entries].sort((a, b) => rank(a) - rank(b));
}

function exportOperation(
  doc: OpenApiDocument,
  entry: OperationEntry,
  baseUrl: string,
  seed: string,
  apiKey: string,
): ExportOperation {
  const key = `${entry.method.toUpperCase()} ${entry.path}`;
  const { operation } = entry;
  const plan = compileResponsePlan(doc, entry);
  const parameters = exportParameters(doc, entry, `${seed}|request|${key}`);
  const pathValues = new Map(
    parameters
      .filter((p) => p.in === 'path')
      .map((p) => [p.name, p.pairs[0]?.value ?? ''] as const),
  );
  const segments = pathSegments(entry.path, pathValues);
  const credentials = operationCredentials(doc, operation);
  const url = exampleUrl(baseUrl, segments, parameters);
  for (const c of credentials)
    if (c.kind === 'apiKey' && c.in === 'query') url.searchParams.append(c.name, apiKey);
  return {
    key,
    method: entry.method.toUpperCase(),
    path: entry.path,
    name: operation.summary?.trim() || operation.operationId || key,
    ...(operation.description ? { description: operation.description } : {}),
    segments,
    parameters,
    body: exportBody(doc, entry, `${seed}|request|${key}|body`),
    credentials,
    ownSecurity: operation.security !== undefined,
    success: successResponse(doc, plan),
    responses: savedResponses(doc, plan, { url, pathParams: Object.fromEntries(pathValues) }, seed),
  };
}

/** `/users/{id}/files/{name}.{ext}` → `users`, `:id`, `files`, and the literal `a.txt` (Postman only binds whole segments). */
function pathSegments(template: string, values: Map<string, string>): PathSegment[] {
  return template
    .split('/')
    .filter((part) => part !== '')
    .map((part) => {
      const whole = /^\{([^{}]+)\}$/.exec(part);
      if (whole)
        return { param: whole[1]!, value: encodeURIComponent(values.get(whole[1]!) ?? '') };
      return {
        text: part.replace(/\{([^{}]+)\}/g, (_m, name: string) =>
          encodeURIComponent(values.get(name) ?? ''),
        ),
      };
    });
}

/** The URL the example request goes to, with the values filled in: what the mock sees. */
export function exampleUrl(
  baseUrl: string,
  segments: PathSegment[],
  parameters: ExportParameter[],
): URL {
  const path = segments.map((s) => ('text' in s ? s.text : s.value)).join('/');
  // A base URL that is itself a template (`{{host}}/api`) still needs a URL for the seeds.
  const base = URL.canParse(baseUrl) ? baseUrl : DEFAULT_BASE_URL;
  const url = new URL(`${trimSlash(basePath(base))}/${path}`, base);
  for (const param of parameters) {
    if (param.in !== 'query' || !param.required) continue;
    for (const pair of param.pairs) url.searchParams.append(pair.key, pair.value);
  }
  return url;
}
