// The tool's own reading of a document: JSON or YAML as written, Swagger 2.0 converted with
// swagger2openapi. Only multi-file documents go through the project's loader, for its bundler.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export async function readDocument(file, projectLoadSpec) {
  const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  const parsed = /^\s*[{[]/.test(text) ? JSON.parse(text) : parseYaml(text);
  if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
  let doc = parsed;
  if (hasExternalRef(doc)) doc = (await projectLoadSpec(file)).document;
  else if (String(doc.swagger ?? '').startsWith('2')) doc = await convert(doc);
  const version = /^3\.1/.test(String(doc.openapi)) ? '3.1' : '3.0';
  return { doc, version };
}

function parseYaml(text) {
  const { parse } = require('yaml');
  return parse(text, { maxAliasCount: 10_000, merge: true });
}

async function convert(swagger) {
  const { convertObj } = require('swagger2openapi');
  const { openapi } = await convertObj(swagger, { patch: true, warnOnly: true, resolve: false });
  return openapi;
}

function hasExternalRef(root) {
  const stack = [root];
  const seen = new Set();
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) return true;
    for (const value of Object.values(node)) stack.push(value);
  }
  return false;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation, in document order: `{ method, path, operation, pathItem }`. */
export function listOperations(doc, deref) {
  const out = [];
  for (const [path, raw] of Object.entries(doc.paths ?? {})) {
    const pathItem = deref(raw);
    if (typeof pathItem !== 'object' || pathItem === null || path.startsWith('x-')) continue;
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (typeof operation === 'object' && operation !== null) {
        out.push({ method, path, operation, pathItem });
      }
    }
  }
  return out;
}

/** At most `max` of `items`, spread evenly over them (0: all). */
export function spread(items, max) {
  if (max === 0 || items.length <= max) return items;
  return Array.from({ length: max }, (_, i) => items[Math.floor((i * items.length) / max)]);
}
