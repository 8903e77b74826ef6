import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { convert } from 'insomnia-importers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../src/core/load.js';
import type { OpenApiDocument } from '../../src/core/types.js';
import { documentedStatus, operations, resolveSpec, SPECS, tmp } from './export-support.js';
import { EXAMPLE_SPEC, FIXTURES, runCli, startMock, type RunningMock } from './helpers.js';

/**
 * The exported collection, run by newman against `apidoc mock` on the same spec: every request
 * answers its documented status and every test passes. Runs the built CLI (`npm run build`).
 * One row per spec; a document produced by `apidoc generate` is one more row.
 */
interface NewmanSummary {
  run: {
    stats: Record<'requests' | 'assertions' | 'testScripts', { total: number; failed: number }>;
    failures: { error: { test?: string; message: string }; source?: { name?: string } }[];
    executions: {
      item: { name: string; responses: { members: { code: number; body?: string }[] } };
      request: { url: { toString(): string }; headers: { get(name: string): string | undefined } };
      response: {
        code: number;
        stream?: Buffer;
        headers: { get(name: string): string | undefined };
      };
    }[];
  };
}
type Newman = {
  run(options: object, done: (error: Error | null, summary: NewmanSummary) => void): unknown;
};
const newman = createRequire(import.meta.url)('newman') as Newman;

function runNewman(
  collection: unknown,
  envVar: { key: string; value: string }[],
): Promise<NewmanSummary> {
  return new Promise((resolve, reject) => {
    newman.run({ collection, envVar, reporters: [] }, (error, summary) =>
      error ? reject(error) : resolve(summary),
    );
  });
}

/** `METHOD path` → the status `apidoc mock` answers, by the spec's own rule. */
function documentedStatuses(doc: OpenApiDocument): Map<string, number> {
  return new Map(
    operations(doc).map(({ method, path: p, operation }) => [
      `${method} ${p}`,
      documentedStatus(method, operation),
    ]),
  );
}

describe.each(SPECS)(
  'export:postman --include-tests on %s, run by newman against apidoc mock',
  (_name, source) => {
    let specFile: string;
    let doc: OpenApiDocument;
    let collection: { item: { item: unknown[] }[]; variable: { key: string; value: string }[] };
    let mock: RunningMock;
    let baseUrl: string;
    let stdout: string;

    beforeAll(async () => {
      specFile = await resolveSpec(source);
      doc = (await loadSpec(specFile)).document;
      const out = path.join(tmp(), 'collection.json');
      const run = await runCli([
        'export:postman',
        '--spec',
        specFile,
        '--output',
        out,
        '--include-tests',
      ]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      stdout = run.stdout;
      collection = JSON.parse(readFileSync(out, 'utf8')) as typeof collection;
      mock = await startMock(['--spec', specFile, '--quiet']);
      // The collection keeps the server URL's path (`/v1`); the mock serves under it too.
      const serverPath = new URL(doc.servers?.[0]?.url ?? '/', 'http://x').pathname.replace(
        /\/$/,
        '',
      );
      baseUrl = mock.url + serverPath;
    });
    afterAll(() => mock?.stop());

    it('says where it wrote how many requests', () => {
      const operations = documentedStatuses(doc).size;
      expect(stdout).toMatch(
        new RegExp(
          `Postman collection written to .*collection\\.json \\(${operations} request\\(s\\) in \\d+ folder\\(s\\), with tests\\)`,
        ),
      );
    });

    it('passes every test of every request', async () => {
      const summary = await runNewman(collection, [{ key: 'baseUrl', value: baseUrl }]);
      const failures = summary.run.failures.map(
        (f) => `${f.source?.name}: ${f.error.test ?? ''} ${f.error.message}`,
      );
      expect(failures).toEqual([]);
      const { requests, assertions, testScripts } = summary.run.stats;
      expect(requests).toMatchObject({ total: documentedStatuses(doc).size, failed: 0 });
      expect(testScripts).toMatchObject({ total: requests.total, failed: 0 });
      // Status for every request; content type and schema for every JSON one.
      expect(assertions.total).toBeGreaterThan(requests.total * 2);
      expect(assertions.failed).toBe(0);
    });

    it('answers each request with its documented status, and the saved example is what the mock sent', async () => {
      const summary = await runNewman(collection, [{ key: 'baseUrl', value: baseUrl }]);
      // Links in the mock's bodies name the mock; the saved ones name the spec's server.
      const served = new URL(mock.url).origin;
      const documented = new URL(collection.variable.find((v) => v.key === 'baseUrl')!.value)
        .origin;
      for (const execution of summary.run.executions) {
        const { response, item } = execution;
        const saved = item.responses.members.find((r) => r.code === response.code);
        expect(saved, item.name).toBeDefined();
        const sent = (response.stream?.toString() ?? '').replaceAll(served, documented);
        const json = /json/i.test(response.headers.get('Content-Type') ?? '');
        if (json) expect(JSON.parse(saved?.body ?? 'null'), item.name).toEqual(JSON.parse(sent));
        else expect(saved?.body ?? '', item.name).toBe(sent);
      }
    });

    it('sends the credentials: with wrong ones, only the anonymous requests pass', async () => {
      const summary = await runNewman(collection, [
        { key: 'baseUrl', value: baseUrl },
        { key: 'bearerToken', value: 'stolen' },
        { key: 'apiKey', value: 'stolen' },
      ]);
      // Where the first alternative of the effective security is empty, nothing is sent.
      const anonymous = operations(doc).filter(({ operation }) => {
        const security = operation.security ?? doc.security ?? [];
        return security.length === 0 || Object.keys(security[0]!).length === 0;
      }).length;
      const basic = summary.run.executions.filter((e) =>
        /^Basic /.test(e.request.headers.get('Authorization') ?? ''),
      ).length;
      const answered = summary.run.executions.filter((e) => e.response.code < 400).length;
      expect(answered).toBe(anonymous + basic);
      for (const execution of summary.run.executions.filter((e) => e.response.code >= 400)) {
        expect(execution.response.code).toBe(401);
      }
    });

    it("is read back by an independent reader (insomnia-importers' Postman 2.1 importer)", async () => {
      const result = await convert(JSON.stringify(collection));
      expect(result.type.id).toBe('postman');
      const requests = result.data.resources.filter((r) => r._type === 'request');
      expect(requests).toHaveLength(documentedStatuses(doc).size);
      for (const request of requests) expect(request.url).toMatch(/^\{\{ ?_?\.?baseUrl ?\}\}\//);
    });
  },
);

describe('export:postman on the command line', () => {
  it('writes postman_collection.json in the working directory by default, atomically and byte-identical run after run', async () => {
    const cwd = tmp();
    const spec = path.join(FIXTURES, 'export/shop.yaml');
    const first = await runCli(['export:postman', '--spec', spec], { cwd });
    expect(first.code).toBe(0);
    const bytes = readFileSync(path.join(cwd, 'postman_collection.json'));
    const again = await runCli(['apidoc:export:postman', '--spec', spec], { cwd });
    expect(again.code).toBe(0);
    expect(readFileSync(path.join(cwd, 'postman_collection.json')).equals(bytes)).toBe(true);
    expect(readdirSync(cwd)).toEqual(['postman_collection.json']);
  });

  it('--base-url sets {{baseUrl}}', async () => {
    const out = path.join(tmp(), 'c.json');
    const spec = path.join(FIXTURES, 'export/shop.yaml');
    const run = await runCli([
      'export:postman',
      '--spec',
      spec,
      '--output',
      out,
      '--base-url',
      'https://staging.example.test/',
    ]);
    expect(run.code).toBe(0);
    const json = JSON.parse(readFileSync(out, 'utf8')) as {
      variable: { key: string; value: string }[];
    };
    expect(json.variable.find((v) => v.key === 'baseUrl')?.value).toBe(
      'https://staging.example.test',
    );
  });

  it.each([
    [
      'a missing spec',
      1,
      ['--spec', 'nope/openapi.json'],
      /^Error: OpenAPI specification file not found: nope\/openapi\.json\n/,
    ],
    [
      'a spec that is not OpenAPI',
      1,
      ['--spec', path.join(FIXTURES, 'not-openapi.json')],
      /^Error: .+\n/,
    ],
    [
      'a broken spec',
      1,
      ['--spec', path.join(FIXTURES, 'broken.json')],
      /^Error: .+broken\.json.+\n/,
    ],
    [
      'a bad --base-url',
      2,
      ['--spec', EXAMPLE_SPEC, '--base-url', 'localhost:8081'],
      /^Error: Invalid value for --base-url: "localhost:8081"\. Use an absolute http\(s\) URL/,
    ],
    [
      '--output naming a directory',
      2,
      ['--spec', EXAMPLE_SPEC, '--output', '.'],
      /^Error: Invalid value for --output: "\." is a directory\./,
    ],
  ])('%s: one clear line, exit %i, no file written', async (_name, code, args, stderr) => {
    const cwd = tmp();
    const run = await runCli(['export:postman', ...args], { cwd });
    expect(run.code).toBe(code);
    expect(run.stderr).toMatch(stderr);
    expect(run.stderr.split('\n')[0]).not.toMatch(/at .+:\d+:\d+/);
    expect(run.stdout).toBe('');
    expect(existsSync(path.join(cwd, 'postman_collection.json'))).toBe(false);
  });
});
