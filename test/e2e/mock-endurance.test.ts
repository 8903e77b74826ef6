/**
 * The mock's newer features held to the core's standard, through the built CLI over real HTTP:
 * own properties only, bounded memory, a control API no other origin may use, and the rest.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, runCli, startMock, type RunningMock } from './helpers.js';
import { startTinyBackend, type TinyBackend } from '../support/tiny-backend.js';

const OWN = path.join(FIXTURES, 'own-properties.yaml');
const JSON_TYPE = { 'content-type': 'application/json' };

describe('properties named constructor, toString, valueOf', () => {
  let mock: RunningMock;
  let backend: TinyBackend;
  let proxy: RunningMock;
  beforeAll(async () => {
    backend = await startTinyBackend((_req, res) => {
      res.writeHead(200, JSON_TYPE).end('{"name":"Alonso"}');
    });
    [mock, proxy] = await Promise.all([
      startMock(['--spec', OWN, '--quiet']),
      startMock(['--spec', OWN, '--quiet', '--proxy', backend.url, '--proxy-strict']),
    ]);
  });
  afterAll(async () => {
    await Promise.all([mock?.stop(), proxy?.stop()]);
    await backend?.stop();
  });

  it('are optional when the body leaves them out, and checked when it has them', async () => {
    const post = (body: unknown) =>
      fetch(`${mock.url}/api/drivers`, {
        method: 'POST',
        headers: JSON_TYPE,
        body: JSON.stringify(body),
      });
    expect((await post({ name: 'Alonso' })).status).toBe(201);
    const bad = await post({ name: 'Alonso', constructor: 7, valueOf: 'x' });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({
      message: 'The given data was invalid.',
      errors: {
        constructor: ['The constructor must be a string.'],
        valueOf: ['The valueOf must be an integer.'],
      },
    });
  });

  it('a backend answer without them passes the proxy unchanged', async () => {
    const res = await fetch(`${proxy.url}/api/drivers/1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('apidoc-violations')).toBeNull();
    expect(await res.json()).toEqual({ name: 'Alonso' });
  });

  it('verify passes a backend answer without them', async () => {
    const run = await runCli([
      'verify',
      '--url',
      backend.url,
      '--spec',
      OWN,
      '--operation',
      'GET /api/drivers/{id}',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });
});
