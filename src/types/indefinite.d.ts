/** The `indefinite` package ships no typings: the one call apidoc makes. */
declare module 'indefinite' {
  function indefinite(
    phrase: string,
    options?: { articleOnly?: boolean; capitalize?: boolean; caseInsensitive?: boolean },
  ): string;
  export = indefinite;
}
