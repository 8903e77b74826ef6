import { DOCUMENT_PATH, LIVE_PATH, type LiveMessage, type WatchProblem } from './protocol.js';

/**
 * The page's live-reload client runs in the browser: `liveReloadClient` is sent as its own
 * source text (see `clientScript`), so it must not use anything from outside its body but its
 * arguments. These types are the narrow view of `window` it uses, which tests can fake.
 */
export interface ClientElement {
  hidden: boolean;
  textContent: string | null;
  setAttribute(name: string, value: string): void;
}

export interface ClientSocket {
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
}

export interface SwaggerUi {
  specActions: { updateSpec(text: string): void };
}

export interface SwaggerUiBundle {
  (config: Record<string, unknown>): SwaggerUi;
  presets: { apis: unknown };
}

export interface ClientWindow {
  document: { getElementById(id: string): ClientElement | null; body: ClientElement };
  location: { protocol: string; host: string };
  fetch(
    url: string,
    init: { cache: 'no-store' },
  ): Promise<{ ok: boolean; text(): Promise<string> }>;
  WebSocket: new (url: string) => ClientSocket;
  SwaggerUIBundle: SwaggerUiBundle;
  setTimeout(callback: () => void, ms: number): unknown;
}

export interface ClientPaths {
  document: string;
  live: string;
}

/**
 * Renders the document with Swagger UI, then keeps it current: on `reload` it fetches the
 * document and hands it to Swagger UI (`updateSpec`: the page is not reloaded, and the operations
 * that were open stay open); on `error` it shows the banner over the document on screen. When
 * the connection drops it says so and retries, ever more slowly (up to every 5 s).
 */
export function liveReloadClient(win: ClientWindow, paths: ClientPaths): void {
  const banner = win.document.getElementById('apidoc-banner');
  const status = win.document.getElementById('apidoc-status');
  let ui: SwaggerUi | undefined;
  let wanted: string | undefined;
  let rendered: string | undefined;
  let loading = false;
  let retries = 0;

  const setStatus = (state: string, text: string) => {
    if (!status) return;
    status.setAttribute('data-state', state);
    status.textContent = text;
  };
  const showProblem = (problem: WatchProblem | null) => {
    if (!banner) return;
    banner.hidden = problem === null;
    banner.textContent =
      problem === null
        ? ''
        : [
            problem.message,
            ...problem.findings.map((f) =>
              [f.file && (f.line ? `${f.file}:${f.line}` : f.file), f.message]
                .filter(Boolean)
                .join(': '),
            ),
          ].join('\n');
  };
  const render = (text: string) => {
    if (ui) ui.specActions.updateSpec(text);
    else
      ui = win.SwaggerUIBundle({
        spec: JSON.parse(text) as unknown,
        dom_id: '#swagger-ui',
        deepLinking: true,
        presets: [win.SwaggerUIBundle.presets.apis],
        layout: 'BaseLayout',
        // Offline: no badge from the online validator.
        validatorUrl: null,
      });
  };
  // Fetches until the version on screen is the last one announced; a version announced while a
  // fetch is out is fetched next, and a failed fetch waits for the next announcement.
  const load = async () => {
    if (loading) return;
    loading = true;
    try {
      while (wanted !== rendered) {
        const target = wanted;
        const response = await win.fetch(paths.document, { cache: 'no-store' });
        if (!response.ok) break;
        render(await response.text());
        rendered = target;
        win.document.body.setAttribute('data-apidoc-version', String(rendered));
      }
    } catch {
      // The server is gone or the document is not JSON: the socket's reconnect tries again.
    } finally {
      loading = false;
    }
  };
  const want = (version: string) => {
    wanted = version;
    void load();
  };
  const onMessage = (message: LiveMessage) => {
    if (message.type === 'hello') {
      showProblem(message.error);
      want(message.version);
    } else if (message.type === 'reload') {
      showProblem(null);
      want(message.version);
    } else if (message.type === 'error') showProblem(message.error);
  };
  const connect = () => {
    const scheme = win.location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new win.WebSocket(`${scheme}://${win.location.host}${paths.live}`);
    socket.onopen = () => {
      retries = 0;
      setStatus('live', 'Live');
    };
    socket.onmessage = (event) => {
      try {
        onMessage(JSON.parse(String(event.data)) as LiveMessage);
      } catch {
        // Not a message of this protocol: ignored.
      }
    };
    socket.onclose = () => {
      setStatus('offline', 'Disconnected from apidoc watch; retrying…');
      retries += 1;
      win.setTimeout(connect, Math.min(5000, 250 * 2 ** retries));
    };
  };
  connect();
}

/** The client as a script for the page: its source, called with `window`. */
export function clientScript(): string {
  const paths: ClientPaths = { document: DOCUMENT_PATH, live: LIVE_PATH };
  return `(${liveReloadClient.toString()})(window, ${JSON.stringify(paths)});\n`;
}
