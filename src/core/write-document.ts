import { createRequire } from 'node:module';
import type { stringify as Stringify } from 'yaml';
import { writeFileAtomicSync } from './write-atomic.js';
import type { OpenApiDocument } from './types.js';

export type OutputFormat = 'json' | 'yaml';

/** The document as text: pretty JSON, or YAML without anchors; always ending with a newline. */
export function serializeDocument(document: OpenApiDocument, format: OutputFormat): string {
  if (format === 'yaml') {
    // Loaded only when asked for: most runs write JSON.
    const { stringify } = createRequire(import.meta.url)('yaml') as { stringify: typeof Stringify };
    return stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 });
  }
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** `json` unless the file name ends in `.yaml`/`.yml`. */
export function formatFor(file: string): OutputFormat {
  return /\.ya?ml$/i.test(file) ? 'yaml' : 'json';
}

/**
 * Writes the document atomically: to a temporary file beside the target, then renamed over it,
 * so a reader (the mock, a watcher) never sees half a file and a failure leaves none behind.
 */
export function writeDocument(
  document: OpenApiDocument,
  file: string,
  format: OutputFormat = formatFor(file),
): void {
  writeDocumentText(serializeDocument(document, format), file);
}

/** `writeDocument` for a document already serialised; errors are one-line UserErrors. */
export function writeDocumentText(text: string | Buffer, file: string): void {
  // Not flushed to disk: a document is rewritten on the next run, and the flush costs time.
  writeFileAtomicSync(file, text, { sync: false });
}
