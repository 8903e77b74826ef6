import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Tinypool } from 'tinypool';
import type { HeadVerdict } from '../../core/contract/check.js';
import type { Violation } from '../../core/contract/types.js';
import { toJsonSchema } from '../../core/schema.js';
import type { OpenApiDocument, SchemaObject } from '../../core/types.js';
import type { CheckTask } from './check-worker.js';

/**
 * Bodies larger than this are checked in a worker thread: parsing and validating 15 MB takes
 * a thread hundreds of milliseconds, in which the server's thread would answer no one.
 */
export const LARGE_BODY = 1024 * 1024;

/** The compiled worker module, beside this one (`dist/mock/proxy/`, or `dist/cli/` bundled). */
const WORKER_URL = new URL('./check-worker.js', import.meta.url);

/** The checks' threads, started on the first large body; idle ones end and hold no process up. */
let pool: Tinypool | null | undefined;

function threads(): Tinypool | null {
  if (pool !== undefined) return pool;
  // Run from the TypeScript sources (the tests' own process), there is no compiled worker.
  if (!existsSync(fileURLToPath(WORKER_URL))) return (pool = null);
  return (pool = new Tinypool({
    filename: WORKER_URL.href,
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(4, availableParallelism() - 1)),
    idleTimeout: 30_000,
  }));
}

const schemaTexts = new WeakMap<SchemaObject, { key: number; schema: string }>();
let keys = 0;

/**
 * What the head's `body` check finds in `payload`: at once for a small body, in a worker thread
 * for a large JSON one (the payload is handed over, not copied: the caller sends its chunks).
 * `note` says why a body could not be checked.
 */
export async function checkBody(
  doc: OpenApiDocument,
  head: HeadVerdict,
  payload: Buffer,
): Promise<{ violations: Violation[]; note?: string }> {
  if (!head.body) return { violations: [] };
  const pool = payload.length > LARGE_BODY && head.schema ? threads() : null;
  if (!pool || !head.schema) return { violations: head.body(payload) };
  let text = schemaTexts.get(head.schema);
  if (!text) {
    const schema = JSON.stringify(toJsonSchema(doc, head.schema, 'response'));
    schemaTexts.set(head.schema, (text = { key: ++keys, schema }));
  }
  const { buffer } = payload;
  const own =
    buffer instanceof ArrayBuffer &&
    payload.byteOffset === 0 &&
    payload.byteLength === buffer.byteLength;
  const task: CheckTask = { ...text, payload };
  try {
    const violations = (await pool.run(task, {
      transferList: own ? [buffer] : undefined,
    })) as Violation[];
    return { violations };
  } catch (error) {
    return { violations: [], note: `response body not checked: ${(error as Error).message}` };
  }
}
