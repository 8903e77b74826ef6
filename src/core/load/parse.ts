import { createRequire } from 'node:module';
import { extname } from 'node:path';
import type * as Yaml from 'yaml';
import { UserError } from '../errors.js';
import { jsonErrorOffset } from './json-error.js';

/**
 * Aliases are legitimate in hand-written specs (shared responses, `<<` merges), but an
 * unbounded expansion is a denial of service ("billion laughs"), so the limit is high, not off.
 */
const MAX_ALIAS_COUNT = 10_000;

/** Parses a spec file's text: JSON when it looks like JSON (fast path), YAML otherwise. */
export function parseSpecText(text: string, file: string): unknown {
  return parseSpec(text, file).value;
}

/** `parseSpecText`, telling also whether the text was read as JSON. */
export function parseSpec(text: string, file: string): { value: unknown; json: boolean } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (!looksLikeJson(body)) return { value: parseYaml(body, file), json: false };
  try {
    return { value: JSON.parse(body) as unknown, json: true };
  } catch (error) {
    // `{openapi: 3.0.0}` is valid YAML flow style; trust the extension before blaming JSON.
    if (/^\.ya?ml$/i.test(extname(file))) return { value: parseYaml(body, file), json: false };
    throw jsonSyntaxError(body, file, error);
  }
}

function looksLikeJson(text: string): boolean {
  const first = /\S/.exec(text);
  return first !== null && (first[0] === '{' || first[0] === '[');
}

function jsonSyntaxError(text: string, file: string, error: unknown): UserError {
  const message = error instanceof Error ? error.message : String(error);
  const reported = /at position (\d+)/.exec(message);
  const offset = reported ? Number(reported[1]) : jsonErrorOffset(text);
  const { line, col } = lineAndColumn(text, offset);
  return new UserError(`Invalid JSON in ${file}:${line}:${col}: ${jsonReason(message)}`);
}

/** V8's wording varies by Node version; keep the reason, drop the position and source snippet. */
function jsonReason(message: string): string {
  return message
    .replace(/,\s*(?:"|\.\.\.").*" is not valid JSON$/s, '')
    .replace(/\s*in JSON at position \d+.*$/s, '')
    .trim();
}

function lineAndColumn(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, col: end - lineStart + 1 };
}

// Loaded on the first YAML file: JSON specs (the large ones) start sooner without it.
let yaml: typeof Yaml | undefined;

function parseYaml(text: string, file: string): unknown {
  const { LineCounter, parseDocument } = (yaml ??= createRequire(import.meta.url)(
    'yaml',
  ) as typeof Yaml);
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, {
    version: '1.2',
    schema: 'core',
    merge: true,
    prettyErrors: false,
    lineCounter,
  });
  const error = doc.errors[0];
  if (error) {
    const { line, col } = lineCounter.linePos(error.pos[0]);
    throw new UserError(`Invalid YAML in ${file}:${line}:${col}: ${error.message}`);
  }
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as unknown;
  } catch (e) {
    // Alias expansion over the limit, or an alias to an anchor defined later.
    throw new UserError(`Invalid YAML in ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
}
