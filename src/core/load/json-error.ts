/**
 * Finds where JSON.parse gave up. Some V8 versions say only `Unexpected token '}', "..." is not
 * valid JSON` with no position, and a large spec needs a line and column to be fixable. Runs only
 * after JSON.parse has failed, so it favours brevity over speed.
 */
export function jsonErrorOffset(text: string): number {
  const scanner = new Scanner(text);
  try {
    scanner.value();
    scanner.whitespace();
    return scanner.pos < text.length ? scanner.pos : text.length;
  } catch (stop) {
    if (stop instanceof Stop) return stop.offset;
    throw stop;
  }
}

class Stop {
  constructor(readonly offset: number) {}
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = '"\\/bfnrt';

class Scanner {
  pos = 0;
  constructor(private readonly text: string) {}

  whitespace(): void {
    for (let c = this.text.charCodeAt(this.pos); c === 32 || c === 9 || c === 10 || c === 13;) {
      c = this.text.charCodeAt(++this.pos);
    }
  }

  value(): void {
    this.whitespace();
    const c = this.text[this.pos];
    if (c === '{') this.container('}', true);
    else if (c === '[') this.container(']', false);
    else if (c === '"') this.string();
    else if (c === 't') this.literal('true');
    else if (c === 'f') this.literal('false');
    else if (c === 'n') this.literal('null');
    else this.number();
  }

  private container(close: string, keyed: boolean): void {
    this.pos++;
    this.whitespace();
    if (this.text[this.pos] === close) return void this.pos++;
    for (;;) {
      if (keyed) this.member();
      else this.value();
      this.whitespace();
      const c = this.text[this.pos];
      if (c === close) return void this.pos++;
      if (c !== ',') throw new Stop(this.pos);
      this.pos++;
    }
  }

  private member(): void {
    this.whitespace();
    if (this.text[this.pos] !== '"') throw new Stop(this.pos);
    this.string();
    this.whitespace();
    if (this.text[this.pos] !== ':') throw new Stop(this.pos);
    this.pos++;
    this.value();
  }

  private string(): void {
    for (this.pos++; this.pos < this.text.length; this.pos++) {
      const code = this.text.charCodeAt(this.pos);
      if (code === 0x22) return void this.pos++;
      if (code < 0x20) throw new Stop(this.pos);
      if (code !== 0x5c) continue;
      const escape = this.text[++this.pos] ?? '';
      if (escape === 'u' && /^[0-9a-fA-F]{4}$/.test(this.text.slice(this.pos + 1, this.pos + 5)))
        this.pos += 4;
      else if (!ESCAPES.includes(escape) || escape === '') throw new Stop(this.pos);
    }
    throw new Stop(this.pos);
  }

  private literal(word: string): void {
    for (let i = 0; i < word.length; i++, this.pos++) {
      if (this.text[this.pos] !== word[i]) throw new Stop(this.pos);
    }
  }

  private number(): void {
    NUMBER.lastIndex = this.pos;
    if (!NUMBER.test(this.text)) throw new Stop(this.pos);
    this.pos = NUMBER.lastIndex;
  }
}
