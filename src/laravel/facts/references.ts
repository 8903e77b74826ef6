import type { FileFacts } from './types.js';

/** Keys of facts whose string values name classes. */
const REFERENCE_KEYS = new Set([
  'extends',
  'className',
  'model',
  'controller',
  'related',
  'type',
  'mixin',
]);

/**
 * The fully qualified classes a file's facts mention (parents, traits, type hints, resources,
 * models, controllers), sorted: what the PSR-4 lookup may need to read next.
 */
export function referencedClasses(facts: Omit<FileFacts, 'references'>): string[] {
  const out = new Set<string>();
  collect(facts, out, new Set());
  const own = new Set(facts.classes.map((c) => c.name));
  return [...out].filter((name) => name.includes('\\') && !own.has(name)).sort();
}

/** `seen`: facts share sub-objects (a value read in several calls), each is visited once. */
function collect(value: object, out: Set<string>, seen: Set<object>): void {
  if (seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    for (const item of value as unknown[])
      if (typeof item === 'object' && item !== null) collect(item, out, seen);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const v = record[key];
    if (typeof v === 'string') {
      if (REFERENCE_KEYS.has(key) || (key === 'name' && record.kind === 'class')) out.add(v);
    } else if (key === 'traits' && Array.isArray(v)) {
      for (const t of v) if (typeof t === 'string') out.add(t);
    } else if (typeof v === 'object' && v !== null) collect(v, out, seen);
  }
}
