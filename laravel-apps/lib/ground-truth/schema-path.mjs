// Whether a property path (`data.*.id`) is in a documented schema: through `$ref`, `allOf`,
// `oneOf`/`anyOf`, arrays (`*`) and maps (`additionalProperties`); and, when it is not, where
// and why it stops.
import { deref, isEmptySchema } from '../openapi.mjs';

/** The schemas a value of `schema` may be read through: `$ref`s followed, compositions flattened. */
export function alternatives(doc, schema, depth = 0) {
  const s = deref(doc, schema);
  if (!s || typeof s !== 'object' || depth > 12) return [];
  const parts = [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])];
  return [s, ...parts.flatMap((p) => alternatives(doc, p, depth + 1))];
}

const isArrayish = (s) =>
  s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array')) || s.items;

/** The schemas one step along a segment leads to. */
function step(doc, schemas, segment) {
  const next = [];
  for (const s of schemas.flatMap((x) => alternatives(doc, x))) {
    if (segment === '*') {
      // `*` is every item of a list, or every value of an object (assertJsonStructure's `*`
      // walks both).
      if (isArrayish(s) && s.items) next.push(s.items);
      else if (s.additionalProperties && typeof s.additionalProperties === 'object')
        next.push(s.additionalProperties);
      else next.push(...Object.values(deref(doc, s.properties) ?? {}));
    } else {
      const props = deref(doc, s.properties);
      if (props && props[segment]) next.push(props[segment]);
      else if (
        s.additionalProperties &&
        typeof s.additionalProperties === 'object' &&
        !isEmptySchema(doc, s.additionalProperties)
      )
        next.push(s.additionalProperties);
    }
  }
  return next;
}

/**
 * `{ found: true }`, or `{ found: false, at, schemas }`: the index of the first segment that is
 * not documented and the schemas it was looked for in.
 */
export function findPath(doc, schema, path) {
  let schemas = [schema];
  for (let i = 0; i < path.length; i++) {
    const next = step(doc, schemas, path[i]);
    if (next.length === 0) return { found: false, at: i, schemas };
    schemas = next;
  }
  return { found: true };
}

/** The schemas a path leads to (none when it is not documented). */
export function schemasAt(doc, schema, path) {
  let schemas = [schema];
  for (const segment of path) {
    schemas = step(doc, schemas, segment);
    if (schemas.length === 0) break;
  }
  return schemas;
}

/**
 * Whether the document says a field is refused: the object that would hold it is closed
 * (`additionalProperties: false`) and does not list it.
 */
export function refusedField(doc, schema, path) {
  const holders = schemasAt(doc, schema, path.slice(0, -1)).flatMap((s) => alternatives(doc, s));
  const name = path[path.length - 1];
  return (
    holders.length > 0 &&
    holders.some((s) => s.additionalProperties === false) &&
    !holders.some((s) => deref(doc, s.properties)?.[name])
  );
}

/** A path found at any depth (assertJsonFragment): from the root or from any nested schema. */
export function findAnywhere(doc, schema, path, depth = 0, seen = new Set()) {
  if (findPath(doc, schema, path).found) return true;
  if (depth > 8) return false;
  for (const s of alternatives(doc, schema)) {
    if (seen.has(s)) continue;
    seen.add(s);
    const children = [
      ...Object.values(deref(doc, s.properties) ?? {}),
      ...(s.items ? [s.items] : []),
      ...(s.additionalProperties && typeof s.additionalProperties === 'object'
        ? [s.additionalProperties]
        : []),
    ];
    if (children.some((c) => findAnywhere(doc, c, path, depth + 1, seen))) return true;
  }
  return false;
}

/** Why a path is not in a success schema, as a generator developer would fix it. */
export function missCause(doc, schema, path) {
  if (isEmptySchema(doc, schema))
    return { cause: 'success schema says nothing ({} or an object without properties)' };
  const head = path[0];
  if (head === 'data' && path.length > 1 && findPath(doc, schema, path.slice(1)).found)
    return { cause: 'wrapper: the app wraps in `data`, the document does not' };
  if (head !== 'data' && findPath(doc, schema, ['data', ...path]).found)
    return { cause: 'wrapper: the document wraps in `data`, the app does not' };
  const miss = findPath(doc, schema, path);
  const at = path.slice(0, miss.at).join('.') || '(root)';
  const segment = path[miss.at];
  const alts = miss.schemas.flatMap((s) => alternatives(doc, s));
  if (miss.at === 0 && (segment === 'meta' || segment === 'links'))
    return { cause: `top-level \`${segment}\` not documented (a paginator's envelope?)` };
  const listAsObject = objectReadAsList(doc, schema, path.slice(0, miss.at + 1));
  if (listAsObject !== undefined)
    return { cause: 'documented as an object, the test reads a list', detail: listAsObject };
  if (alts.length > 0 && alts.every((s) => isEmptySchema(doc, s)))
    return {
      cause: 'schema says nothing where the path goes on ({} or an object without properties)',
      detail: at,
    };
  if (segment === '*' && alts.some((s) => s.type === 'object' || s.properties))
    return { cause: 'documented as an object, the test reads a list', detail: at };
  if (segment !== '*' && alts.some((s) => isArrayish(s)))
    return {
      cause: 'documented as a list, the test reads an object (a paginator or wrapper?)',
      detail: at,
    };
  return { cause: 'property not documented', detail: `${segment} at ${at}` };
}

/** Where a `*` of the path meets an object that is neither a list nor a map, if it does. */
function objectReadAsList(doc, schema, path) {
  let schemas = [schema];
  for (let i = 0; i < path.length && schemas.length > 0; i++) {
    const alts = schemas.flatMap((s) => alternatives(doc, s));
    const listOrMap = (s) => isArrayish(s) || typeof s.additionalProperties === 'object';
    if (path[i] === '*' && alts.some((s) => s.properties) && !alts.some(listOrMap))
      return path.slice(0, i).join('.') || '(root)';
    schemas = step(doc, schemas, path[i]);
  }
  return undefined;
}
