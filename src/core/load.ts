import { readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { UserError, type Finding } from './errors.js';
import type { OpenApiDocument } from './types.js';
import type { DisplayPath } from './load/external.js';
import { applyLenientFixes } from './load/lenient.js';
import { parseSpec } from './load/parse.js';
import { detectVersion, type SourceVersion } from './load/version.js';
import { hasExternalRef, mayHaveExternalRefText } from './load/walk.js';

export { parseSpecText } from './load/parse.js';
export type { SourceVersion } from './load/version.js';

export interface LoadedSpec {
  /** Always OpenAPI 3.x, and every `$ref` in it is local (`#/...`). */
  document: OpenApiDocument;
  /** Absolute path of the root file. */
  file: string;
  /** Absolute paths of every file read: the root, then those its `$ref`s reach. */
  files: string[];
  sourceVersion: SourceVersion;
  /** Lenient fixes made while loading, each with file, pointer and message. */
  warnings: Finding[];
}

/**
 * Reads an OpenAPI 3.0/3.1 or Swagger 2.0 spec (JSON or YAML, one file or several) into one
 * OpenAPI 3.x document. Deliberately shallow: no meta-schema validation and no dereferencing,
 * so that a spec of tens of megabytes loads in seconds.
 */
export async function loadSpec(
  file: string,
  /** `confine`: `$ref`s may only read files under the spec's folder (what `mock` serves). */
  options: { cwd?: string; confine?: boolean } = {},
): Promise<LoadedSpec> {
  const absolute = resolve(options.cwd ?? process.cwd(), file);
  const display: DisplayPath = (path) =>
    path === absolute ? file : join(dirname(file), relative(dirname(absolute), path));
  const warnings: Finding[] = [];
  const text = await readSpecFile(absolute, file);
  const parsed = parseSpec(text, file);
  const { root, version } = detectVersion(parsed.value, file, warnings);
  applyLenientFixes(root, version, file, warnings);
  const external = (!parsed.json || mayHaveExternalRefText(text)) && hasExternalRef(root);
  // The bundler and the 2.0 converter are loaded only when needed: together they cost a
  // third of a second at startup, and most documents need neither.
  let files = [absolute];
  let document = external
    ? await (
        await import('./load/bundle.js')
      ).bundleExternalRefs(
        root,
        absolute,
        display,
        (read) => (files = read),
        options.confine ? dirname(absolute) : undefined,
      )
    : root;
  if (version === '2.0') {
    document = await (await import('./load/convert.js')).convertSwagger2(document, file, warnings);
  }
  return {
    document: document as unknown as OpenApiDocument,
    file: absolute,
    files,
    sourceVersion: version,
    warnings,
  };
}

async function readSpecFile(absolute: string, displayPath: string): Promise<string> {
  const info = await stat(absolute).catch(() => undefined);
  if (info?.isDirectory()) {
    throw new UserError(`OpenAPI specification is a directory, not a file: ${displayPath}`);
  }
  if (!info?.isFile()) {
    throw new UserError(
      `OpenAPI specification file not found: ${displayPath}`,
      'Run "apidoc generate" to create it, or pass --spec <file>.',
    );
  }
  try {
    return await readFile(absolute, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new UserError(`Cannot read OpenAPI specification ${displayPath}: ${reason}`);
  }
}
