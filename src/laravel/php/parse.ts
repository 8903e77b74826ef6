import { Engine } from 'php-parser';
import type { Node } from './ast.js';
import { readClone } from './parser-patches.js';

/** A file that could not be parsed: where and why, for a warning. */
export interface ParseFailure {
  line: number;
  message: string;
}

export type ParseResult =
  | { ok: true; program: Node }
  | {
      ok: false;
      error: ParseFailure;
      /** What the parser made of the file around the error, when it could recover. */
      partial?: Node;
    };

/**
 * php-parser reads PHP 8.4 (`new Foo()->bar()`, `public protected(set)`) and 8.5 (`|>`) only
 * when told the version; it defaults to 8.3. Earlier syntax parses the same under 8.5.
 */
const VERSION = '8.5';

const OPTIONS = {
  parser: { php8: true, extractDoc: true, suppressErrors: false, version: VERSION },
  ast: { withPositions: true },
};

const LENIENT = { ...OPTIONS, parser: { ...OPTIONS.parser, suppressErrors: true } };

/**
 * Parses one PHP file. A syntax error is returned, never thrown, so that one broken file costs
 * one warning and the rest of the project is still documented; with it comes what the parser
 * could read around the error (its error recovery), so that the routes and classes before and
 * after a bad line are not lost. A fresh engine per file: the parser keeps state between calls,
 * and a failed parse must not leak into the next one.
 */
export function parsePhp(code: string, file: string): ParseResult {
  // Only a file that writes `clone (` needs the fix (it costs a call per expression).
  const clones = /\bclone\s*\(/.test(code);
  try {
    return { ok: true, program: engine(OPTIONS, clones).parseCode(code, file) as unknown as Node };
  } catch (error) {
    const failure: ParseResult = { ok: false, error: describe(error) };
    try {
      const partial = engine(LENIENT, clones).parseCode(code, file) as unknown as Node;
      if (Array.isArray(partial.children) && partial.children.length > 0) failure.partial = partial;
    } catch {
      // Nothing to recover.
    }
    return failure;
  }
}

function engine(options: typeof OPTIONS, clones: boolean): Engine {
  const made = new Engine(options);
  if (clones) readClone(made.parser as unknown as Parameters<typeof readClone>[0]);
  return made;
}

function describe(error: unknown): ParseFailure {
  const e = error as { message?: unknown; lineNumber?: unknown };
  const message = typeof e.message === 'string' ? e.message : String(error);
  const line = typeof e.lineNumber === 'number' ? e.lineNumber : 0;
  return { line, message: message.replace(/\s+on line \d+$/, '') };
}
