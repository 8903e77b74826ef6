/**
 * PHP's PCRE patterns (`regex:/^[a-z]+$/i`) as ECMAScript patterns for JSON Schema's `pattern`,
 * which has no flags and is compiled with the `u` flag by validators such as ajv. Flags are
 * rewritten into the pattern (`i` as `[aA]`, `s` as `[\s\S]`, `m` as lookarounds, `x` by
 * dropping whitespace and comments); PCRE-only syntax that ECMAScript cannot express
 * (possessive quantifiers, atomic groups, recursion, conditionals, `\G`, `\K`, ungreedy mode)
 * makes the pattern unconvertible.
 * @see https://www.php.net/manual/en/reference.pcre.pattern.syntax.php
 * @see https://json-schema.org/draft/2020-12/json-schema-core#name-regular-expressions
 */

class Unsupported extends Error {}

const CLOSING: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}', '<': '>' };
const KNOWN_FLAGS = /^[imsxuADSXJn]*$/;
/** Characters ECMAScript lets `\` escape under the `u` flag, outside a class. */
const SYNTAX = new Set([...'^$\\.*+?()[]{}|/']);
const CLASS_SYNTAX = new Set([...'\\[]^-']);
const HSPACE = '\\t \\xA0\\u1680\\u180E\\u2000-\\u200A\\u202F\\u205F\\u3000';
const VSPACE = '\\n\\v\\f\\r\\x85\\u2028\\u2029';

// prettier-ignore
const POSIX: Readonly<Record<string, string>> = {
  alpha: 'a-zA-Z', digit: '0-9', alnum: 'a-zA-Z0-9', upper: 'A-Z', lower: 'a-z', space: '\\s',
  word: '\\w', xdigit: '0-9A-Fa-f', punct: '!-\\/:-@\\[-`{-~', blank: ' \\t', cntrl: '\\x00-\\x1F\\x7F',
  print: ' -~', graph: '!-~', ascii: '\\x00-\\x7F',
};

/** `/^\d+$/` → `^\d+$`; undefined when the pattern cannot be expressed without flags. */
export function pcreToEcma(source: string): string | undefined {
  const parts = splitDelimiters(source.trimStart());
  if (parts === undefined) return undefined;
  let { body, flags } = parts;
  const inline = /^\(\?([imsx]+)\)/.exec(body);
  if (inline?.[1]) {
    flags += inline[1];
    body = body.slice(inline[0].length);
  }
  if (!KNOWN_FLAGS.test(flags)) return undefined;
  try {
    const out = new Translator(body, flags).run();
    const pattern = flags.includes('A') ? `^(?:${out})` : out;
    new RegExp(pattern, 'u');
    return pattern;
  } catch {
    return undefined;
  }
}

function splitDelimiters(source: string): { body: string; flags: string } | undefined {
  const open = source[0];
  if (open === undefined || /[\w\\\s]/.test(open)) return undefined;
  const close = CLOSING[open] ?? open;
  const end = source.lastIndexOf(close);
  if (end <= 0) return undefined;
  return { body: source.slice(1, end), flags: source.slice(end + 1) };
}

/** A piece of a character class: a single code point (which can start a range) or a set. */
interface ClassItem {
  text: string;
  cp?: number;
}

class Translator {
  private readonly chars: string[];
  private pos = 0;
  private readonly fold: boolean;

  constructor(
    body: string,
    private readonly flags: string,
  ) {
    this.chars = Array.from(body);
    this.fold = flags.includes('i');
  }

  run(): string {
    let out = '';
    while (this.pos < this.chars.length) out += this.next();
    return out;
  }

  private has(flag: string): boolean {
    return this.flags.includes(flag);
  }

  private next(): string {
    const c = this.chars[this.pos] ?? '';
    if (this.has('x') && /\s/.test(c)) return this.skip(1);
    if (this.has('x') && c === '#') return this.skipUntil('\n');
    if (c === '\\') return this.escape(false).text;
    if (c === '[') return this.charClass();
    if (c === '(') return this.group();
    this.pos++;
    if (c === '*' || c === '+' || c === '?') return c + this.quantifierSuffix();
    if (c === '{') return this.brace();
    if (c === '.') return this.has('s') ? '[\\s\\S]' : '.';
    if (c === '^') return this.has('m') ? '(?<=^|\\n)' : '^';
    if (c === '$') return this.has('m') ? '(?=\\n|$)' : '$';
    if (c === ')' || c === '|') return c;
    return this.literal(c.codePointAt(0) ?? 0, false);
  }

  private skip(n: number): string {
    this.pos += n;
    return '';
  }

  private skipUntil(end: string): string {
    while (this.pos < this.chars.length && this.chars[this.pos] !== end) this.pos++;
    return this.skip(1);
  }

  /** A lazy `?` is kept; a possessive `+` has no ECMAScript equivalent. */
  private quantifierSuffix(): string {
    const c = this.chars[this.pos];
    if (c === '+') throw new Unsupported();
    return c === '?' ? (this.pos++, '?') : '';
  }

  /** `{2}`, `{2,}`, `{2,5}` (and PCRE2's `{,5}`) quantify; any other brace is literal. */
  private brace(): string {
    const rest = this.chars.slice(this.pos, this.pos + 24).join('');
    const match = /^(\d*)(,\d*)?\}/.exec(rest);
    if (!match || (match[1] === '' && (match[2] ?? ',') === ',')) return '\\{';
    this.pos += match[0].length;
    return `{${match[1] || '0'}${match[2] ?? ''}}${this.quantifierSuffix()}`;
  }

  /** A literal code point, escaped as ECMAScript needs, both cases under the `i` flag. */
  private literal(cp: number, inClass: boolean): string {
    const ch = String.fromCodePoint(cp);
    if (cp < 0x20 || cp === 0x7f) return `\\x${cp.toString(16).padStart(2, '0').toUpperCase()}`;
    const needsEscape = inClass ? CLASS_SYNTAX.has(ch) : SYNTAX.has(ch);
    const text = needsEscape ? `\\${ch}` : ch;
    if (!this.fold || inClass) return text;
    const other = ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase();
    return other === ch || Array.from(other).length !== 1 ? text : `[${text}${other}]`;
  }

  private group(): string {
    const rest = this.chars.slice(this.pos, this.pos + 40).join('');
    const simple = /^\((?:\?[:=!]|\?<[=!])?/.exec(rest)?.[0] ?? '(';
    if (!rest.startsWith('(?') || simple !== '(') return this.skip(simple.length) + simple;
    if (rest.startsWith('(?#')) return this.skipUntil(')');
    const named = /^\(\?(?:P?<([A-Za-z_]\w*)>|'([A-Za-z_]\w*)')/.exec(rest);
    if (named) {
      this.pos += named[0].length;
      return `(?<${named[1] ?? named[2]}>`;
    }
    const reference = /^\(\?P=([A-Za-z_]\w*)\)/.exec(rest);
    if (reference) {
      this.pos += reference[0].length;
      return `\\k<${reference[1]}>`;
    }
    throw new Unsupported();
  }

  private charClass(): string {
    this.pos++;
    const negate = this.chars[this.pos] === '^' ? (this.pos++, '^') : '';
    const items: ClassItem[] = [];
    let first = true;
    for (;;) {
      const c = this.chars[this.pos];
      if (c === undefined) throw new Unsupported();
      if (c === ']' && !first) break;
      first = false;
      if (c === '[' && this.chars[this.pos + 1] === ':') items.push(this.posix());
      else if (c === '\\') items.push(this.escape(true));
      else if (c === '-') items.push({ text: this.skip(1) + '-' });
      else items.push({ text: '', cp: this.chars[this.pos++]?.codePointAt(0) ?? 0 });
    }
    this.pos++;
    return `[${negate}${this.classBody(items)}]`;
  }

  private posix(): ClassItem {
    const rest = this.chars.slice(this.pos, this.pos + 12).join('');
    const match = /^\[:(\w+):\]/.exec(rest);
    const set = match?.[1] === undefined ? undefined : POSIX[match[1]];
    if (!match || set === undefined) throw new Unsupported();
    this.pos += match[0].length;
    return { text: set };
  }

  /** Items joined, with ranges between single code points, literal dashes escaped. */
  private classBody(items: readonly ClassItem[]): string {
    let out = '';
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as ClassItem;
      const dash = items[i + 1];
      const end = items[i + 2];
      if (
        item.cp !== undefined &&
        dash?.text === '-' &&
        dash.cp === undefined &&
        end?.cp !== undefined
      ) {
        out += this.range(item.cp, end.cp);
        i += 2;
      } else if (item.cp !== undefined) out += this.classChar(item.cp);
      else out += item.text === '-' ? '\\-' : item.text;
    }
    return out;
  }

  private classChar(cp: number): string {
    const text = this.literal(cp, true);
    if (!this.fold) return text;
    const ch = String.fromCodePoint(cp);
    const others = [ch.toLowerCase(), ch.toUpperCase()].filter((o) => o !== ch && o.length === 1);
    return text + others.map((o) => this.literal(o.codePointAt(0) ?? 0, true)).join('');
  }

  private range(lo: number, hi: number): string {
    let out = `${this.literal(lo, true)}-${this.literal(hi, true)}`;
    if (!this.fold) return out;
    for (const [from, to, shift] of [
      [97, 122, -32],
      [65, 90, 32],
    ] as const) {
      const a = Math.max(lo, from);
      const b = Math.min(hi, to);
      if (a <= b) out += `${String.fromCodePoint(a + shift)}-${String.fromCodePoint(b + shift)}`;
    }
    return out;
  }

  private escape(inClass: boolean): ClassItem {
    const d = this.chars[this.pos + 1];
    this.pos += 2;
    if (d === undefined) throw new Unsupported();
    const fixed = inClass ? CLASS_ESCAPES[d] : ESCAPES[d];
    if (fixed !== undefined) return { text: fixed };
    const cp = CONTROL[d];
    if (cp !== undefined) return { text: this.literal(cp, inClass), cp };
    if (d === 'x') return this.hex(inClass);
    if (d === 'p' || d === 'P') return { text: this.property(d) };
    if (d === 'Q') return { text: this.quoted(inClass) };
    if (!inClass && /\d/.test(d)) return { text: this.backReference(d) };
    if (!inClass && (d === 'k' || d === 'g')) return { text: this.namedReference() };
    if (/[\dA-Za-z]/.test(d)) throw new Unsupported();
    const literal = d.codePointAt(0) ?? 0;
    return { text: this.literal(literal, inClass), cp: literal };
  }

  /** `\x41`, `\x{263A}`. */
  private hex(inClass: boolean): ClassItem {
    const rest = this.chars.slice(this.pos, this.pos + 10).join('');
    const match = /^\{([0-9A-Fa-f]+)\}|^[0-9A-Fa-f]{1,2}/.exec(rest);
    const digits = match ? (match[1] ?? match[0]) : '0';
    this.pos += match ? match[0].length : 0;
    const cp = parseInt(digits, 16);
    if (cp > 0x10ffff) throw new Unsupported();
    return { text: this.literal(cp, inClass), cp };
  }

  /** `\pL`, `\p{Lu}`, `\p{^L}`, `\p{Greek}` (a script in PCRE, `Script=Greek` in ECMAScript). */
  private property(d: string): string {
    let name = this.chars[this.pos] ?? '';
    this.pos++;
    if (name === '{') {
      const end = this.chars.indexOf('}', this.pos);
      if (end < 0) throw new Unsupported();
      name = this.chars.slice(this.pos, end).join('');
      this.pos = end + 1;
    }
    let negate = d === 'P';
    if (name.startsWith('^')) [negate, name] = [!negate, name.slice(1)];
    if (name === 'L&') name = 'LC';
    const category = /^(?:[CLMNPSZ][a-z&]?|LC|Any)$/.test(name);
    const ecma = name === 'Any' ? 'Any' : category ? name : `Script=${name}`;
    return `\\${negate ? 'P' : 'p'}{${ecma}}`;
  }

  /** `\Q...\E`: everything between is literal. */
  private quoted(inClass: boolean): string {
    let out = '';
    while (this.pos < this.chars.length) {
      if (this.chars[this.pos] === '\\' && this.chars[this.pos + 1] === 'E')
        return this.skip(2) + out;
      out += this.literal(this.chars[this.pos++]?.codePointAt(0) ?? 0, inClass);
    }
    return out;
  }

  /** `\1`; `\0` and `\012` are octal code points. */
  private backReference(d: string): string {
    if (d === '0') {
      const octal =
        /^[0-7]{0,2}/.exec(this.chars.slice(this.pos, this.pos + 2).join(''))?.[0] ?? '';
      this.pos += octal.length;
      return this.literal(parseInt(`0${octal}`, 8), false);
    }
    return `\\${d}`;
  }

  /** `\k<name>`, `\k{name}`, `\k'name'`, `\g{name}`, `\g1`, `\g{1}`. */
  private namedReference(): string {
    const rest = this.chars.slice(this.pos, this.pos + 40).join('');
    const match = /^(?:<(\w+)>|\{(\w+)\}|'(\w+)'|(\d+))/.exec(rest);
    const name = match?.[1] ?? match?.[2] ?? match?.[3] ?? match?.[4];
    if (!match || name === undefined) throw new Unsupported();
    this.pos += match[0].length;
    return /^\d+$/.test(name) ? `\\${name}` : `\\k<${name}>`;
  }
}

/** Escapes with a fixed translation outside a class. */
// prettier-ignore
const ESCAPES: Readonly<Record<string, string>> = {
  d: '\\d', D: '\\D', w: '\\w', W: '\\W', s: '\\s', S: '\\S', b: '\\b', B: '\\B',
  A: '^', z: '$', Z: '(?=\\n?$)', E: '',
  h: `[${HSPACE}]`, H: `[^${HSPACE}]`, v: `[${VSPACE}]`, V: `[^${VSPACE}]`,
};

/** Escapes with a fixed translation inside a class (`\b` is a backspace there). */
// prettier-ignore
const CLASS_ESCAPES: Readonly<Record<string, string>> = {
  d: '\\d', D: '\\D', w: '\\w', W: '\\W', s: '\\s', S: '\\S', b: '\\x08', E: '',
  h: HSPACE, v: VSPACE,
};

/** Escapes of single control characters. */
const CONTROL: Readonly<Record<string, number>> = {
  n: 0x0a,
  r: 0x0d,
  t: 0x09,
  f: 0x0c,
  e: 0x1b,
  a: 0x07,
};
