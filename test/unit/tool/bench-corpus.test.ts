import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the benchmark is plain JavaScript (bench/lib).
import { parseFlags } from '../../../bench/lib/args.mjs';
// @ts-expect-error: the benchmark is plain JavaScript (bench/lib).
import { loadCorpusDocument, pickOperations, quantile } from '../../../bench/lib/corpus.mjs';
// @ts-expect-error: the benchmark is plain JavaScript (bench/lib).
import { request } from '../../../bench/lib/load.mjs';
import { loadSpec } from '../../../src/core/load.js';
import { createMockServer, type MockServer } from '../../../src/mock/server.js';

const EXAMPLE = fileURLToPath(new URL('../../../examples/openapi.yaml', import.meta.url));
const DIST = fileURLToPath(new URL('../../../dist', import.meta.url));

describe('bench flags: the corpus case', () => {
  it.each([
    ['the default run', [], ['small', 'github', 'graph'], 5],
    ['--corpus alone, with its shorter rounds', ['--corpus'], ['corpus'], 2],
    ['--corpus with a duration', ['--corpus', '--duration', '4'], ['corpus'], 4],
    ['--corpus beside --only', ['--only', 'small', '--corpus'], ['small', 'corpus'], 5],
    ['--only corpus', ['--only', 'corpus'], ['corpus'], 2],
  ])('%s', (_name, argv, cases, duration) => {
    const flags = parseFlags(argv);
    expect([flags.cases, flags.duration]).toEqual([cases, duration]);
  });
});

describe('quantile', () => {
  it.each([
    [[0.5, 0.9, 0.7], 0.5, 0.7],
    [[0.5, 0.9, 0.7, 0.6], 0.5, 0.65],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 0.1, 2],
    [[0.4, null, 0.6], 0.5, 0.5],
    [[], 0.5, null],
  ])('%j at %s is %s', (values, q, want) => {
    const got = quantile(values, q);
    if (want === null) expect(got).toBeNull();
    else expect(got).toBeCloseTo(want, 10);
  });
});

describe('pickOperations: one item, one list and one write, valid and answered', () => {
  let mock: MockServer;
  let port: number;
  beforeAll(async () => {
    mock = createMockServer((await loadSpec(EXAMPLE)).document);
    port = (await mock.listen(0, '127.0.0.1')).port;
  });
  afterAll(() => mock.close());

  const probe = async (req: { target: string }) => {
    const answer = await request(port, { ...req, path: req.target });
    return { ...answer, body: answer.bytes };
  };

  it('picks each kind from the example spec, the same way each time', async () => {
    const document = await loadCorpusDocument(EXAMPLE, DIST);
    const first = await pickOperations('example', document, probe);
    const again = await pickOperations('example', document, probe);
    expect(first.map((t: { kind: string }) => t.kind)).toEqual(['item', 'list', 'write']);
    expect(again.map((t: { path: string }) => t.path)).toEqual(
      first.map((t: { path: string }) => t.path),
    );
    for (const target of first) {
      expect(target.expect).toBeGreaterThanOrEqual(200);
      expect(target.expect).toBeLessThan(300);
      // The bare server repeats this answer: the mock's own bytes and status.
      const answer = await probe({ ...target, target: target.path });
      expect(answer.status).toBe(target.reply.status);
      expect(answer.body.toString('base64')).toBe(target.reply.body);
    }
    const [item, list, write] = first;
    expect(item.method).toBe('GET');
    expect(item.operation).toMatch(/\{[^}]+\}/);
    expect(list.method).toBe('GET');
    expect(list.path).toContain('?');
    expect(['POST', 'PUT', 'PATCH']).toContain(write.method);
    expect(write.body).toBeTruthy();
  });
});
