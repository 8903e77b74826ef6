/**
 * A JavaScript pattern (u-mode, as `unicodePattern` spells it) in RE2's syntax, with the same
 * meaning where the two dialects differ: `.` and `\s` are wider in JavaScript, `\uXXXX` and
 * `\0` are spelled `\x{...}` in RE2, a class may be empty (`[]`) or full (`[^]`). Only whether a
 * string matches is ever asked, so every group becomes non-capturing (lookbehinds need that).
 * What RE2 cannot run at all — backreferences, lookaheads — is named instead.
 * @see https://github.com/google/re2/wiki/Syntax
 * @see https://tc39.es/ecma262/#sec-patterns
 */

import { PROPERTY_NAMES } from './property-names.js';

export type Re2Syntax =
  | {
      source: string;
      lookbehind: boolean;
      /** Counted repetitions above the limit that were read as `{m,}` (a looser pattern). */
      widened: boolean;
    }
  | { unsupported: 'backreference' | 'lookahead' | 'syntax' };

/** RE2 counts repetitions up to 1,000 (nested ones multiplied). */
export const RE2_REPEAT_LIMIT = 1000;

/** JavaScript's `\s`: WhiteSpace and LineTerminator of ECMA-262, wider than RE2's ASCII `\s`. */
const SPACE =
  '\\t\\n\\x{B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
/** JavaScript's `.` without the `s` flag: anything but a line terminator. */
const DOT = '[^\\n\\r\\x{2028}\\x{2029}]';

class Unsupported extends Error {
  constructor(readonly reason: 'backreference' | 'lookahead' | 'syntax') {
    super(reason);
  }
}

/**
 * With `repeatLimit`, a counted repetition whose bound exceeds it (`.{0,4096}`) becomes
 * `{m,}` with `m` capped too: a looser pattern, never a stricter one.
 */
export function toRe2Syntax(pattern: string, repeatLimit = RE2_REPEAT_LIMIT): Re2Syntax {
  try {
    const reader = new Reader(pattern, repeatLimit);
    const source = reader.sequence(false);
    if (reader.at < pattern.length) throw new Unsupported('syntax');
    return {
      source: source === '' ? '(?:)' : source,
      lookbehind: reader.lookbehind,
      widened: reader.widened,
    };
  } catch (error) {
    if (error instanceof Unsupported) return { unsupported: error.reason };
    throw error;
  }
}

class Reader {
  at = 0;
  lookbehind = false;
  widened = false;

  constructor(
    private readonly text: string,
    private readonly repeatLimit: number,
  ) {}

  /** Atoms, alternatives and quantifiers up to the end or, inside a group, its `)`. */
  sequence(inGroup: boolean): string {
    let out = '';
    while (this.at < this.text.length) {
      const c = this.text[this.at]!;
      if (c === ')') {
        if (!inGroup) throw new Unsupported('syntax');
        return out;
      }
      if (c === '(') out += this.group();
      else if (c === '[') out += this.characterClass();
      else if (c === '\\') out += this.escape();
      else if (c === '{') out += this.count();
      else if (c === '.') {
        out += DOT;
        this.at++;
      } else {
        // `^ $ | * + ? {n,m}` and literals mean the same in both dialects.
        const char = String.fromCodePoint(this.text.codePointAt(this.at)!);
        out += char;
        this.at += char.length;
      }
    }
    if (inGroup) throw new Unsupported('syntax');
    return out;
  }

  private group(): string {
    const rest = this.text.slice(this.at, this.at + 4);
    let open = '(?:';
    if (rest.startsWith('(?=') || rest.startsWith('(?!')) throw new Unsupported('lookahead');
    if (rest.startsWith('(?<=') || rest.startsWith('(?<!')) {
      this.lookbehind = true;
      open = rest;
      this.at += 4;
    } else if (rest.startsWith('(?:')) this.at += 3;
    else if (rest.startsWith('(?<')) {
      const end = this.text.indexOf('>', this.at);
      if (end < 0) throw new Unsupported('syntax');
      this.at = end + 1;
    } else this.at += 1;
    const inner = this.sequence(true);
    this.at++; // the `)`
    return `${open}${inner})`;
  }

  /** `{m}`, `{m,}`, `{m,n}`: u-mode allows no other `{` outside a class. */
  private count(): string {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(this.text.slice(this.at));
    if (!match) throw new Unsupported('syntax');
    this.at += match[0].length;
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
    if (max <= this.repeatLimit || (max === Infinity && min <= this.repeatLimit)) return match[0];
    this.widened = true;
    return `{${Math.min(min, this.repeatLimit)},}`;
  }

  /** `[...]`: ranges and escapes kept, `\s` spliced in, `[]` and `[^]` spelled out. */
  private characterClass(): string {
    this.at++;
    const negated = this.text[this.at] === '^';
    if (negated) this.at++;
    const members: string[] = [];
    let notSpace = false;
    while (this.text[this.at] !== ']') {
      if (this.at >= this.text.length) throw new Unsupported('syntax');
      const c = this.text[this.at]!;
      if (c === '\\') {
        const next = this.text[this.at + 1];
        if (next === 'S') {
          notSpace = true;
          this.at += 2;
        } else if (next === 's') {
          members.push(SPACE);
          this.at += 2;
        } else if (next === 'b') {
          members.push('\\x{8}');
          this.at += 2;
        } else if (next === '-') {
          members.push('\\-');
          this.at += 2;
        } else if (next === 'p' || next === 'P') {
          members.push(this.property(next, true));
        } else members.push(this.escape());
      } else if (c === '-') {
        members.push('-');
        this.at++;
      } else {
        const char = String.fromCodePoint(this.text.codePointAt(this.at)!);
        // `[`, `^` and `]` are literal here; escaped, RE2 cannot read them as `[[:alpha:]]`.
        members.push('[]^'.includes(char) ? `\\${char}` : char);
        this.at += char.length;
      }
    }
    this.at++;
    return spellClass(members.join(''), negated, notSpace);
  }

  private escape(): string {
    const c = this.text[this.at + 1];
    if (c === undefined) throw new Unsupported('syntax');
    if (c === 's' || c === 'S') {
      this.at += 2;
      return c === 's' ? `[${SPACE}]` : `[^${SPACE}]`;
    }
    if (/[1-9]/.test(c) || (c === 'k' && this.text[this.at + 2] === '<')) {
      throw new Unsupported('backreference');
    }
    if (c === '0') return this.take(2, '\\x{0}');
    if (c === 'v') return this.take(2, '\\x{B}');
    if (c === 'c') {
      const letter = this.text.charCodeAt(this.at + 2);
      return this.take(3, `\\x{${(letter % 32).toString(16)}}`);
    }
    if (c === 'x') return this.take(4, `\\x{${this.text.slice(this.at + 2, this.at + 4)}}`);
    if (c === 'u') return this.unicodeEscape();
    if (c === 'p' || c === 'P') return this.property(c);
    // `\d \D \w \W \b \B \f \n \r \t` and escaped syntax characters read the same in RE2.
    return this.take(2, `\\${c}`);
  }

  /** `\u{1F600}`, `\u00e9`, and a surrogate pair `\uD83D\uDE00`, which u-mode reads as one. */
  private unicodeEscape(): string {
    const rest = this.text.slice(this.at);
    const braced = /^\\u\{([0-9a-fA-F]+)\}/.exec(rest);
    if (braced) return this.take(braced[0].length, `\\x{${braced[1]}}`);
    const pair = /^\\u(d[89ab][0-9a-f]{2})\\u(d[c-f][0-9a-f]{2})/i.exec(rest);
    if (pair) {
      const high = parseInt(pair[1]!, 16);
      const low = parseInt(pair[2]!, 16);
      const code = (high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
      return this.take(12, `\\x{${code.toString(16)}}`);
    }
    return this.take(6, `\\x{${rest.slice(2, 6)}}`);
  }

  /**
   * `\p{L}` as it is; `\p{Script=Greek}` → `\p{Greek}`; `\p{Letter}` → `\p{L}`; `\p{ASCII}`,
   * which RE2 lacks, as its range. In a class, `inClass` wants the members without brackets.
   */
  private property(letter: string, inClass = false): string {
    const end = this.text.indexOf('}', this.at);
    if (end < 0) throw new Unsupported('syntax');
    const body = this.text.slice(this.at + 3, end);
    const [key, value] = body.includes('=') ? body.split('=') : [undefined, body];
    if (key !== undefined && !['Script', 'sc', 'General_Category', 'gc'].includes(key)) {
      throw new Unsupported('syntax'); // Script_Extensions: RE2 has no such table
    }
    const length = end + 1 - this.at;
    if (value === 'ASCII') {
      const range = letter === 'p' ? '\\x{0}-\\x{7F}' : '\\x{80}-\\x{10FFFF}';
      return this.take(length, inClass ? range : `[${range}]`);
    }
    return this.take(length, `\\${letter}{${PROPERTY_NAMES[value!] ?? value!}}`);
  }

  private take(length: number, spelled: string): string {
    this.at += length;
    return spelled;
  }
}

/**
 * A class with `\S` among its members cannot hold it (RE2 classes do not nest): it becomes an
 * alternative, `[\S\d]` → `(?:[^<space>]|[\d])`. Negated, `[^\S\d]` is `\s` less `\d`, which no
 * real pattern writes: that one is left out.
 */
function spellClass(members: string, negated: boolean, notSpace: boolean): string {
  if (!notSpace) {
    if (members === '') return negated ? '[\\x{0}-\\x{10FFFF}]' : '[^\\x{0}-\\x{10FFFF}]';
    return `[${negated ? '^' : ''}${members}]`;
  }
  if (negated) throw new Unsupported('syntax');
  return members === '' ? `[^${SPACE}]` : `(?:[^${SPACE}]|[${members}])`;
}
