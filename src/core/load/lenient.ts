import { basename, extname } from 'node:path';
import type { Finding } from '../errors.js';
import { encodePointer, isRef } from '../refs.js';
import { isPlainObject, type SourceVersion } from './version.js';

/**
 * Repairs the sloppiness real specs ship with, so that one missing title does not stop a mock
 * server. Each repair is reported, never thrown. Runs before bundling: bundled refs point into
 * `paths`, so path keys must already be final.
 */
export function applyLenientFixes(
  root: Record<string, unknown>,
  version: SourceVersion,
  file: string,
  warnings: Finding[],
): void {
  const warn = (segments: string[], message: string): void => {
    warnings.push({ file, pointer: encodePointer(segments), message });
  };
  fixInfo(root, basename(file, extname(file)), warn);
  fixPaths(root, version, warn);
  warnDuplicateOperationIds(root, warn);
  if (version !== '2.0') fixServers(root, warn);
}

type Warn = (segments: string[], message: string) => void;

function fixInfo(root: Record<string, unknown>, title: string, warn: Warn): void {
  if (!isPlainObject(root.info)) {
    warn(['info'], `missing info object; using title "${title}" and version "0.0.0"`);
    root.info = { title, version: '0.0.0' };
    return;
  }
  // An external info object is checked once bundled in, not filled in around its ref.
  if (isRef(root.info)) return;
  const info = root.info;
  if (typeof info.title !== 'string') {
    warn(['info', 'title'], `missing info.title; using "${title}"`);
    info.title = title;
  }
  if (typeof info.version === 'number' || typeof info.version === 'boolean') {
    // `version: 1.0` in YAML is the number 1: keep what the author meant as closely as we can.
    warn(['info', 'version'], `info.version should be a string; read as "${String(info.version)}"`);
    info.version = String(info.version);
  } else if (typeof info.version !== 'string') {
    warn(['info', 'version'], 'missing info.version; using "0.0.0"');
    info.version = '0.0.0';
  }
}

function fixPaths(root: Record<string, unknown>, version: SourceVersion, warn: Warn): void {
  if (root.paths === undefined || !isPlainObject(root.paths)) {
    // OpenAPI 3.1 made `paths` optional (webhook-only APIs): nothing to repair there.
    if (root.paths !== undefined || version !== '3.1') {
      warn(['paths'], `${root.paths === undefined ? 'missing' : 'invalid'} paths; using {}`);
    }
    root.paths = {};
    return;
  }
  if (isRef(root.paths)) return;
  const fixed: Record<string, unknown> = {};
  let changed = false;
  for (const [key, item] of Object.entries(root.paths)) {
    const path = key.startsWith('/') || key.startsWith('x-') ? key : `/${key}`;
    if (path !== key) {
      changed = true;
      if (Object.hasOwn(root.paths, path)) {
        warn(['paths', key], `path "${key}" does not start with "/" and "${path}" exists; dropped`);
        continue;
      }
      warn(['paths', key], `path "${key}" does not start with "/"; read as "${path}"`);
    }
    const usable = isPlainObject(item) || path.startsWith('x-');
    fixed[path] = usable ? item : emptyPathItem(path, item, warn);
    changed ||= fixed[path] !== item;
  }
  if (changed) root.paths = fixed;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * operationIds must be unique, and generated clients are named by them; the mock routes by path
 * and method, so a duplicate is only worth a warning (Azure and APIs.guru documents have many).
 * @see https://spec.openapis.org/oas/v3.0.3#fixed-fields-8
 */
function warnDuplicateOperationIds(root: Record<string, unknown>, warn: Warn): void {
  if (!isPlainObject(root.paths)) return;
  const seen = new Map<string, string>();
  for (const [path, item] of Object.entries(root.paths)) {
    if (!isPlainObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isPlainObject(operation) || typeof operation.operationId !== 'string') continue;
      const first = seen.get(operation.operationId);
      const here = `${method.toUpperCase()} ${path}`;
      if (first === undefined) seen.set(operation.operationId, here);
      else {
        warn(
          ['paths', path, method, 'operationId'],
          `operationId "${operation.operationId}" is also that of ${first}; both are served`,
        );
      }
    }
  }
}

function emptyPathItem(path: string, item: unknown, warn: Warn): Record<string, unknown> {
  warn(['paths', path], `path item is ${item === null ? 'empty' : 'not an object'}; using {}`);
  return {};
}

function fixServers(root: Record<string, unknown>, warn: Warn): void {
  if (root.servers === undefined) return;
  if (!Array.isArray(root.servers)) {
    warn(['servers'], 'servers is not a list; dropped');
    delete root.servers;
    return;
  }
  const servers = root.servers.filter((server: unknown, index) => {
    const ok = isPlainObject(server) && typeof server.url === 'string';
    if (!ok) warn(['servers', String(index)], 'server entry has no string url; dropped');
    return ok;
  });
  if (servers.length === root.servers.length) return;
  // An empty list means "/" by the spec, as does no list, which downstream code handles better.
  if (servers.length === 0) delete root.servers;
  else root.servers = servers;
}
