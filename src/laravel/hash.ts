import { hash } from 'node:crypto';

/** The one content hash of the generator: files, routes and facts are keyed by it. */
export function contentHash(content: string | Buffer): string {
  // The one-shot form: thousands of small inputs a run, and no Hash object for each.
  return hash('sha256', content, 'hex').slice(0, 40);
}
