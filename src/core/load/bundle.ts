import { fileURLToPath } from 'node:url';
import {
  bundle,
  JSONParserErrorGroup,
  MissingPointerError,
  type FileInfo,
  type ParserOptions,
} from '@apidevtools/json-schema-ref-parser';
import { UserError } from '../errors.js';
import { loadExternalFiles, type DisplayPath } from './external.js';
import { parseSpecText } from './parse.js';
import { collectRefs, isExternalRef } from './walk.js';

/**
 * Inlines external refs so that every ref in the result is local (`#/...`). Internal refs stay
 * refs: they are resolved lazily, and circular ones must remain possible.
 */
export async function bundleExternalRefs(
  root: Record<string, unknown>,
  rootFile: string,
  display: DisplayPath,
  /** Told every file the document reads, the root first (what `mock --watch` watches). */
  onFiles?: (files: string[]) => void,
  /** Files may only be read under this folder. */
  confineTo?: string,
): Promise<Record<string, unknown>> {
  const files = await loadExternalFiles(root, rootFile, display, confineTo);
  onFiles?.([...files.keys()]);
  const parse = (file: FileInfo): unknown => {
    const path = file.url.startsWith('file:') ? fileURLToPath(file.url) : file.url;
    // The ref parser percent-encodes some paths and not others: try both spellings.
    for (const candidate of [path, safeDecodeUri(path)]) {
      if (files.has(candidate)) return files.get(candidate);
    }
    return parseSpecText(String(file.data), display(path));
  };
  const options: ParserOptions = {
    // One parser for every file, so that YAML means the same thing in all of them.
    parse: { spec: { order: 1, canParse: true, parse }, json: false, yaml: false, text: false },
    resolve: { external: true, http: false },
    // A dangling internal ref in the root is not the loader's concern, as in single-file specs.
    continueOnError: true,
  };
  let bundled: Record<string, unknown>;
  try {
    bundled = await bundle<Record<string, unknown>>(rootFile, root, options);
  } catch (error) {
    // Every ref outside the root's own internal ones was checked beforehand, so pointer errors
    // left here are those internal ones: leave them dangling, as in a single-file spec.
    if (!(error instanceof JSONParserErrorGroup) || !onlyPointerErrors(error)) {
      throw bundleError(error, rootFile, display);
    }
    bundled = error.files.schema as Record<string, unknown>;
  }
  const [left] = collectRefs(bundled, isExternalRef);
  if (left) {
    const message = `cannot bundle $ref "${left.ref}" (now at ${left.pointer}): left unresolved`;
    throw new UserError(`${display(rootFile)}: ${message}`);
  }
  return bundled;
}

function onlyPointerErrors(group: JSONParserErrorGroup): boolean {
  return group.errors.every((e) => e instanceof MissingPointerError);
}

function bundleError(error: unknown, rootFile: string, display: DisplayPath): UserError {
  if (error instanceof UserError) return error;
  const first = error instanceof JSONParserErrorGroup ? error.errors[0] : error;
  const message = first instanceof Error ? first.message : String(first);
  return new UserError(`${display(rootFile)}: cannot bundle external $refs: ${message}`);
}

function safeDecodeUri(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}
