import { Engine } from 'php-parser';
import type { Node } from './ast.js';

/** A file that could not be parsed: where and why, for a warning. */
export interface ParseFailure {
  line: number;
  message: string;
}

export type ParseResult = { ok: true; program: Node } | { ok: false; error: ParseFailure };

const OPTIONS = {
  parser: { php8: true, extractDoc: true, suppressErrors: false },
  ast: { withPositions: true },
};

/**
 * Parses one PHP file. A syntax error is returned, never thrown, so that one broken file costs
 * one warning and the rest of the project is still documented. A fresh engine per file: the
 * parser keeps state between calls, and a failed parse must not leak into the next one.
 */
export function parsePhp(code: string, file: string): ParseResult {
  try {
    const program = new Engine(OPTIONS).parseCode(code, file) as unknown as Node;
    return { ok: true, program };
  } catch (error) {
    return { ok: false, error: describe(error) };
  }
}

function describe(error: unknown): ParseFailure {
  const e = error as { message?: unknown; lineNumber?: unknown };
  const message = typeof e.message === 'string' ? e.message : String(error);
  const line = typeof e.lineNumber === 'number' ? e.lineNumber : 0;
  return { line, message: message.replace(/\s+on line \d+$/, '') };
}
