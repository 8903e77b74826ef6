import { encodePointer } from '../refs.js';

/**
 * Tree walks over a parsed spec. Iterative, because huge specs are deep as well as wide, and
 * guarded by a seen-set, because YAML aliases can make a document share (or even contain) itself.
 */

export function isExternalRef(ref: string): boolean {
  return !ref.startsWith('#');
}

/**
 * Whether a value under `key` (inside a parent under `parentKey`) is example data, whose
 * `$ref`-looking members are data too: an `example`, and the `value` of an Example Object
 * (GitHub's GHEC document has `{ "$ref": "server-statistics-actions.yaml" }` in one).
 * @see https://spec.openapis.org/oas/v3.0.3#example-object
 */
export function isLiteral(key: string, parentKey: string | undefined, grandKey?: string): boolean {
  // A property called `example` is a schema, not an example.
  if (parentKey === 'properties') return false;
  if (key === 'example') return true;
  // 3.1's `examples: [...]` in a schema; an Example Object's `value` in an `examples` map.
  if (parentKey === 'examples' && /^\d+$/.test(key)) return true;
  return key === 'value' && grandKey === 'examples' && parentKey !== undefined;
}

/**
 * Whether JSON text may hold an external ref: a `"$ref"` key (spelled with escapes or not)
 * whose string value does not start with `#`. False is certain; true calls for
 * `hasExternalRef`, since the ref may sit in an example. Scanning the text is much cheaper
 * than walking the parsed tree of a large document.
 */
export function mayHaveExternalRefText(json: string): boolean {
  // A key spelled with `\u` escapes is legal JSON: leave such rare documents to the walk.
  if (/\\u00(?:24|72|65|66)/i.test(json)) return true;
  const value = /\s*:\s*"(?!#)/y;
  for (let at = json.indexOf('"$ref"'); at !== -1; at = json.indexOf('"$ref"', at + 6)) {
    value.lastIndex = at + 6;
    if (value.test(json)) return true;
  }
  return false;
}

/** Cheap check run on every document, so that only multi-file specs pay for bundling. */
export function hasExternalRef(root: unknown): boolean {
  const stack: [object, string | undefined, string | undefined][] = [];
  const seen = new WeakSet<object>();
  const push = (value: unknown, key?: string, parentKey?: string): void => {
    if (typeof value === 'object' && value !== null && !seen.has(value)) {
      seen.add(value);
      stack.push([value, key, parentKey]);
    }
  };
  push(root);
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const [node, nodeKey, parentKey] = entry;
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        if (!isLiteral(String(i), nodeKey, parentKey)) push(item, String(i), nodeKey);
      });
      continue;
    }
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string') {
      // Like the ref parser, treat a ref's siblings as annotations: they are not crawled.
      if (isExternalRef(ref)) return true;
      continue;
    }
    for (const key in node) {
      if (isLiteral(key, nodeKey, parentKey)) continue;
      push((node as Record<string, unknown>)[key], key, nodeKey);
    }
  }
  return false;
}

export interface RefSite {
  ref: string;
  /** Where the `$ref` object sits, e.g. `#/components/schemas/User`. */
  pointer: string;
}

/** Every `$ref` accepted by `keep`, with its location; only for files that need bundling. */
export function collectRefs(root: unknown, keep: (ref: string) => boolean): RefSite[] {
  const sites: RefSite[] = [];
  walkObjects(
    root,
    (node, pointer) => {
      const ref = (node as { $ref?: unknown }).$ref;
      if (typeof ref !== 'string') return true;
      if (keep(ref)) sites.push({ ref, pointer: pointer() });
      return false;
    },
    isLiteral,
  );
  return sites;
}

interface Entry {
  node: object;
  key: string;
  parent: Entry | undefined;
}

/**
 * Visits every object and array in document order; `visit` returns whether to descend. The
 * pointer is built only on demand, since copying a path for each of a million nodes is slow.
 */
export function walkObjects(
  root: unknown,
  visit: (node: object, pointer: () => string) => boolean,
  skip?: (key: string, parentKey: string | undefined, grandKey: string | undefined) => boolean,
): void {
  if (typeof root !== 'object' || root === null) return;
  const seen = new WeakSet<object>([root]);
  const stack: Entry[] = [{ node: root, key: '', parent: undefined }];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const at = entry;
    if (!visit(at.node, () => pointerOf(at))) continue;
    const keys = Object.keys(at.node);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      if (skip?.(key, at.key, at.parent?.key)) continue;
      const value = (at.node as Record<string, unknown>)[key];
      if (typeof value !== 'object' || value === null || seen.has(value)) continue;
      seen.add(value);
      stack.push({ node: value, key, parent: at });
    }
  }
}

function pointerOf(entry: Entry): string {
  const segments: string[] = [];
  for (let e: Entry | undefined = entry; e?.parent; e = e.parent) segments.push(e.key);
  return encodePointer(segments.reverse());
}
