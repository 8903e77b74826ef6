import { request as httpRequest, Agent } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../src/core/types.js';
import { createMockServer, type MockServer } from '../../src/mock/server.js';

/** A document with one `POST /api/<name>` that takes `{ title }` and answers 201 `{ name }`. */
function documentWith(name: string): OpenApiDocument {
  return {
    openapi: '3.0.3',
    info: { title: `${name} API`, version: '1.0.0' },
    paths: {
      [`/api/${name}`]: {
        post: {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['title'],
                  properties: { title: { type: 'string' } },
                },
              },
            },
          },
          responses: {
            '201': {
              description: 'Created',
              content: { 'application/json': { example: { name } } },
            },
          },
        },
      },
    },
  };
}

interface Answer {
  status: number;
  body: unknown;
  reusedSocket: boolean;
}

/** A POST on a kept-alive agent; `hold` delays the end of the body until it resolves. */
function post(
  url: string,
  path: string,
  agent: Agent,
  hold: Promise<void> = Promise.resolve(),
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${url}${path}`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text === '' ? undefined : JSON.parse(text),
            reusedSocket: req.reusedSocket,
          }),
        );
      },
    );
    req.on('error', reject);
    req.write('{"title":');
    void hold.then(() => req.end('"Dune"}'));
  });
}

describe('MockServer.replaceDocument', () => {
  let mock: MockServer | undefined;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  afterEach(async () => {
    agent.destroy();
    await mock?.close();
  });

  it('serves the new document from the next request, on the same connection', async () => {
    mock = createMockServer(documentWith('books'));
    const { url } = await mock.listen(0, '127.0.0.1');
    let connections = 0;
    mock.server.on('connection', () => (connections += 1));

    expect(await post(url, '/api/books', agent)).toMatchObject({
      status: 201,
      body: { name: 'books' },
    });
    mock.replaceDocument(documentWith('authors'));

    const after = await post(url, '/api/authors', agent);
    expect(after).toEqual({ status: 201, body: { name: 'authors' }, reusedSocket: true });
    expect((await post(url, '/api/books', agent)).status).toBe(404);
    expect(connections).toBe(1);
    expect(mock.operations.map((op) => `${op.method} ${op.path}`)).toEqual(['post /api/authors']);
  });

  it('lets a request in flight finish on the document it started with', async () => {
    mock = createMockServer(documentWith('books'));
    const { url } = await mock.listen(0, '127.0.0.1');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const inFlight = post(url, '/api/books', new Agent(), held);
    // The request is routed once its headers arrive; its body is still being sent.
    await new Promise((resolve) => setTimeout(resolve, 50));
    mock.replaceDocument(documentWith('authors'));
    release();
    expect(await inFlight).toMatchObject({ status: 201, body: { name: 'books' } });
    expect((await post(url, '/api/authors', agent)).status).toBe(201);
  });

  it('reports the warnings of the new document', async () => {
    mock = createMockServer(documentWith('books'));
    expect(mock.warnings).toEqual([]);
    const clash = documentWith('users');
    clash.paths!['/api/users/{id}'] = { get: { responses: { '200': { description: 'OK' } } } };
    clash.paths!['/api/users/{user}'] = { put: { responses: { '200': { description: 'OK' } } } };
    mock.replaceDocument(clash);
    expect(mock.warnings).toEqual([
      expect.objectContaining({ message: expect.stringContaining('same route as') }),
    ]);
  });
});
