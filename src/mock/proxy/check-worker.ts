import { Buffer } from 'node:buffer';
import { bodyCheck, checkJsonBody, type BodyCheck } from '../../core/contract/body.js';
import type { Violation } from '../../core/contract/types.js';

/** A JSON response body and the schema it is checked against (see large-body.ts). */
export interface CheckTask {
  /** Names the schema: each thread compiles it once. */
  key: number;
  /** Its `toJsonSchema` document, as JSON text. */
  schema: string;
  payload: Uint8Array;
}

/** Schemas compiled in this thread; a document reloaded many times cannot grow it past this. */
const MAX_COMPILED = 1_000;
const compiled = new Map<number, BodyCheck>();

/** Runs in a worker thread: what `HeadVerdict.body` finds, off the server's thread. */
export default function checkInThread(task: CheckTask): Violation[] {
  let check = compiled.get(task.key);
  if (!check) {
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    compiled.set(task.key, (check = bodyCheck(JSON.parse(task.schema) as Record<string, unknown>)));
  }
  const { buffer, byteOffset, byteLength } = task.payload;
  return checkJsonBody(Buffer.from(buffer, byteOffset, byteLength), check);
}
