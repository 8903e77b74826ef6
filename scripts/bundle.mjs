// Bundles the CLI after `tsc`: `dist/cli/main.js` becomes one ES module (plus chunks that its
// commands import lazily) with the libraries it uses inside. Node then starts a command by
// reading a few files instead of resolving and compiling some 330 modules, which is most of a
// short run (`generate --incremental`, the mock's start-up). The library (`dist/index.js`) stays
// as tsc wrote it.
//
// Kept outside the bundle: tinypool, which starts its workers from a file of its own package;
// @redis/client, which `require`s its optional peers (OpenTelemetry) where they are installed,
// and is loaded only by `mock --state redis://`; and what the code loads itself with `createRequire` (yaml, faker, ajv-formats, swagger-ui-dist's
// files, ...), found at run time in node_modules as before.
import { build } from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

// Chunks of an earlier build (their names carry a content hash).
for (const name of readdirSync(`${root}dist/cli`))
  if (/-[A-Z0-9]{8}\.js$/.test(name)) rmSync(`${root}dist/cli/${name}`);

await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'dist/cli/main.js',
    // generate:optimized's worker threads load `./worker.js` beside the module that starts them.
    worker: 'dist/laravel/parallel/worker.js',
    // The proxy checks large bodies in threads that load `./check-worker.js` the same way.
    'check-worker': 'dist/mock/proxy/check-worker.js',
  },
  // Beside the entry, at the depth tsc wrote it: `../../package.json` still names the package's.
  outdir: 'dist/cli',
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  external: ['tinypool', '@redis/client'],
  // The CommonJS libraries inside call `require` for Node's built-in modules.
  banner: {
    js: "import { createRequire as __apidocRequire } from 'node:module'; const require = __apidocRequire(import.meta.url);",
  },
  legalComments: 'none',
  logLevel: 'warning',
});

// tsc's source map of the entry no longer matches it.
rmSync(`${root}dist/cli/main.js.map`, { force: true });
