/**
 * Leading lookaheads of an anchored pattern, the way password rules are written
 * (`^(?=.*[A-Z])(?=.*\d)(?!.*\s).{8,}$`): at position 0 each lookahead is a pattern of its own
 * that must match (or, negated, must not) from the start, so the whole is a conjunction of
 * patterns without lookaheads, which a linear-time engine can run.
 */
export interface Conjunction {
  /** Patterns that must match, each anchored at the start. */
  must: string[];
  /** Patterns that must not match, each anchored at the start. */
  mustNot: string[];
}

/** The conjunction, or undefined when the pattern does not start with `^` and lookaheads. */
export function splitLeadingLookaheads(pattern: string): Conjunction | undefined {
  if (!pattern.startsWith('^(?=') && !pattern.startsWith('^(?!')) return undefined;
  if (hasTopLevelBar(pattern)) return undefined;
  const must: string[] = [];
  const mustNot: string[] = [];
  let at = 1;
  while (pattern.startsWith('(?=', at) || pattern.startsWith('(?!', at)) {
    const end = closingParen(pattern, at);
    if (end === undefined) return undefined;
    const inner = `^(?:${pattern.slice(at + 3, end)})`;
    (pattern[at + 2] === '=' ? must : mustNot).push(inner);
    at = end + 1;
    // A quantified lookahead (`(?=a)*`) means something else: leave such patterns alone.
    if (/^[*+?{]/.test(pattern.slice(at))) return undefined;
  }
  must.push(`^(?:${pattern.slice(at)})`);
  return { must, mustNot };
}

/** The index of the `)` that closes the group opened at `open`, skipping escapes and classes. */
function closingParen(pattern: string, open: number): number | undefined {
  let depth = 0;
  let inClass = false;
  for (let i = open; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return undefined;
}

function hasTopLevelBar(pattern: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return true;
  }
  return false;
}
