/**
 * An error the user can fix: a bad flag, a missing file, a taken port, a broken spec.
 * The CLI prints its message (and hint) on one line each and exits with `exitCode`;
 * anything that is not a UserError is a bug and is printed with its stack.
 */
export class UserError extends Error {
  constructor(
    message: string,
    /** How to fix it, printed after the message. */
    readonly hint?: string,
    /** 1 for runtime failures, 2 for usage errors (bad option values). */
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
    this.name = 'UserError';
  }
}

/** A problem found in a document or a request: data, rendered at the edge. */
export interface Finding {
  /** File the finding is about, when there is one. */
  file?: string;
  /** JSON pointer inside the document, e.g. `#/paths/~1users/get`. */
  pointer?: string;
  /** 1-based line, when known. */
  line?: number;
  message: string;
  /** What kind of finding it is, for counting (`response-not-inferred`, ...). */
  code?: string;
}

export function formatFinding(f: Finding): string {
  const where = [f.file && (f.line ? `${f.file}:${f.line}` : f.file), f.pointer]
    .filter(Boolean)
    .join(' ');
  return where ? `${where}: ${f.message}` : f.message;
}
