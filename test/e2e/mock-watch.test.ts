import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from './helpers.js';

/** A root document and a schema file it `$ref`s. */
function root(extraPath = ''): string {
  return `openapi: 3.0.3
info: { title: Watched, version: '1' }
paths:
  /api/things/{id}:
    get:
      parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
      responses:
        '200':
          description: One
          content:
            application/json:
              schema: { $ref: 'thing.yaml' }
${extraPath}`;
}

const NEW_PATH = `  /api/widgets:
    get:
      responses:
        '200':
          description: Widgets
          content:
            application/json:
              schema: { type: object, properties: { count: { type: integer, example: 3 } } }
`;

async function until<T>(read: () => Promise<T> | T, ok: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out waiting for the mock to reload');
}

describe('apidoc mock --watch', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'apidoc-watch-'));
  const spec = path.join(dir, 'openapi.yaml');
  const thing = path.join(dir, 'thing.yaml');
  let mock: RunningMock;
  const status = (target: string) => fetch(mock.url + target).then((r) => r.status);
  const body = (target: string) =>
    fetch(mock.url + target).then((r) => r.json() as Promise<{ name?: string }>);

  beforeAll(async () => {
    writeFileSync(spec, root());
    writeFileSync(thing, 'type: object\nproperties: { name: { type: string, example: first } }\n');
    mock = await startMock(['--spec', spec, '--quiet', '--watch']);
  });
  afterAll(() => mock.stop());

  it('reloads when the document changes, and prints the operations added and removed', async () => {
    expect(await status('/api/widgets')).toBe(404);
    writeFileSync(spec, root(NEW_PATH));
    await until(
      () => status('/api/widgets'),
      (s) => s === 200,
    );
    await until(
      () => mock.stdout(),
      (out) => out.includes('+ GET /api/widgets'),
    );
    expect(mock.stdout()).toMatch(/openapi\.yaml changed: reloaded, operations: 1 added/);
    writeFileSync(spec, root());
    await until(
      () => status('/api/widgets'),
      (s) => s === 404,
    );
    await until(
      () => mock.stdout(),
      (out) => out.includes('- GET /api/widgets'),
    );
  });

  it('reloads when a file it $refs changes', async () => {
    expect((await body('/api/things/1')).name).toBe('first');
    writeFileSync(thing, 'type: object\nproperties: { name: { type: string, example: second } }\n');
    await until(
      () => body('/api/things/1'),
      (b) => b.name === 'second',
    );
  });

  it('keeps serving the last good document on a broken save, says why, and takes the next good one', async () => {
    writeFileSync(spec, `${root(NEW_PATH)}  broken: [unclosed\n`);
    await until(
      () => mock.stderr(),
      (err) => err.includes('not reloaded'),
    );
    expect(mock.stderr()).toMatch(
      /openapi\.yaml changed: not reloaded, still serving the last good document: .*openapi\.yaml/,
    );
    expect(await status('/api/things/1')).toBe(200);
    expect(await status('/api/widgets')).toBe(404);
    writeFileSync(spec, root(NEW_PATH));
    await until(
      () => status('/api/widgets'),
      (s) => s === 200,
    );
  });
});
