// Reading OpenAPI documents the way the figures need them: operations, local $refs, the
// top-level properties of a schema.

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Follows local `$ref`s (`#/components/...`) until a node that is not one. */
export function deref(doc, node, seen = new Set()) {
  let current = node;
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    if (seen.has(current.$ref) || !current.$ref.startsWith('#/')) return undefined;
    seen.add(current.$ref);
    current = current.$ref
      .slice(2)
      .split('/')
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((at, key) => (at && typeof at === 'object' ? at[key] : undefined), doc);
  }
  return current;
}

/** Every operation: method, path, the operation and its path item. */
export function operations(doc) {
  const out = [];
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = deref(doc, rawItem) ?? {};
    for (const method of METHODS) {
      if (item[method]) out.push({ method, path, operation: item[method], item });
    }
  }
  return out;
}

/** The path part of the first server URL (`https://x/api/v1` → `/api/v1`), or ''. */
export function basePath(doc) {
  const url = doc.servers?.[0]?.url;
  if (typeof url !== 'string') return '';
  const path = url.replace(/^[a-z]+:\/\/[^/]*/i, '').replace(/\{[^}]*\}/g, '');
  return path.replace(/\/+$/, '');
}

/** `/api//users/{user?}/` → `/api/users/{}`: the form two documents' paths are compared in. */
export function normalisePath(path) {
  const out = path
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '');
  return out.startsWith('/') ? out || '/' : `/${out}`;
}

/**
 * The top-level properties of a schema, and which are required: `allOf` merged, `oneOf`/`anyOf`
 * united; `array: true` when the schema is a list (its items' properties are given).
 */
export function topProperties(doc, schema, depth = 0) {
  const s = deref(doc, schema);
  const out = { properties: new Set(), required: new Set(), array: false };
  if (!s || typeof s !== 'object' || depth > 8) return out;
  const add = (inner, keepRequired) => {
    for (const p of inner.properties) out.properties.add(p);
    if (keepRequired) for (const r of inner.required) out.required.add(r);
    out.array ||= inner.array;
  };
  if (s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array'))) {
    add(topProperties(doc, s.items, depth + 1), true);
    out.array = true;
    return out;
  }
  for (const key of Object.keys(deref(doc, s.properties) ?? {})) out.properties.add(key);
  for (const key of Array.isArray(s.required) ? s.required : []) out.required.add(key);
  for (const part of s.allOf ?? []) add(topProperties(doc, part, depth + 1), true);
  for (const part of [...(s.oneOf ?? []), ...(s.anyOf ?? [])])
    add(topProperties(doc, part, depth + 1), false);
  return out;
}

/** Whether a schema says nothing of the value: `{}`, or an object without any property. */
export function isEmptySchema(doc, schema) {
  const s = deref(doc, schema);
  if (!s || typeof s !== 'object') return true;
  const keys = Object.keys(s).filter((k) => !['description', 'nullable', 'title'].includes(k));
  if (keys.length === 0) return true;
  // `{type: object, maxProperties: 0}` says exactly what is sent: `{}`.
  if (s.type === 'object' && s.maxProperties === 0) return false;
  if (s.type === 'object' && !s.additionalProperties) {
    const props = deref(doc, s.properties);
    const composed = s.allOf || s.oneOf || s.anyOf;
    return !composed && (!props || Object.keys(props).length === 0);
  }
  return false;
}

/** The success response a client gets: the lowest declared 2xx, with its status. */
export function successResponse(doc, operation) {
  const codes = Object.keys(operation.responses ?? {})
    .filter((code) => /^2\d\d$/.test(code))
    .sort();
  const status = codes[0];
  if (!status) return undefined;
  return { status, response: deref(doc, operation.responses[status]) ?? {} };
}

/** A response's or request body's schema: JSON first, then any other media type. */
export function contentSchema(doc, holder) {
  const content = deref(doc, holder)?.content;
  if (!content) return undefined;
  const types = Object.keys(content);
  const type = types.find((t) => /json/i.test(t)) ?? types.find((t) => /form/i.test(t)) ?? types[0];
  return type === undefined ? undefined : { type, schema: content[type]?.schema };
}

/** Whether the operation asks for credentials (its own `security`, else the document's). */
export function requiresAuth(doc, operation) {
  const security = operation.security ?? doc.security ?? [];
  return security.length > 0 && !security.some((entry) => Object.keys(entry).length === 0);
}

/** The operation's parameters (path item's and its own, the latter winning), $refs followed. */
export function parameters(doc, item, operation) {
  const byKey = new Map();
  for (const raw of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
    const p = deref(doc, raw);
    if (p?.name && p.in) byKey.set(`${p.in}:${p.name}`, p);
  }
  return [...byKey.values()];
}
