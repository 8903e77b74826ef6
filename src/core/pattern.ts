/**
 * `pattern` as JavaScript compiles it with the `u` flag (as ajv does), read the way the author
 * meant it. Real documents carry patterns written for other engines or for JavaScript without
 * `u`: identity escapes (`\-`, `\_`, `\:`), lone braces (`{Name}`), class ranges around a class
 * escape (`[\w-.]`), Java's POSIX classes (`\p{XDigit}`), `\A` / `\z` anchors, Python's `(?P<n>`.
 * Each is rewritten to the u-mode spelling of the same meaning; a pattern that still does not
 * compile gives undefined (it is then no constraint, as an unknown format is).
 * @see https://spec.openapis.org/oas/v3.0.3#properties (pattern: ECMA 262 dialect)
 */

const cache = new Map<string, string | undefined>();
const CACHE_LIMIT = 50_000;

export function unicodePattern(pattern: string): string | undefined {
  if (cache.has(pattern)) return cache.get(pattern);
  const source = compiles(pattern) ? pattern : rewrite(pattern);
  const result = source === undefined ? undefined : flattenNestedStars(source);
  if (cache.size < CACHE_LIMIT) cache.set(pattern, result);
  return result;
}

/**
 * `([\/\w .-]*)*`, a repetition of a repetition of one atom, matches what `([\/\w .-]*)` does,
 * but a backtracking engine tries exponentially many ways to fail (BeezUp's URL pattern held the
 * server over one example). The same language with one quantifier is linear.
 */
const NESTED_STAR =
  /\((\?:)?(\[(?:\\.|[^\]\\])*\]|\\[^pPkux]|[^()\\|*+?{}[\]])([*+])\)([*+])(?!\?)/g;

function flattenNestedStars(pattern: string): string {
  if (!NESTED_STAR.test(pattern)) return pattern;
  NESTED_STAR.lastIndex = 0;
  const flat = pattern.replace(NESTED_STAR, (_, group = '', atom: string, inner, outer) => {
    const quantifier = inner === '+' && outer === '+' ? '+' : '*';
    return `(${group}${atom}${quantifier})`;
  });
  return compiles(flat) ? flat : pattern;
}

/** Whether JavaScript compiles `pattern` with the `u` flag. */
export function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/** Java / POSIX character classes, as the contents of a JavaScript class. */
const POSIX: Readonly<Record<string, string>> = {
  XDigit: '0-9A-Fa-f',
  Alpha: 'A-Za-z',
  Digit: '0-9',
  Alnum: 'A-Za-z0-9',
  Upper: 'A-Z',
  Lower: 'a-z',
  Punct: '!-\\/:-@\\[-`{-~',
  Graph: '!-~',
  Print: ' -~',
  Space: ' \\t\\n\\x0B\\f\\r',
  Blank: ' \\t',
  Cntrl: '\\x00-\\x1F\\x7F',
  ASCII: '\\x00-\\x7F',
  all: '\\s\\S',
  javaLetter: '\\p{L}',
  IsLetter: '\\p{L}',
  IsDigit: '\\p{Nd}',
  IsAlphabetic: '\\p{Alphabetic}',
  IsWhite_Space: '\\s',
};

const SYNTAX = new Set('^$\\.*+?()[]{}|/');
const KEPT_ESCAPES = new Set('dDwWsSbBfnrtv0123456789');
const CLASS_ESCAPE = /^\\[dDwWsS]$|^\\[pP]\{/;

function rewrite(pattern: string): string | undefined {
  const out: string[] = [];
  let inClass = false;
  let previous = ''; // the last atom emitted inside a class
  const groups: { look: boolean; at: number }[] = [];
  for (let i = 0; i < pattern.length;) {
    const [atom, length] = nextAtom(pattern, i, inClass);
    if (atom === undefined) return undefined;
    const expanded = /^\\[pP]\{/.test(pattern.slice(i, i + 3));
    i += length;
    if (!inClass && atom === '(') {
      groups.push({ look: /^\?<?[=!]/.test(pattern.slice(i)), at: out.length });
    } else if (!inClass && atom === ')') {
      const group = groups.pop();
      // A quantified lookaround (`(?!\.)+`, allowed without `u` only) asserts once, or not at
      // all when the quantifier allows none.
      const quantifier = group?.look && /^(?:[*+?]|\{(\d+)(?:,\d*)?\})\??/.exec(pattern.slice(i));
      if (group && quantifier) {
        i += quantifier[0].length;
        const min = quantifier[0][0] === '+' ? 1 : Number(quantifier[1] ?? 0);
        if (min === 0) {
          out.length = group.at;
          continue;
        }
      }
    }
    if (!inClass && atom === '[') {
      inClass = true;
      previous = '';
      out.push(pattern[i] === '^' ? '[^' : '[');
      if (pattern[i] === '^') i++;
      continue;
    }
    if (inClass && atom === ']') {
      inClass = false;
      out.push(']');
      continue;
    }
    if (inClass && atom === '-') {
      // `[\w-.]` is three characters without `u` and an error with it: escape the hyphen.
      const following = nextAtom(pattern, i, true)[0] ?? '';
      const literal =
        previous === '' ||
        CLASS_ESCAPE.test(previous) ||
        CLASS_ESCAPE.test(following) ||
        following === ']';
      out.push(literal ? '\\-' : '-');
      previous = literal ? '\\-' : '';
      continue;
    }
    out.push(atom);
    // A POSIX class spliced in (`0-9A-Fa-f`) bounds a range no more than `\d` does.
    previous = expanded ? '\\p{' : atom;
  }
  if (inClass) return undefined;
  const result = out.join('');
  return compiles(result) ? result : undefined;
}

/** The next atom at `i` in u-mode spelling, and how many characters of the source it used. */
function nextAtom(source: string, i: number, inClass: boolean): [string | undefined, number] {
  const c = source[i] ?? '';
  if (c === '\\') return escape(source, i, inClass);
  if (inClass) return [c === '[' ? '\\[' : c, 1];
  if (c === '(' && source.startsWith('(?P<', i)) return ['(?<', 4];
  if (c === '(' && source.startsWith('(?P=', i)) {
    const end = source.indexOf(')', i);
    return end < 0 ? [undefined, 1] : [`\\k<${source.slice(i + 4, end)}>`, end - i + 1];
  }
  if (c === '{') {
    const quantifier = /^\{\d+(,\d*)?\}/.exec(source.slice(i));
    return quantifier ? [quantifier[0], quantifier[0].length] : ['\\{', 1];
  }
  if (c === '}' || c === ']') return [`\\${c}`, 1];
  return [c, 1];
}

function escape(source: string, i: number, inClass: boolean): [string | undefined, number] {
  const c = source[i + 1];
  if (c === undefined) return [undefined, 1];
  if ((c === 'p' || c === 'P') && source[i + 2] === '{') return property(source, i, inClass);
  if (!inClass && c === 'A') return ['^', 2];
  if (!inClass && (c === 'z' || c === 'Z')) return ['$', 2];
  if (c === 'x') {
    return /^[0-9a-fA-F]{2}$/.test(source.slice(i + 2, i + 4))
      ? [source.slice(i, i + 4), 4]
      : ['x', 2];
  }
  if (c === 'u') {
    const hex = /^(?:[0-9a-fA-F]{4}|\{[0-9a-fA-F]+\})/.exec(source.slice(i + 2));
    return hex ? [`\\u${hex[0]}`, 2 + hex[0].length] : ['u', 2];
  }
  if (c === 'c' && /[A-Za-z]/.test(source[i + 2] ?? '')) return [source.slice(i, i + 3), 3];
  if (c === 'k' && source[i + 2] === '<') {
    const end = source.indexOf('>', i);
    return end < 0 ? [undefined, 2] : [source.slice(i, end + 1), end - i + 1];
  }
  if (KEPT_ESCAPES.has(c) || SYNTAX.has(c) || (inClass && c === '-')) return [`\\${c}`, 2];
  // An identity escape of an ordinary character (`\_`, `\:`, `\-` outside a class).
  return [c, 2];
}

/** `\p{L}` stays; `\p{XDigit}` and the other POSIX names become the class they mean. */
function property(source: string, i: number, inClass: boolean): [string | undefined, number] {
  const end = source.indexOf('}', i);
  if (end < 0) return [undefined, 2];
  const text = source.slice(i, end + 1);
  const negated = source[i + 1] === 'P';
  if (compiles(text)) return [text, text.length];
  const name = source.slice(i + 3, end);
  // Java and .NET name scripts bare (`\p{Han}`); JavaScript wants `Script=`.
  const script = `\\${negated ? 'P' : 'p'}{Script=${name.replace(/^Is/, '')}}`;
  if (compiles(script)) return [script, text.length];
  const members = POSIX[name] ?? POSIX[name.replace(/^Is/, '')];
  if (members === undefined) return [undefined, text.length];
  if (!inClass) return [`[${negated ? '^' : ''}${members}]`, text.length];
  // A negated class cannot be spliced into another class.
  return negated ? [undefined, text.length] : [members, text.length];
}
