import type { Finding } from '../core/errors.js';

/** How generation reports a file php-parser rejects (see `parseWarnings` in build-document.ts). */
const PARSE_FAILURE = /^cannot parse\b/;

export function isParseFailure(finding: Finding): boolean {
  return finding.file !== undefined && PARSE_FAILURE.test(finding.message);
}

/**
 * The files that make the watch broken, after a regeneration: a file that changed and does not
 * parse stays broken until a later regeneration parses it. A file that failed before the watch
 * began and has not been touched since is not counted: the document never had it, so nothing
 * newer is being held back.
 */
export function brokenFiles(
  previous: ReadonlyMap<string, Finding>,
  changed: readonly string[],
  warnings: readonly Finding[],
): Map<string, Finding> {
  const failures = new Map<string, Finding>();
  for (const warning of warnings)
    if (isParseFailure(warning) && !failures.has(warning.file!))
      failures.set(warning.file!, warning);
  const next = new Map<string, Finding>();
  for (const file of new Set([...previous.keys(), ...changed])) {
    const failure = failures.get(file);
    if (failure) next.set(file, failure);
  }
  return next;
}
