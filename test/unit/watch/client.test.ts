import { describe, expect, it } from 'vitest';
import {
  clientScript,
  liveReloadClient,
  type ClientElement,
  type ClientSocket,
  type ClientWindow,
} from '../../../src/watch/client.js';
import {
  DOCUMENT_PATH,
  encodeMessage,
  LIVE_PATH,
  type LiveMessage,
} from '../../../src/watch/protocol.js';

function element(hidden = false): ClientElement & { attributes: Record<string, string> } {
  const attributes: Record<string, string> = {};
  return {
    hidden,
    textContent: '',
    attributes,
    setAttribute: (name, value) => void (attributes[name] = value),
  };
}

/** A page in a fake browser: its elements, sockets, fetches and renders, driven by hand. */
function fakePage() {
  const banner = element(true);
  const status = element();
  const body = element();
  const sockets: (ClientSocket & { url: string })[] = [];
  const fetches: { url: string; resolve: (text: string) => void }[] = [];
  const renders: unknown[] = [];
  const updates: string[] = [];
  const timers: { ms: number; run: () => void }[] = [];
  const bundle = Object.assign(
    (config: Record<string, unknown>) => {
      renders.push(config.spec);
      return { specActions: { updateSpec: (text: string) => void updates.push(text) } };
    },
    { presets: { apis: 'apis' } },
  );
  const win: ClientWindow = {
    document: {
      getElementById: (id) =>
        id === 'apidoc-banner' ? banner : id === 'apidoc-status' ? status : null,
      body,
    },
    location: { protocol: 'http:', host: '127.0.0.1:8080' },
    fetch: (url) =>
      new Promise((resolve) =>
        fetches.push({ url, resolve: (text) => resolve({ ok: true, text: async () => text }) }),
      ),
    WebSocket: class {
      onopen: (() => void) | null = null;
      onmessage: ((event: { data: unknown }) => void) | null = null;
      onclose: (() => void) | null = null;
      constructor(readonly url: string) {
        sockets.push(this);
      }
    },
    SwaggerUIBundle: bundle,
    setTimeout: (run, ms) => timers.push({ run, ms }),
  };
  liveReloadClient(win, { document: DOCUMENT_PATH, live: LIVE_PATH });
  const socket = () => sockets[sockets.length - 1]!;
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    banner,
    status,
    body,
    sockets,
    fetches,
    renders,
    updates,
    timers,
    send: async (message: LiveMessage) => {
      socket().onmessage?.({ data: encodeMessage(message) });
      await tick();
    },
    /** Answers the oldest open fetch with a document titled `title`. */
    answer: async (title: string) => {
      fetches.shift()!.resolve(JSON.stringify({ openapi: '3.0.3', info: { title } }));
      await tick();
      await tick();
    },
  };
}

const problem = {
  message: 'app/Http/Requests/StoreUserRequest.php does not parse: showing the last good document.',
  findings: [
    {
      file: 'app/Http/Requests/StoreUserRequest.php',
      line: 12,
      message: 'cannot parse: syntax error',
    },
  ],
};

describe('the live-reload client', () => {
  it('connects to the WebSocket on the page’s own host', () => {
    const page = fakePage();
    expect(page.sockets.map((s) => s.url)).toEqual([`ws://127.0.0.1:8080${LIVE_PATH}`]);
    page.sockets[0]!.onopen?.();
    expect(page.status).toMatchObject({
      textContent: 'Live',
      attributes: { 'data-state': 'live' },
    });
  });

  it('hello: renders the document with Swagger UI, once', async () => {
    const page = fakePage();
    await page.send({ type: 'hello', version: 'r-1', error: null });
    expect(page.fetches.map((f) => f.url)).toEqual([DOCUMENT_PATH]);
    await page.answer('first');
    expect(page.renders).toEqual([{ openapi: '3.0.3', info: { title: 'first' } }]);
    expect(page.body.attributes['data-apidoc-version']).toBe('r-1');
    expect(page.banner.hidden).toBe(true);
  });

  it('reload: fetches the new version and updates the rendered spec in place', async () => {
    const page = fakePage();
    await page.send({ type: 'hello', version: 'r-1', error: null });
    await page.answer('first');
    await page.send({ type: 'reload', version: 'r-2' });
    await page.answer('second');
    expect(page.renders).toHaveLength(1);
    expect(page.updates.map((text) => JSON.parse(text).info.title)).toEqual(['second']);
    expect(page.body.attributes['data-apidoc-version']).toBe('r-2');
  });

  it('reload of the version on screen fetches nothing', async () => {
    const page = fakePage();
    await page.send({ type: 'hello', version: 'r-1', error: null });
    await page.answer('first');
    await page.send({ type: 'reload', version: 'r-1' });
    expect(page.fetches).toEqual([]);
  });

  it('a version announced during a fetch is fetched after it, not alongside', async () => {
    const page = fakePage();
    await page.send({ type: 'hello', version: 'r-1', error: null });
    await page.send({ type: 'reload', version: 'r-2' });
    expect(page.fetches).toHaveLength(1);
    await page.answer('first');
    expect(page.fetches).toHaveLength(1);
    await page.answer('second');
    expect(page.body.attributes['data-apidoc-version']).toBe('r-2');
    expect(page.updates).toHaveLength(1);
  });

  it('error: shows the banner with each finding, keeps the document; reload hides it', async () => {
    const page = fakePage();
    await page.send({ type: 'hello', version: 'r-1', error: null });
    await page.answer('first');
    await page.send({ type: 'error', error: problem });
    expect(page.banner.hidden).toBe(false);
    expect(page.banner.textContent).toBe(
      `${problem.message}\napp/Http/Requests/StoreUserRequest.php:12: cannot parse: syntax error`,
    );
    expect(page.fetches).toEqual([]);
    await page.send({ type: 'reload', version: 'r-2' });
    expect(page.banner.hidden).toBe(true);
    expect(page.banner.textContent).toBe('');
  });

  it('hello with an error shows the banner at once', async () => {
    const page = fakePage();
    await page.send({ type: 'hello', version: 'r-1', error: problem });
    expect(page.banner.hidden).toBe(false);
  });

  it('ignores what is not a message', async () => {
    const page = fakePage();
    page.sockets[0]!.onmessage?.({ data: 'not json' });
    await page.send({ type: 'bogus' } as unknown as LiveMessage);
    expect(page.fetches).toEqual([]);
  });

  it('says when the connection drops and reconnects, ever more slowly', () => {
    const page = fakePage();
    page.sockets[0]!.onclose?.();
    expect(page.status.attributes['data-state']).toBe('offline');
    page.timers.shift()!.run();
    page.sockets[1]!.onclose?.();
    expect(page.timers.map((t) => t.ms)).toEqual([1000]);
    page.timers.shift()!.run();
    page.sockets[2]!.onopen?.();
    page.sockets[2]!.onclose?.();
    expect(page.timers.map((t) => t.ms)).toEqual([500]);
    expect(page.sockets).toHaveLength(3);
  });
});

describe('clientScript', () => {
  it('is the client’s own source, called with window and the paths', () => {
    const script = clientScript();
    expect(script).toMatch(/^\(function liveReloadClient\(win, paths\) \{/);
    expect(script).toContain(`})(window, {"document":"${DOCUMENT_PATH}","live":"${LIVE_PATH}"});`);
    expect(() => new Function(script)).not.toThrow();
  });
});
