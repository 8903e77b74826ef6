import { createHash } from 'node:crypto';
import { resolvePointer } from '../core/refs.js';
import { HTTP_METHODS, type OpenApiDocument } from '../core/types.js';

/** Operations named `METHOD /path`, in document order. */
export interface OperationsDiff {
  added: string[];
  removed: string[];
  /** In both, but described differently: the operation itself or a component it refers to. */
  changed: string[];
}

/**
 * What a regeneration did to the operations. A FormRequest's new field changes its
 * `components/schemas` entry, not the operation: so an operation counts as changed when it, its
 * path's parameters or anything it reaches through `$ref`s differs.
 */
export function diffOperations(before: OpenApiDocument, after: OpenApiDocument): OperationsDiff {
  const old = fingerprints(before);
  const now = fingerprints(after);
  return {
    added: [...now.keys()].filter((key) => !old.has(key)),
    removed: [...old.keys()].filter((key) => !now.has(key)),
    changed: [...now]
      .filter(([key, print]) => old.has(key) && old.get(key) !== print)
      .map(([k]) => k),
  };
}

/** Each document's fingerprints, computed once: the watch diffs every document twice. */
const computed = new WeakMap<OpenApiDocument, Map<string, string>>();

/**
 * Per operation: its JSON (with its path's parameters) and, for every `$ref` it reaches, a hash
 * of what the reference points to (hashed once per document, however many operations reach it).
 */
function fingerprints(doc: OpenApiDocument): Map<string, string> {
  const known = computed.get(doc);
  if (known) return known;
  const refs = new RefClosure(doc);
  const targets = new Map<string, string>();
  const target = (ref: string): string => {
    let print = targets.get(ref);
    if (print === undefined) {
      const json = JSON.stringify(resolvePointer(doc, ref)) ?? 'undefined';
      targets.set(ref, (print = createHash('sha1').update(json).digest('base64')));
    }
    return print;
  };
  const out = new Map<string, string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const own = ownPart(item.parameters, item.$ref, operation);
      const reached = [...refs.closure(own.refs)].sort();
      out.set(
        `${method.toUpperCase()} ${path}`,
        `${own.json}${JSON.stringify(reached.map((ref) => [ref, target(ref)]))}`,
      );
    }
  }
  computed.set(doc, out);
  return out;
}

/**
 * An operation's own part of its fingerprint: its JSON (with its path's parameters) and the
 * `$ref`s in it. Kept per operation object: consecutive documents share the operations that did
 * not change (the generator reuses them), so only the new ones are serialised again.
 */
const ownParts = new WeakMap<object, { json: string; refs: string[] }>();

function ownPart(
  parameters: unknown,
  $ref: unknown,
  operation: object,
): { json: string; refs: string[] } {
  const value = { parameters, $ref, operation };
  if (parameters !== undefined || $ref !== undefined)
    return { json: JSON.stringify(value), refs: directRefs(value) };
  let known = ownParts.get(operation);
  if (!known)
    ownParts.set(operation, (known = { json: JSON.stringify(value), refs: directRefs(value) }));
  return known;
}

/** The local `$ref`s a value reaches, directly or through other references. */
class RefClosure {
  /** Each reference's own direct references, looked up once per document. */
  private readonly edges = new Map<string, string[]>();
  constructor(private readonly doc: OpenApiDocument) {}

  /** Every reference reachable from these. */
  closure(refs: readonly string[]): Set<string> {
    const seen = new Set<string>();
    const queue = [...refs];
    for (let ref = queue.pop(); ref !== undefined; ref = queue.pop()) {
      if (seen.has(ref) || !ref.startsWith('#')) continue;
      seen.add(ref);
      let next = this.edges.get(ref);
      if (!next) this.edges.set(ref, (next = directRefs(resolvePointer(this.doc, ref))));
      queue.push(...next);
    }
    return seen;
  }
}

function directRefs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) directRefs(item, out);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') out.push(child);
      else directRefs(child, out);
    }
  }
  return out;
}
