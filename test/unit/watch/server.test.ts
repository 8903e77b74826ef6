import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { OpenApiDocument } from '../../../src/core/types.js';
import { createDocsServer, type DocsServer } from '../../../src/watch/server.js';
import {
  decodeMessage,
  DOCUMENT_PATH,
  LIVE_PATH,
  VERSION_HEADER,
  type LiveMessage,
} from '../../../src/watch/protocol.js';

const doc = (title: string): OpenApiDocument => ({
  openapi: '3.0.3',
  info: { title, version: '1' },
  paths: {},
});

/** A WebSocket client that queues what it receives. */
async function connect(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url.replace('http:', 'ws:') + LIVE_PATH, { headers });
  const queue: LiveMessage[] = [];
  const waiting: ((m: LiveMessage) => void)[] = [];
  socket.on('message', (data) => {
    const message = decodeMessage(String(data))!;
    const next = waiting.shift();
    if (next) next(message);
    else queue.push(message);
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return {
    socket,
    closed,
    next: () =>
      new Promise<LiveMessage>((resolve) => {
        const queued = queue.shift();
        if (queued) resolve(queued);
        else waiting.push(resolve);
      }),
  };
}

describe('the docs server', () => {
  let docs: DocsServer;
  let url: string;
  const start = async (document = doc('Tasks <API>')) => {
    docs = createDocsServer(document);
    url = (await docs.listen(0, '127.0.0.1')).url;
  };
  afterEach(() => docs.close());

  it.each([
    ['/', 200, 'text/html; charset=utf-8', '<title>Tasks &lt;API&gt; · apidoc watch</title>'],
    ['/swagger-ui/swagger-ui-bundle.js', 200, 'text/javascript; charset=utf-8', 'SwaggerUIBundle'],
    ['/swagger-ui/swagger-ui.css', 200, 'text/css; charset=utf-8', '.swagger-ui'],
    ['/__apidoc/live-reload.js', 200, 'text/javascript; charset=utf-8', 'liveReloadClient'],
    [DOCUMENT_PATH, 200, 'application/json', '"title":"Tasks <API>"'],
    ['/swagger-ui/package.json', 404, 'text/plain; charset=utf-8', 'Not found'],
    ['/swagger-ui/../../package.json', 404, 'text/plain; charset=utf-8', 'Not found'],
    ['/swagger-ui/%2e%2e%2fpackage.json', 404, 'text/plain; charset=utf-8', 'Not found'],
  ])('GET %s: %i %s', async (path, status, type, text) => {
    await start();
    const response = await fetch(url + path);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe(type);
    expect(await response.text()).toContain(text);
  });

  it('refuses other methods', async () => {
    await start();
    const response = await fetch(url + DOCUMENT_PATH, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('says hello, then reload when a new document is published, with a new version', async () => {
    await start();
    const page = await connect(url);
    const hello = await page.next();
    expect(hello).toEqual({ type: 'hello', version: docs.version, error: null });
    const before = docs.version;

    expect(docs.publish(doc('Tasks v2'))).toBe(true);
    expect(await page.next()).toEqual({ type: 'reload', version: docs.version });
    expect(docs.version).not.toBe(before);
    const response = await fetch(url + DOCUMENT_PATH);
    expect(response.headers.get(VERSION_HEADER)).toBe(docs.version);
    expect(((await response.json()) as OpenApiDocument).info.title).toBe('Tasks v2');
    expect(await (await fetch(url)).text()).toContain('<title>Tasks v2');
  });

  it('publishing the same document keeps the version (the page fetches nothing)', async () => {
    await start(doc('Same'));
    const page = await connect(url);
    const { version } = (await page.next()) as { version: string };
    expect(docs.publish(doc('Same'))).toBe(false);
    expect(await page.next()).toEqual({ type: 'reload', version });
  });

  it('sends a problem to every page, and to pages that connect while it stands', async () => {
    await start();
    const [a, b] = await Promise.all([connect(url), connect(url)]);
    await Promise.all([a.next(), b.next()]);
    expect(docs.clients).toBe(2);
    const problem = {
      message: 'x.php does not parse',
      findings: [{ file: 'x.php', line: 2, message: 'm' }],
    };
    docs.showProblem(problem);
    expect(await a.next()).toEqual({ type: 'error', error: problem });
    expect(await b.next()).toEqual({ type: 'error', error: problem });
    const late = await connect(url);
    expect(await late.next()).toEqual({ type: 'hello', version: docs.version, error: problem });
    docs.publish(doc('fixed'));
    expect((await a.next()).type).toBe('reload');
    const after = await connect(url);
    expect(await after.next()).toMatchObject({ type: 'hello', error: null });
  });

  it('refuses a WebSocket from a page of another origin, and on another path', async () => {
    await start();
    await expect(connect(url, { origin: 'http://evil.example' })).rejects.toThrow(/403/);
    const sameOrigin = await connect(url, { origin: url });
    expect((await sameOrigin.next()).type).toBe('hello');
    const other = new WebSocket(url.replace('http:', 'ws:') + '/elsewhere');
    await expect(
      new Promise((resolve, reject) => other.once('open', resolve).once('error', reject)),
    ).rejects.toThrow(/404/);
  });

  it('close says goodbye to the pages (1001) and releases the port', async () => {
    await start();
    const page = await connect(url);
    await page.next();
    await docs.close();
    expect(await page.closed).toBe(1001);
    await expect(fetch(url)).rejects.toThrow();
  });
});
