/**
 * `createMockServer(doc, { proxy })` in-process: each request's log entry carries its
 * violations and who answered, for a caller's own log or journal.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../src/core/load.js';
import type { RequestLogEntry } from '../../src/mock/options.js';
import { createMockServer, type MockServer } from '../../src/mock/server.js';
import { startNodeBackend, type NodeBackend } from '../support/node-backend.js';

const SPEC = path.resolve(import.meta.dirname, '../fixtures/specs/node-backend.yaml');

describe('createMockServer with proxy: the log entries', () => {
  let backend: NodeBackend;
  let mock: MockServer;
  let url: string;
  const entries: RequestLogEntry[] = [];
  beforeAll(async () => {
    backend = await startNodeBackend();
    const { document } = await loadSpec(SPEC);
    mock = createMockServer(document, {
      proxy: { target: backend.url },
      onRequest: (entry) => entries.push(entry),
    });
    url = (await mock.listen(0, '127.0.0.1')).url;
  });
  afterAll(async () => {
    await mock?.close();
    await backend?.stop();
  });

  const logged = async (target: string) => {
    const before = entries.length;
    await (await fetch(url + target)).arrayBuffer();
    // The entry is written once the response is out: wait for its turn.
    while (entries.length === before) await new Promise((resolve) => setImmediate(resolve));
    const { ms, ...rest } = entries.at(-1)!;
    expect(ms).toBeGreaterThanOrEqual(0);
    return rest;
  };

  it.each([
    [
      'agreement',
      '/api/items',
      { status: 200, violations: [], source: 'backend', operation: 'GET /api/items' },
    ],
    [
      'drift',
      '/api/drift/status',
      {
        status: 418,
        violations: [
          { location: '/response/status', message: 'status 418 is not declared (declared: 200)' },
        ],
        source: 'backend',
        operation: 'GET /api/drift/status',
      },
    ],
    [
      'the mock in the backend’s place',
      '/api/unrouted',
      { status: 200, violations: [], source: 'mock', operation: 'GET /api/unrouted' },
    ],
  ])('%s', async (_name, target, want) => {
    expect(await logged(target)).toEqual({ method: 'GET', url: target, ...want });
  });

  it("puts each request, its violations and who answered in the control API's journal", async () => {
    await (await fetch(`${url}/api/drift/status`)).arrayBuffer();
    const { data: journal } = (await (await fetch(`${url}/__apidoc/requests`)).json()) as {
      data: unknown[];
    };
    expect(journal[0]).toMatchObject({
      method: 'GET',
      path: '/api/drift/status',
      operation: 'GET /api/drift/status',
      status: 418,
      source: 'backend',
      violations: [{ location: '/response/status' }],
    });
    expect(mock.requests()[0]).toEqual(journal[0]);
  });

  it('refuses a target that is not an http URL', async () => {
    const { document } = await loadSpec(SPEC);
    expect(() => createMockServer(document, { proxy: { target: 'ftp://x' } })).toThrow(
      'Invalid proxy target: "ftp://x". Use the backend\'s http:// or https:// URL.',
    );
  });
});
