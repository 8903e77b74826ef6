import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import {
  CLOSED,
  MAIN_THREAD,
  takeChunks,
  type Envelope,
} from '../../../../src/laravel/parallel/protocol.js';

const shared = (length: number) => new Int32Array(new SharedArrayBuffer(4 * length));

describe('a worker taking the chunks of a round', () => {
  it('analyses the chunks nobody claimed, claims them, answers each, and stops once closed', () => {
    const { port1, port2 } = new MessageChannel();
    const envelope: Envelope = {
      slot: shared(1),
      port: port2,
      control: shared(2),
      claims: shared(3),
      crew: 2,
    };
    for (const [index, rel] of ['a', 'b', 'c'].entries())
      port1.postMessage({ index, files: [{ rel, content: '' }] });
    envelope.claims[1] = MAIN_THREAD;
    envelope.control[CLOSED] = 1;
    const seen: string[][] = [];
    const analysed = takeChunks(envelope, (files) => {
      seen.push(files.map((f) => f.rel));
      return files.map((f) => f.rel.toUpperCase());
    });
    expect(analysed).toBe(2);
    expect(seen).toEqual([['a'], ['c']]);
    expect([...envelope.claims]).toEqual([2, MAIN_THREAD, 2]);
    const answers = [receiveMessageOnPort(port1), receiveMessageOnPort(port1)];
    expect(answers.map((m) => m?.message)).toEqual([
      { index: 0, facts: ['A'] },
      { index: 2, facts: ['C'] },
    ]);
    expect(receiveMessageOnPort(port1)).toBeUndefined();
    port1.close();
  });
});
