import { spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_SPEC, ROOT } from './helpers.js';

/**
 * The package as a user gets it: `npm pack` of the build, the tarball installed from the npm
 * registry's dependencies into an empty project outside this repository (so nothing resolves
 * from this repository's node_modules), then its `apidoc` bin, its library and its type
 * declarations used from there. The project is a copy of a fixture Laravel app with the
 * `package.json` a Laravel app has, as the README's Install section describes.
 */
const PACKAGE = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  devDependencies: Record<string, string>;
};
const LARAVEL_APP = path.join(ROOT, 'test/fixtures/laravel-11');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
const RECIPE = 'examples/ci/mock-in-ci.sh';
/** Only where npm installs from the registry or a process starts: never a bound on speed. */
const INSTALL_TIMEOUT = 300_000;
const START_TIMEOUT = 120_000;

/**
 * What the `npm test` running this tells its scripts about this repository (its prefixes, its
 * package.json) must not reach the npm and node run in the app; the user's npm settings may.
 */
const LEAKS =
  /^(npm_package_|npm_lifecycle_|npm_config_(local_prefix|global_prefix|prefix)$|NODE_PATH$|INIT_CWD$)/i;
const ENV: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !LEAKS.test(name)),
);
ENV.NO_COLOR = '1';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion; past `timeout` it is killed by its PID. */
function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeout?: number },
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? ENV });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeout ?? START_TIMEOUT);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

function expectSuccess(result: Run): Run {
  expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
  return result;
}

interface Started {
  child: ChildProcess;
  url: string;
  stop: () => Promise<number | null>;
}

/** Starts a long-running command and resolves with the URL of the line `ready` matches. */
function start(
  command: string,
  args: string[],
  cwd: string,
  ready: RegExp,
  env: NodeJS.ProcessEnv = ENV,
): Promise<Started> {
  const child = spawn(command, args, { cwd, env });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = () => {
    if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
    return exited;
  };
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${command} did not start:\n${output}`));
    }, START_TIMEOUT);
    const read = (d: Buffer) => {
      output += d.toString();
      const url = ready.exec(output)?.[1];
      if (url === undefined) return;
      clearTimeout(timer);
      resolve({ child, url, stop });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('error', reject);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code} before it was ready:\n${output}`));
    });
  });
}

let tmp: string;
let app: string;
let bin: string;
let tarball: string;
let packedFiles: string[];

beforeAll(async () => {
  tmp = mkdtempSync(path.join(realpathSync(tmpdir()), 'laravel-apidoc-packed-'));
  const packed = expectSuccess(
    await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', tmp], {
      cwd: ROOT,
      timeout: INSTALL_TIMEOUT,
    }),
  );
  const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
  tarball = path.join(tmp, info!.filename);
  packedFiles = info!.files.map((file) => file.path);

  app = path.join(tmp, 'app');
  // Not the analysis cache or document another test may be writing in the fixture.
  const spectrum = path.join(LARAVEL_APP, 'storage/app/spectrum');
  cpSync(LARAVEL_APP, app, { recursive: true, filter: (source) => !source.startsWith(spectrum) });
  writeFileSync(
    path.join(app, 'package.json'),
    JSON.stringify({ name: 'laravel-app', private: true, type: 'module' }, null, 2),
  );
  cpSync(EXAMPLE_SPEC, path.join(app, 'openapi.yaml'));
  // @types/node as a TypeScript user has it, for the type check of the consumer below.
  const typesNode = `@types/node@${PACKAGE.devDependencies['@types/node']}`;
  expectSuccess(
    await run(
      'npm',
      ['install', '--save-dev', '--no-audit', '--no-fund', '--ignore-scripts', tarball, typesNode],
      { cwd: app, timeout: INSTALL_TIMEOUT },
    ),
  );
  bin = path.join(app, 'node_modules/.bin/apidoc');
}, INSTALL_TIMEOUT);

// Removing the installed tree takes more than the default 30 s on a busy disk.
afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}, 120_000);

describe(
  'the packed package, installed in a Laravel app outside this repository',
  { timeout: START_TIMEOUT },
  () => {
    it('ships the build, package.json and README only', () => {
      expect(packedFiles.filter((file) => !file.startsWith('dist/')).sort()).toEqual([
        'README.md',
        'package.json',
      ]);
      expect(packedFiles).toEqual(
        expect.arrayContaining(['dist/cli/main.js', 'dist/index.js', 'dist/index.d.ts']),
      );
    });

    it('cannot see this repository: no node_modules above the app, none of its paths inside', () => {
      for (let dir = tmp; dir !== path.dirname(dir); dir = path.dirname(dir))
        expect(existsSync(path.join(dir, 'node_modules')), dir).toBe(false);
      expect(path.relative(ROOT, app).startsWith('..')).toBe(true);
      const installed = readFileSync(
        path.join(app, 'node_modules/laravel-apidoc/dist/cli/main.js'),
        'utf8',
      );
      expect(installed.startsWith('#!/usr/bin/env node\n')).toBe(true);
      expect(installed).not.toContain(ROOT);
    });

    it('runs its bin as a program (shebang, run bit) and through npx', async () => {
      const direct = expectSuccess(await run(bin, ['--version'], { cwd: app }));
      expect(direct.stdout).toBe(`laravel-apidoc ${PACKAGE.version}\n`);
      const npx = expectSuccess(await run('npx', ['apidoc', '--version'], { cwd: app }));
      expect(npx.stdout).toBe(`laravel-apidoc ${PACKAGE.version}\n`);
    });

    it('npx apidoc generate writes the document where apidoc mock looks', async () => {
      const generated = expectSuccess(await run('npx', ['apidoc', 'generate'], { cwd: app }));
      expect(generated.stdout).toMatch(
        /^Wrote storage\/app\/spectrum\/openapi\.json: \d+ operations, \d+ schemas/,
      );
      const document = JSON.parse(
        readFileSync(path.join(app, 'storage/app/spectrum/openapi.json'), 'utf8'),
      ) as { openapi: string; paths: object };
      expect(document.openapi).toBe('3.0.3');
      expect(Object.keys(document.paths).length).toBeGreaterThan(0);
    });

    it('npx apidoc export:postman writes a collection of that document', async () => {
      const exported = expectSuccess(await run('npx', ['apidoc', 'export:postman'], { cwd: app }));
      expect(exported.stdout).toContain('postman_collection.json');
      const collection = JSON.parse(
        readFileSync(path.join(app, 'postman_collection.json'), 'utf8'),
      ) as { info: { schema: string }; item: unknown[] };
      expect(collection.info.schema).toContain('v2.1.0');
      expect(collection.item.length).toBeGreaterThan(0);
    });

    it('apidoc mock serves a copied example on a free port and stops on SIGTERM', async () => {
      const mock = await start(
        bin,
        ['mock', '--spec', 'openapi.yaml', '--port', '0', '--quiet'],
        app,
        /running at (http:\/\/127\.0\.0\.1:\d+)/,
      );
      try {
        const response = await fetch(`${mock.url}/api/books/7`, {
          headers: { authorization: 'Bearer mock-token-packed' },
        });
        expect(response.status).toBe(200);
        expect(((await response.json()) as { data: { id: number } }).data.id).toBe(7);
      } finally {
        expect(await mock.stop()).toBe(0);
      }
    });

    it('apidoc watch serves its page with Swagger UI from the installed dependency', async () => {
      const watch = await start(
        bin,
        ['watch', '--port', '0'],
        app,
        /API reference at (http:\/\/127\.0\.0\.1:\d+)/,
      );
      try {
        const page = await fetch(`${watch.url}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('/swagger-ui/');
        const bundle = await fetch(`${watch.url}/swagger-ui/swagger-ui-bundle.js`);
        expect(bundle.status).toBe(200);
        await bundle.arrayBuffer();
      } finally {
        expect(await watch.stop()).toBe(0);
      }
    });

    it('imports the library by its package name in an ESM script', async () => {
      writeFileSync(
        path.join(app, 'consumer.mjs'),
        [
          "import { createMockServer, generateOpenApi, loadSpec, toPostmanCollection } from 'laravel-apidoc';",
          "const { document } = await loadSpec('openapi.yaml');",
          'const mock = createMockServer(document, { seed: 0 });',
          'const { url } = await mock.listen(0);',
          'const response = await fetch(`${url}/api/health`);',
          'const body = await response.json();',
          'await mock.close();',
          "const generated = await generateOpenApi('.', { cache: false });",
          'const collection = toPostmanCollection(generated.document, {});',
          'console.log(JSON.stringify({',
          "  resolved: import.meta.resolve('laravel-apidoc'),",
          '  status: response.status,',
          '  body,',
          '  operations: generated.stats.operations,',
          '  folders: collection.item.length,',
          '}));',
        ].join('\n'),
      );
      const result = expectSuccess(await run(process.execPath, ['consumer.mjs'], { cwd: app }));
      const out = JSON.parse(result.stdout) as Record<string, unknown>;
      expect(out.resolved).toBe(
        new URL(`file://${path.join(app, 'node_modules/laravel-apidoc/dist/index.js')}`).href,
      );
      expect(out).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(out.operations).toBeGreaterThan(0);
      expect(out.folders).toBeGreaterThan(0);
    });

    it('type-checks a TypeScript consumer against the shipped declarations', async () => {
      const dir = path.join(app, 'ts-consumer');
      mkdirSync(dir);
      writeFileSync(
        path.join(dir, 'consumer.ts'),
        [
          'import {',
          '  createMockServer,',
          '  generateOpenApi,',
          '  loadSpec,',
          '  toPostmanCollection,',
          '  type GenerateResult,',
          '  type MockServer,',
          '  type OpenApiDocument,',
          "} from 'laravel-apidoc';",
          '',
          "const { document }: { document: OpenApiDocument } = await loadSpec('openapi.yaml');",
          "const mock: MockServer = createMockServer(document, { scenario: 'empty', delay: 0, seed: 1 });",
          'const { url } = await mock.listen(0);',
          'const status: number = (await fetch(`${url}/api/health`)).status;',
          'await mock.close();',
          "const result: GenerateResult = await generateOpenApi('.', { cache: false });",
          'const operations: number = result.stats.operations;',
          'const name: string = toPostmanCollection(result.document, {}).info.name;',
          '// @ts-expect-error an unknown scenario is a type error',
          "createMockServer(document, { scenario: 'bogus' });",
          'console.log(status, operations, name);',
        ].join('\n'),
      );
      writeFileSync(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            lib: ['ES2023'],
            types: ['node'],
            strict: true,
            noEmit: true,
            // The shipped declarations are checked too, with the types they import.
            skipLibCheck: false,
          },
          files: ['consumer.ts'],
        }),
      );
      const checked = await run(process.execPath, [TSC, '-p', dir], { cwd: dir });
      expect(checked.stdout + checked.stderr).toBe('');
      expect(checked.code).toBe(0);
    });

    it("runs the CI guide's recipe as written (examples/ci/mock-in-ci.sh)", async () => {
      const recipe = readFileSync(path.join(ROOT, RECIPE), 'utf8');
      expect(readFileSync(path.join(ROOT, 'docs/guides/ci.md'), 'utf8')).toContain(
        `\`\`\`sh\n${recipe}\`\`\``,
      );
      // The app's own tests: one request to the mock, at the URL the recipe hands them.
      writeFileSync(
        path.join(app, 'api-test.mjs'),
        [
          'const response = await fetch(`${process.env.API_URL}/api/v2/products`, {',
          "  headers: { authorization: 'Bearer mock-token-ci' },",
          '});',
          // Read to the end: a body left unread holds the connection, and the process, open.
          'const body = await response.json();',
          'console.log(`GET /api/v2/products: ${response.status}, ${body.data.length} products`);',
          'process.exitCode = response.status === 200 ? 0 : 1;',
        ].join('\n'),
      );
      const manifest = path.join(app, 'package.json');
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, unknown>;
      writeFileSync(manifest, JSON.stringify({ ...pkg, scripts: { test: 'node api-test.mjs' } }));
      const result = expectSuccess(
        await run('bash', [path.join(ROOT, RECIPE)], { cwd: app, timeout: START_TIMEOUT }),
      );
      expect(result.stdout).toContain('Wrote storage/app/spectrum/openapi.json');
      expect(result.stdout).toMatch(/GET \/api\/v2\/products: 200, \d+ products/);
      expect(existsSync(path.join(app, '.apidoc-mock-url'))).toBe(false);
    });

    it(
      "runs the Dockerfile's commands outside Docker: the mock on a mounted spec directory",
      async () => {
        const lines = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8')
          .split('\n')
          .filter((line) => line !== '' && !line.startsWith('#'));
        const instructions = (name: string) =>
          lines
            .filter((line) => line.startsWith(`${name} `))
            .map((line) => line.slice(name.length + 1));
        expect(instructions('FROM')).toEqual(['node:20-slim']);
        const image = Object.fromEntries(
          instructions('ENV')
            .flatMap((line) => line.split(' '))
            .map((pair) => pair.split('=') as [string, string]),
        );
        expect(image).toMatchObject({ HOST: '0.0.0.0', PORT: '8081', SPEC: '/spec/openapi.json' });
        // WORKDIR, then COPY: a fresh directory holding the tarball under the name COPY gives it.
        const workdir = mkdtempSync(path.join(tmp, 'image-'));
        const [source, target] = instructions('COPY')[0]!.split(' ') as [string, string];
        expect(source).toBe('laravel-apidoc-*.tgz');
        cpSync(tarball, path.join(workdir, target));
        // The image's global prefix (/usr/local) is a temporary one here.
        const prefix = path.join(workdir, 'prefix');
        const env = {
          ...ENV,
          npm_config_prefix: prefix,
          PATH: `${path.join(prefix, 'bin')}${path.delimiter}${ENV.PATH}`,
        };
        for (const command of instructions('RUN'))
          expectSuccess(
            await run('sh', ['-c', command], { cwd: workdir, env, timeout: INSTALL_TIMEOUT }),
          );
        // docker run -v <volume>:/spec -e SPEC=/spec/openapi.yaml, on 127.0.0.1 and a free port here.
        const volume = mkdtempSync(path.join(tmp, 'volume-'));
        cpSync(EXAMPLE_SPEC, path.join(volume, 'openapi.yaml'));
        const [command] = instructions('CMD');
        const mock = await start(
          'sh',
          ['-c', command!],
          workdir,
          /running at (http:\/\/127\.0\.0\.1:\d+)/,
          {
            ...env,
            HOST: '127.0.0.1',
            PORT: '0',
            SPEC: path.join(volume, 'openapi.yaml'),
          },
        );
        try {
          expect((await fetch(`${mock.url}/api/health`)).status).toBe(200);
        } finally {
          expect(await mock.stop()).toBe(0);
        }
      },
      INSTALL_TIMEOUT,
    );

    it.each([
      [
        'npm install --global',
        ['install', '--global', '--no-audit', '--no-fund', '--ignore-scripts'],
      ],
      ['npm link, from the clone', ['link', '--no-audit', '--no-fund', '--ignore-scripts']],
    ])(
      '%s puts apidoc on the PATH',
      async (_name, args) => {
        const prefix = mkdtempSync(path.join(tmp, 'global-'));
        const env = { ...ENV, npm_config_prefix: prefix };
        const global = args[0] === 'install';
        expectSuccess(
          await run('npm', global ? [...args, tarball] : args, {
            cwd: global ? tmp : ROOT,
            env,
            timeout: INSTALL_TIMEOUT,
          }),
        );
        const version = expectSuccess(
          await run('apidoc', ['--version'], {
            cwd: tmp,
            env: { ...env, PATH: `${path.join(prefix, 'bin')}${path.delimiter}${ENV.PATH}` },
          }),
        );
        expect(version.stdout).toBe(`laravel-apidoc ${PACKAGE.version}\n`);
      },
      INSTALL_TIMEOUT,
    );
  },
);
