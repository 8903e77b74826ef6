import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../src/core/load.js';
import { checkExamples } from '../../src/mock/startup/examples.js';
import { createMockServer } from '../../src/mock/server.js';
import { FIXTURES } from '../e2e/helpers.js';

const POINTER = '#/paths/~1users~1{id}/get/responses/200/content/application~1json/example';

describe('stale examples', () => {
  it('are found before serving', async () => {
    const { document } = await loadSpec(path.join(FIXTURES, 'stale-example.yaml'));
    expect(checkExamples(document)).toEqual([
      {
        pointer: POINTER,
        message: 'example does not match its schema; generated data is served instead',
      },
    ]);
  });

  it('are skipped for generated data and reported when first met', async () => {
    const { document } = await loadSpec(path.join(FIXTURES, 'stale-example.yaml'));
    const reported: string[] = [];
    const mock = createMockServer(document, {
      onStaleExample: (pointer) => reported.push(pointer),
    });
    const { url } = await mock.listen(0);
    const body = (await (await fetch(`${url}/users/5`)).json()) as Record<string, unknown>;
    await mock.close();
    expect(body.id).toBe(5);
    expect(body.email).toMatch(/@/);
    expect(body).not.toHaveProperty('name');
    expect(reported).toEqual([POINTER]);
  });
});

describe('mounting', () => {
  it('serves from another node:http server through mock.handle', async () => {
    const { createServer } = await import('node:http');
    const { document } = await loadSpec(path.join(FIXTURES, 'stale-example.yaml'));
    const mock = createMockServer(document);
    const host = createServer((req, res) => mock.handle(req, res));
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const { port } = host.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${port}/users/7`);
    await new Promise((resolve) => host.close(resolve));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { id: number }).id).toBe(7);
  });
});
