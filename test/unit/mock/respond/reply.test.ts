import { describe, expect, it } from 'vitest';
import { prepare, readyOnce, type Reply } from '../../../../src/mock/respond/reply.js';

/** What a prepared reply puts on the wire: its headers as pairs, and its body's bytes. */
function wire(reply: ReturnType<typeof prepare>) {
  const headers: Record<string, string> = {};
  for (let i = 0; i + 1 < reply.headers.length; i += 2)
    headers[reply.headers[i]!] = reply.headers[i + 1]!;
  const bytes = reply.payload === undefined ? undefined : Buffer.from(reply.payload);
  return { status: reply.status, headers, body: bytes?.toString('utf8'), bytes: bytes?.length };
}

const cases: [string, Reply][] = [
  ['a JSON body', { status: 201, body: { title: 'Dune', tags: ['a'] } }],
  ['non-ASCII text, counted in bytes', { status: 200, body: { name: 'Zoë — 東京' } }],
  ['own headers, exposed', { status: 200, body: { ok: true }, headers: { 'x-total': 3 } }],
  ['a text type', { status: 200, body: 'plain', contentType: 'text/plain' }],
  ['bytes as they are', { status: 200, body: Buffer.from('raw'), contentType: 'image/png' }],
  ['no body', { status: 204 }],
];

describe('prepare', () => {
  it.each(cases)('%s: sent once as text, or kept as bytes, the same on the wire', (_, reply) => {
    const kept = prepare(reply);
    const once = prepare(reply, true);
    expect(wire(once)).toEqual(wire(kept));
    expect(kept.payload === undefined || Buffer.isBuffer(kept.payload)).toBe(true);
    const { bytes, headers } = wire(once);
    if (bytes !== undefined) expect(headers['content-length']).toBe(String(bytes));
  });

  it('keeps a serialised body as text only for a reply sent once', () => {
    const reply: Reply = { status: 201, body: { id: 51 } };
    expect(readyOnce(reply).payload).toBe('{"id":51}');
    const prepared = prepare(reply);
    expect(readyOnce(prepared)).toBe(prepared);
  });
});
