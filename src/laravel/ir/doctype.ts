import type { DocType } from './types.js';

/** Names PHP and PHPDoc give to types that are not classes (kept lower case). */
const BUILTINS = new Set([
  'int',
  'integer',
  'string',
  'bool',
  'boolean',
  'float',
  'double',
  'array',
  'list',
  'iterable',
  'mixed',
  'void',
  'null',
  'true',
  'false',
  'object',
  'callable',
  'resource',
  'self',
  'static',
  '$this',
  'never',
  'scalar',
  'numeric',
  'array-key',
  'class-string',
  'non-empty-string',
  'non-falsy-string',
  'numeric-string',
  'lowercase-string',
  'literal-string',
  'non-empty-array',
  'non-empty-list',
  'positive-int',
  'negative-int',
  'non-negative-int',
  'non-positive-int',
]);

/**
 * The type at the start of a PHPDoc tag's text (`@return array{id: int} the item` →
 * `array{id: int}`), with class names resolved by `resolve`; undefined when it is not a type.
 * @see https://phpstan.org/writing-php-code/phpdoc-types
 */
export function parseDocType(text: string, resolve: (name: string) => string): DocType | undefined {
  const source = typeText(text);
  if (!source) return undefined;
  try {
    const parser = new Parser(source, resolve);
    const type = parser.union();
    return parser.done() ? type : undefined;
  } catch {
    return undefined;
  }
}

/** `@var Type $name` / `@param Type $name`: the variable's name and its type. */
export function parseDocVar(
  text: string,
  resolve: (name: string) => string,
): { name?: string; type: DocType } | undefined {
  const source = typeText(text);
  if (!source) return undefined;
  const type = parseDocType(source, resolve);
  if (!type) return undefined;
  const name = /^\s*&?(?:\.\.\.)?\$(\w+)/.exec(text.slice(text.indexOf(source) + source.length));
  return name ? { name: name[1]!, type } : { type };
}

/** The leading type of a tag's text: up to the first space outside brackets (and not by a `|`). */
function typeText(text: string): string {
  const s = text.trim();
  let depth = 0;
  let i = 0;
  for (; i < s.length; i++) {
    const c = s[i]!;
    if (c === '<' || c === '{' || c === '(' || c === '[') depth++;
    else if (c === '>' || c === '}' || c === ')' || c === ']') depth--;
    else if (/\s/.test(c) && depth <= 0) {
      const rest = s.slice(i).trimStart();
      const before = s.slice(0, i).trimEnd();
      if (!rest.startsWith('|') && !before.endsWith('|')) break;
    }
  }
  return s.slice(0, i).replace(/\s*\|\s*/g, '|');
}

class Parser {
  private at = 0;

  constructor(
    private readonly s: string,
    private readonly resolve: (name: string) => string,
  ) {}

  done(): boolean {
    this.space();
    return this.at >= this.s.length;
  }

  union(): DocType {
    const of = [this.intersection()];
    while (this.eat('|')) of.push(this.intersection());
    return of.length === 1 ? of[0]! : { kind: 'union', of };
  }

  /** `A&B`: the first part stands for the whole (enough to find methods and shapes). */
  private intersection(): DocType {
    const first = this.postfix();
    while (this.eat('&')) this.postfix();
    return first;
  }

  private postfix(): DocType {
    let type = this.primary();
    while (this.s.startsWith('[]', this.at)) {
      this.at += 2;
      type = { kind: 'list', of: type };
    }
    return type;
  }

  private primary(): DocType {
    this.space();
    if (this.eat('?')) {
      const inner = this.primary();
      return { kind: 'union', of: [inner, { kind: 'name', name: 'null' }] };
    }
    if (this.eat('(')) {
      const inner = this.union();
      this.expect(')');
      return inner;
    }
    const literal = this.literal();
    if (literal) return literal;
    const word = /^[\\\w$-]+(?:::\w+)?/.exec(this.s.slice(this.at))?.[0];
    if (!word) throw new Error(`type expected at ${this.at}`);
    this.at += word.length;
    const lower = word.toLowerCase();
    if (this.eat('{')) return this.shape(lower);
    const name = BUILTINS.has(lower) ? lower : this.resolve(word);
    if (this.eat('<')) {
      const args = [this.union()];
      while (this.eat(',')) args.push(this.union());
      this.expect('>');
      return { kind: 'name', name, args };
    }
    return { kind: 'name', name };
  }

  /** `array{id: int, tags?: string[]}` or `list{int, string}`. */
  private shape(base: string): DocType {
    const fields: { key: string; type: DocType; optional?: true }[] = [];
    let position = 0;
    this.space();
    while (!this.eat('}')) {
      const key = /^\s*(?:'([^']*)'|"([^"]*)"|([\w-]+))\s*(\?)?\s*:(?!:)/.exec(
        this.s.slice(this.at),
      );
      let name: string;
      let optional = false;
      if (key) {
        this.at += key[0].length;
        name = key[1] ?? key[2] ?? key[3]!;
        optional = key[4] === '?';
      } else name = String(position++);
      const type = this.union();
      fields.push(optional ? { key: name, type, optional: true } : { key: name, type });
      if (!this.eat(',')) {
        this.expect('}');
        break;
      }
      this.space();
    }
    if (base !== 'array' && base !== 'list' && base !== 'object')
      return { kind: 'name', name: base };
    return { kind: 'shape', fields };
  }

  private literal(): DocType | undefined {
    const m = /^(?:'([^']*)'|"([^"]*)"|(-?\d+(?:\.\d+)?)(?![\w]))/.exec(this.s.slice(this.at));
    if (!m) return undefined;
    this.at += m[0].length;
    if (m[3] !== undefined) return { kind: 'literal', value: Number(m[3]) };
    return { kind: 'literal', value: m[1] ?? m[2]! };
  }

  private eat(token: string): boolean {
    this.space();
    if (!this.s.startsWith(token, this.at)) return false;
    this.at += token.length;
    return true;
  }

  private expect(token: string): void {
    if (!this.eat(token)) throw new Error(`${token} expected at ${this.at}`);
  }

  private space(): void {
    while (this.at < this.s.length && /\s/.test(this.s[this.at]!)) this.at++;
  }
}
