import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { convert, type ImportRequest } from 'insomnia-importers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../src/core/load.js';
import type { OpenApiDocument, OperationObject } from '../../src/core/types.js';
import { documentedStatus, operations, resolveSpec, SPECS, tmp } from './export-support.js';
import { EXAMPLE_SPEC, FIXTURES, runCli, startMock, type RunningMock } from './helpers.js';

/**
 * The Insomnia export, read back through `insomnia-importers` (the library Insomnia's own import
 * uses), and every request it holds sent to `apidoc mock` the way Insomnia would send it.
 */
type Pair = { name: string; value?: string; disabled?: boolean; type?: string };
type Auth = {
  type?: string;
  token?: string;
  prefix?: string;
  username?: string;
  password?: string;
};
type Request = Omit<ImportRequest, 'parameters' | 'headers' | 'authentication' | 'body'> & {
  parameters: Pair[];
  headers: Pair[];
  authentication: Auth;
  body: { mimeType?: string; text?: string; params?: Pair[] };
};

/** `{{ _.base_url }}` and the path, with each parameter replaced by a value. */
function urlPattern(p: string): RegExp {
  const pattern = p
    .split(/\{[^}]+\}/)
    .map((s) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^\\{\\{ _\\.base_url \\}\\}${pattern}$`);
}

/** Insomnia's templating, for the only tag the export uses: `{{ _.name }}`. */
const render = (text: string, env: Record<string, string>) =>
  text.replace(/\{\{\s*_\.(\w+)\s*\}\}/g, (_m, key: string) => env[key] ?? '');

/** What Insomnia sends for a request: enabled parameters and headers, its auth, its body. */
function toFetch(request: Request, env: Record<string, string>): [string, RequestInit] {
  const url = new URL(render(request.url ?? '', env));
  for (const p of request.parameters.filter((p) => !p.disabled))
    url.searchParams.append(p.name, render(p.value ?? '', env));
  const headers = new Headers();
  for (const h of request.headers.filter((h) => !h.disabled))
    headers.append(h.name, render(String(h.value), env));
  const auth = request.authentication;
  if (auth.type === 'bearer')
    headers.set('Authorization', `${auth.prefix || 'Bearer'} ${render(auth.token ?? '', env)}`);
  if (auth.type === 'basic') {
    const credentials = `${render(auth.username ?? '', env)}:${render(auth.password ?? '', env)}`;
    headers.set('Authorization', `Basic ${Buffer.from(credentials).toString('base64')}`);
  }
  let body: RequestInit['body'];
  const { mimeType, text, params } = request.body;
  if (mimeType === 'multipart/form-data') {
    const form = new FormData();
    for (const p of params ?? []) {
      if (p.type === 'file') form.append(p.name, new Blob(['x']), 'x.png');
      else form.append(p.name, p.value ?? '');
    }
    body = form;
    headers.delete('Content-Type');
  } else if (mimeType === 'application/x-www-form-urlencoded') {
    body = new URLSearchParams(
      (params ?? []).map((p): [string, string] => [p.name, p.value ?? '']),
    );
  } else if (text !== undefined) body = text;
  return [url.href, { method: request.method, headers, body }];
}

/**
 * Sends with node:http rather than fetch, whose undici adds headers of its own
 * (`accept-language: *`) that a spec may validate and Insomnia never sends.
 */
async function send(url: string, init: RequestInit): Promise<{ status: number; text: string }> {
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  let payload: Buffer | undefined;
  if (init.body !== undefined && init.body !== null) {
    const encoded = new Request(url, { method: 'POST', body: init.body, headers: init.headers });
    payload = Buffer.from(await encoded.arrayBuffer());
    headers['content-type'] = encoded.headers.get('content-type') ?? '';
    // node:http sends a DELETE's body neither chunked nor with a length unless told.
    headers['content-length'] = String(payload.length);
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

describe.each(SPECS)('export:insomnia on %s', (_name, source) => {
  let specFile: string;
  let doc: OpenApiDocument;
  let raw: string;
  let stdout: string;
  let resources: ImportRequest[];
  let importerId: string;

  beforeAll(async () => {
    specFile = await resolveSpec(source);
    doc = (await loadSpec(specFile)).document;
    const out = path.join(tmp(), 'insomnia.json');
    const run = await runCli(['export:insomnia', '--spec', specFile, '--output', out]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    stdout = run.stdout;
    raw = readFileSync(out, 'utf8');
    const converted = await convert(raw);
    importerId = converted.type.id;
    resources = converted.data.resources;
  });

  const requests = () => resources.filter((r) => r._type === 'request') as unknown as Request[];
  /** The request for an operation: its name and method, and a URL that is its path with values. */
  const find = (method: string, p: string, operation: OperationObject) =>
    requests().find(
      (r) =>
        r.name === (operation.summary?.trim() || operation.operationId || `${method} ${p}`) &&
        r.method === method &&
        urlPattern(p).test(r.url ?? ''),
    );
  const environment = () =>
    resources.find((r) => r._type === 'environment')?.data as Record<string, string>;

  it('is recognised as Insomnia export format 4, with a workspace, a base environment and a folder per tag', () => {
    expect(importerId).toBe('insomnia-4');
    expect(JSON.parse(raw)).toMatchObject({ _type: 'export', __export_format: 4 });
    const workspace = resources.filter((r) => r._type === 'workspace');
    expect(workspace).toHaveLength(1);
    expect(workspace[0]).toMatchObject({ name: doc.info.title, parentId: null });
    const env = resources.filter((r) => r._type === 'environment');
    expect(env).toHaveLength(1);
    expect(env[0]).toMatchObject({ name: 'Base Environment', parentId: workspace[0]!._id });
    expect(environment().base_url).toBe(doc.servers?.[0]?.url);
    const tags = new Set(operations(doc).map(({ operation }) => operation.tags?.[0] ?? 'default'));
    const folders = resources.filter((r) => r._type === 'request_group');
    expect(new Set(folders.map((f) => f.name))).toEqual(tags);
    for (const folder of folders) expect(folder.parentId).toBe(workspace[0]!._id);
    expect(stdout).toMatch(
      new RegExp(
        `Insomnia export written to .*insomnia\\.json \\(${operations(doc).length} request\\(s\\) in ${tags.size} folder\\(s\\)\\)`,
      ),
    );
  });

  it('brings every operation with its method, URL, body and auth', () => {
    const folderIds = new Map(
      resources.filter((r) => r._type === 'request_group').map((f) => [f.name, f._id]),
    );
    expect(requests()).toHaveLength(operations(doc).length);
    for (const { method, path: p, operation } of operations(doc)) {
      const request = find(method, p, operation);
      expect(request, `${method} ${p}`).toBeDefined();
      expect(request!.method).toBe(method);
      expect(request!.parentId).toBe(folderIds.get(operation.tags?.[0] ?? 'default'));
      const declaredBody = Object.keys(
        (operation.requestBody as { content?: object } | undefined)?.content ?? {},
      );
      if (declaredBody.length > 0) {
        expect(declaredBody).toContain(request!.body.mimeType);
        expect(request!.body.text ?? request!.body.params).toBeTruthy();
        expect(request!.headers).toContainEqual({
          name: 'Content-Type',
          value: request!.body.mimeType,
        });
      } else expect(request!.body).toEqual({});
      const security = operation.security ?? doc.security ?? [];
      const sends =
        request!.authentication.type ??
        request!.headers.concat(request!.parameters).find((h) => /key|session|cookie/i.test(h.name))
          ?.name;
      if (security.length === 0 || Object.keys(security[0]!).length === 0)
        expect(request!.authentication).toEqual({});
      else expect(sends, `${method} ${p} sends credentials`).toBeTruthy();
    }
  });

  describe('sent to apidoc mock as Insomnia sends it', () => {
    let mock: RunningMock;
    beforeAll(async () => {
      mock = await startMock(['--spec', specFile, '--quiet']);
    });
    afterAll(() => mock?.stop());

    it('every request gets its documented success status', async () => {
      const serverPath = new URL(doc.servers?.[0]?.url ?? '/', 'http://x').pathname.replace(
        /\/$/,
        '',
      );
      const env = { ...environment(), base_url: mock.url + serverPath };
      const results: string[] = [];
      const expected: string[] = [];
      for (const { method, path: p, operation } of operations(doc)) {
        const [url, init] = toFetch(find(method, p, operation)!, env);
        const response = await send(url, init);
        results.push(
          `${method} ${p} ${response.status}${response.status >= 400 ? ' ' + response.text : ''}`,
        );
        expected.push(`${method} ${p} ${documentedStatus(method, operation)}`);
      }
      expect(results).toEqual(expected);
    });
  });
});

describe('export:insomnia on the command line', () => {
  it('writes insomnia.json in the working directory by default, byte-identical run after run', async () => {
    const cwd = tmp();
    const spec = path.join(FIXTURES, 'export/shop.yaml');
    expect((await runCli(['export:insomnia', '--spec', spec], { cwd })).code).toBe(0);
    const bytes = readFileSync(path.join(cwd, 'insomnia.json'));
    expect((await runCli(['apidoc:export:insomnia', '--spec', spec], { cwd })).code).toBe(0);
    expect(readFileSync(path.join(cwd, 'insomnia.json')).equals(bytes)).toBe(true);
    expect(readdirSync(cwd)).toEqual(['insomnia.json']);
  });

  it.each([
    [
      'a missing spec',
      1,
      ['--spec', 'nope.yaml'],
      /^Error: OpenAPI specification file not found: nope\.yaml\n/,
    ],
    [
      'a bad --base-url',
      2,
      ['--spec', EXAMPLE_SPEC, '--base-url', 'ftp://x'],
      /^Error: Invalid value for --base-url: "ftp:\/\/x"\./,
    ],
  ])('%s: one clear line, exit %i, no file written', async (_name, code, args, stderr) => {
    const cwd = tmp();
    const run = await runCli(['export:insomnia', ...args], { cwd });
    expect(run.code).toBe(code);
    expect(run.stderr).toMatch(stderr);
    expect(existsSync(path.join(cwd, 'insomnia.json'))).toBe(false);
  });
});
