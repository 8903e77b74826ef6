import type { Finding } from '../../core/errors.js';
import { walkObjects } from '../../core/load/walk.js';
import { unicodePattern } from '../../core/pattern.js';
import { patternCaveat } from '../../core/regex/pattern-test.js';
import type { OpenApiDocument } from '../../core/types.js';

/** A bound on the nodes visited: YAML aliases may share a node many times over. */
const MAX_NODES = 5_000_000;

/**
 * The document's `pattern`s (and `patternProperties` keys) that the linear-time engine checks
 * more loosely than written, or not at all (see core/regex): each named once, where first met,
 * for a startup warning. The patterns are gathered by a plain walk, cheap on the largest
 * documents; only when one has a caveat is the document walked again for its pointer.
 */
export function patternWarnings(doc: OpenApiDocument): Finding[] {
  const caveats = new Map<string, string>();
  for (const pattern of gatherPatterns(doc)) {
    const source = unicodePattern(pattern);
    const caveat = source === undefined ? undefined : patternCaveat(source);
    if (caveat) caveats.set(pattern, caveat);
  }
  if (caveats.size === 0) return [];
  const findings: Finding[] = [];
  walkObjects(doc, (node, pointer) => {
    for (const pattern of patternsOf(node)) {
      const caveat = caveats.get(pattern);
      if (caveat === undefined) continue;
      caveats.delete(pattern);
      findings.push({ pointer: pointer(), message: `${caveat}: /${pattern}/` });
    }
    return caveats.size > 0;
  });
  return findings;
}

function gatherPatterns(doc: OpenApiDocument): Set<string> {
  const patterns = new Set<string>();
  const stack: object[] = [doc];
  for (let visited = 0; stack.length > 0 && visited < MAX_NODES; visited++) {
    const node = stack.pop() as Record<string, unknown>;
    for (const pattern of patternsOf(node)) patterns.add(pattern);
    for (const key in node) {
      // Example data holds values, not schemas.
      if (key === 'example' || key === 'examples') continue;
      const value = node[key];
      if (typeof value === 'object' && value !== null) stack.push(value);
    }
  }
  return patterns;
}

function patternsOf(node: object): string[] {
  const { pattern, patternProperties } = node as Record<string, unknown>;
  const found = typeof pattern === 'string' ? [pattern] : [];
  if (typeof patternProperties === 'object' && patternProperties !== null) {
    found.push(...Object.keys(patternProperties));
  }
  return found;
}
