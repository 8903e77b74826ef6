/**
 * randexp ships typings that declare an ES `default` export, but its CommonJS build replaces
 * `module.exports` with the class, so under NodeNext the typed default import would be wrong.
 * This ambient declaration wins over the package's own and describes what actually loads.
 */
declare module 'randexp' {
  class RandExp {
    constructor(pattern: string | RegExp, flags?: string);
    /** Extra repetitions allowed for unbounded quantifiers (`*`, `+`, `{n,}`). */
    max: number;
    /** The random source; replaceable per instance, which is how generation is seeded. */
    randInt(a: number, b: number): number;
    gen(): string;
    /** The parsed pattern (ret tokens); walked to cap repetition counts. */
    tokens: unknown;
    /** Character set → range of code points; rebuilt on every call unless memoised. */
    _expand(token: unknown): unknown;
  }
  export = RandExp;
}
