import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { FIXTURES, startMock, type RunningMock } from './helpers.js';
import { rawRequest, type RawResponse } from './raw-http.js';

const SPEC = path.join(FIXTURES, 'hardening.yaml');
const FORM = 'application/x-www-form-urlencoded';

/**
 * Issue 18: hostile input answered with a JSON error, the server unharmed for later requests.
 * Each block is one defect found by a black-box fuzz, through real HTTP against the built CLI.
 */
describe('apidoc mock under hostile input', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock(['--spec', SPEC, '--quiet']);
  });
  afterAll(() => mock.stop());

  const send = (method: string, url: string, body?: string | Buffer, type?: string) =>
    fetch(mock.url + url, {
      method,
      body,
      headers: type ? { 'content-type': type } : {},
    }).then(async (res) => ({
      status: res.status,
      body: (await res.json()) as Record<string, unknown>,
    }));
  const raw = (text: string) => rawRequest(mock.url, text);
  const stillServes = async () => expect((await send('GET', '/api/users/3')).status).toBe(200);

  it('a sparse index in a form field name is one entry (it exhausted the memory)', async () => {
    expect(
      await send('POST', '/api/users', 'name=Ann&role=admin&tags[10000000]=x', FORM),
    ).toMatchObject({ status: 201 });
    // Forms are read on every operation, a JSON-only one included.
    expect((await send('PUT', '/api/users/1', 'tags[99999999]=x', FORM)).status).toBe(422);
    await stillServes();
  });

  it('__proto__ in a field name is a name: no prototype is polluted', async () => {
    expect((await send('POST', '/api/users', 'name=Ann&__proto__[role]=admin', FORM)).status).toBe(
      422,
    );
    expect(
      (await send('POST', '/api/users', 'name=Ann&constructor[prototype][role]=admin', FORM))
        .status,
    ).toBe(422);
    // A JSON body without the required `role` is still refused, and a new operation still works.
    expect(await send('POST', '/api/users', '{"name":"Ann"}', 'application/json')).toEqual({
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { role: ['The role field is required.'] },
      },
    });
    expect((await send('GET', '/api/categories')).status).toBe(200);
  });

  it('patterns that backtrack catastrophically are checked in linear time', async () => {
    const hostile = `${'a'.repeat(64)}!`;
    const [body, query] = await Promise.all([
      send(
        'POST',
        '/api/users',
        JSON.stringify({ name: hostile, role: 'admin' }),
        'application/json',
      ),
      send('GET', `/api/users?q=${'a'.repeat(64)}b`),
    ]);
    expect(body.body).toEqual({
      message: 'The given data was invalid.',
      errors: { name: ['The name format is invalid.'] },
    });
    expect(query.body).toEqual({
      message: 'The given data was invalid.',
      errors: { q: ['The q format is invalid.'] },
    });
    await stillServes();
  });

  it('names a pattern it cannot run in linear time at startup', () => {
    expect(mock.stderr()).toContain(
      'Warning: #/components/schemas/UserInput/properties/slug: pattern not checked: no linear-time engine runs a lookahead',
    );
  });

  it.each([
    [
      'nested 5,000 deep',
      `x${'[a]'.repeat(5000)}=1`,
      'Input variable nesting level exceeded 64. To increase the limit change max_input_nesting_level in php.ini.',
    ],
    [
      '1,001 fields',
      Array.from({ length: 1001 }, (_, i) => `f${i}=1`).join('&'),
      'Input variables exceeded 1000. To increase the limit change max_input_vars in php.ini.',
    ],
  ])("PHP's input limits, as a 400: a form %s", async (_name, form, message) => {
    expect(await send('POST', '/api/users', form, FORM)).toEqual({
      status: 400,
      body: { message },
    });
    await stillServes();
  });

  it("... and a query's", async () => {
    const query = `x${'[a]'.repeat(65)}=1`;
    expect((await send('GET', `/api/users?${query}`)).status).toBe(400);
  });

  it('routes by the request target, never by the Host header', async () => {
    const steered = await raw(
      'GET /nope HTTP/1.1\r\nHost: 127.0.0.1/api/categories?\r\nConnection: close\r\n\r\n',
    );
    expect(steered.status).toBe(404);
    const odd = await raw(
      'GET /api/categories HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n',
    );
    expect(odd.status).toBe(200);
    // Links are built from a Host that is one, else from the address the client reached.
    const page = await raw(
      'GET /api/users?page=2 HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n',
    );
    const links = (JSON.parse(page.body) as { links: { first: string } }).links;
    expect(links.first).toBe(`${mock.url}/api/users?page=1`);
  });

  it('a deeply nested JSON body is refused before it is parsed', async () => {
    const deep = '['.repeat(5_000_000) + ']'.repeat(5_000_000);
    expect(await send('POST', '/api/users', deep, 'application/json')).toEqual({
      status: 400,
      body: { message: 'Malformed JSON body: Maximum stack depth exceeded' },
    });
    await stillServes();
  });

  it('invalid UTF-8 in a JSON string is malformed JSON, as Laravel has it', async () => {
    const body = Buffer.concat([
      Buffer.from('{"name":"'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('","role":"admin"}'),
    ]);
    expect(await send('POST', '/api/users', body, 'application/json')).toEqual({
      status: 400,
      body: {
        message: 'Malformed JSON body: Malformed UTF-8 characters, possibly incorrectly encoded',
      },
    });
  });

  const json = (response: RawResponse) => JSON.parse(response.body) as unknown;
  it.each([
    ['no Host', 'GET /api/users/1 HTTP/1.1\r\nConnection: close\r\n\r\n', 400],
    [
      'an Expect it does not know',
      'GET /api/users/1 HTTP/1.1\r\nHost: x\r\nExpect: bogus\r\n\r\n',
      417,
    ],
    [
      'headers over 16 KiB',
      `GET /api/users/1 HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
    ['bytes that are no HTTP', 'GARBAGE\r\n\r\n', 400],
    [
      'a target that is no URL',
      'GET http://%zz/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      400,
    ],
  ])('what Node answers bare gets a JSON body: %s', async (_name, request, status) => {
    const response = await raw(request);
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toBe('application/json');
    expect(json(response)).toEqual({ message: expect.any(String) });
  });
});

describe('apidoc mock --request-timeout', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock(['--spec', SPEC, '--quiet', '--request-timeout', '500']);
  });
  afterAll(() => mock.stop());

  it.each([
    [
      'a body that never finishes',
      'POST /api/users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 9000000\r\n\r\n{"name":',
    ],
    ['headers that never finish (slowloris)', 'GET /api/users HTTP/1.1\r\nHost: x\r\nX-a: b\r\n'],
  ])('%s: a 408 in JSON, and the connection is closed', async (_name, request) => {
    const response = await rawRequest(mock.url, request);
    expect(response.status).toBe(408);
    expect(JSON.parse(response.body)).toEqual({ message: 'Request timeout.' });
    expect((await fetch(`${mock.url}/api/users/2`)).status).toBe(200);
  });

  it('refuses a value that is not a positive number of milliseconds', async () => {
    await expect(startMock(['--spec', SPEC, '--request-timeout', '0'])).rejects.toThrow(
      /--request-timeout/,
    );
  });
});
