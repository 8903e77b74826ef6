/**
 * Runs a Laravel fixture app on a real PHP (Debian's php-cli + php-laravel-framework, see
 * .ci/install-php.sh and test/fixtures/laravel-8/README.md), for tests that compare what
 * `apidoc generate` says with what Laravel really answers.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';

/** Where Debian's php-laravel-framework puts the framework's autoloader. */
export const LARAVEL_AUTOLOAD = '/usr/share/php/Illuminate/autoload.php';

function phpRuns(): boolean {
  try {
    return spawnSync('php', ['-v'], { stdio: 'ignore', timeout: 10_000 }).status === 0;
  } catch {
    return false;
  }
}

/** True when `php` runs and Debian's Laravel framework package is installed. */
export const hasPhp: boolean = phpRuns() && existsSync(LARAVEL_AUTOLOAD);

/** Why the real-Laravel tests are skipped, or null when they can run. */
export const noPhpReason: string | null = hasPhp
  ? null
  : `php and Debian's php-laravel-framework are needed (${LARAVEL_AUTOLOAD}); run .ci/install-php.sh`;

/** `array` keeps nothing between requests; `file` keeps the rate limiters' counts. */
export type CacheDriver = 'array' | 'file';

export interface RunningLaravel {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  /** The temporary copy of the app that is being served. */
  dir: string;
  /** What `php -S` has written to stderr so far (its request log and any PHP errors). */
  log(): string;
  /** Kills the server by PID and removes the temporary copy. Safe to call twice. */
  stop(): Promise<void>;
}

/** One row of `php artisan route:list --json`. */
export interface LaravelRoute {
  domain: string | null;
  /** As Laravel prints it: "GET|HEAD", "PUT|PATCH", ... */
  method: string;
  /** `method` split: ["GET", "HEAD"]. */
  methods: string[];
  /** Without a leading slash, except the root route "/". */
  uri: string;
  name: string | null;
  /** "App\\Http\\Controllers\\UserController@index", or "Closure". */
  action: string;
  middleware: string[];
}

/**
 * Environment variables that would override the app's .env: Laravel's dotenv loader never
 * replaces a variable that is already set, so a CI runner's APP_ENV or DB_* would win.
 */
const APP_ENV_PREFIXES = ['APP_', 'DB_', 'CACHE_', 'SESSION_', 'LOG_', 'QUEUE_', 'MAIL_', 'VIEW_'];

function phpEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!APP_ENV_PREFIXES.some((prefix) => key.startsWith(prefix))) env[key] = value;
  }
  return env;
}

/** Files a previous in-place run may have left in the fixture; never copied. */
function copyFilter(appDir: string): (source: string) => boolean {
  return (source) => {
    const rel = path.relative(appDir, source);
    if (rel === '') return true;
    if (rel === '.env') return false;
    if (/\.sqlite(-journal)?$/.test(rel)) return false;
    if (rel.startsWith(path.join('bootstrap', 'cache') + path.sep) && rel.endsWith('.php'))
      return false;
    if (rel.startsWith(path.join('storage', 'logs') + path.sep) && rel.endsWith('.log'))
      return false;
    return true;
  };
}

async function copyApp(appDir: string): Promise<string> {
  const source = path.resolve(appDir);
  if (!existsSync(path.join(source, 'artisan'))) {
    throw new Error(`${source} is not a Laravel app (no artisan file)`);
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'apidoc-laravel-'));
  await cp(source, dir, { recursive: true, filter: copyFilter(source) });
  return dir;
}

/** Runs a command to completion; rejects with its output when it fails. */
function run(command: string, args: string[], cwd: string, timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: phpEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else {
        const how = signal ? `was killed (${signal})` : `exited with ${code}`;
        reject(new Error(`${command} ${args.join(' ')} ${how} in ${cwd}:\n${stdout}${stderr}`));
      }
    });
  });
}

function artisan(dir: string, ...args: string[]): Promise<string> {
  return run('php', ['artisan', ...args, '--no-interaction'], dir);
}

/** Parses KEY=value lines (as written in .env.example), keeping their order. */
function parseEnv(text: string): Map<string, string> {
  const env = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=(.*)$/.exec(line);
    if (match) env.set(match[1]!, match[2]!.trim());
  }
  return env;
}

function quoteEnv(value: string): string {
  return /^[\w./:@-]*$/.test(value) ? value : JSON.stringify(value);
}

async function writeDotEnv(
  dir: string,
  url: string,
  database: string,
  cache: CacheDriver,
): Promise<void> {
  const example = path.join(dir, '.env.example');
  const env = existsSync(example) ? parseEnv(await readFile(example, 'utf8')) : new Map();
  const overrides: Record<string, string> = {
    APP_ENV: 'local',
    APP_KEY: '',
    APP_DEBUG: 'false',
    APP_URL: url,
    DB_CONNECTION: 'sqlite',
    DB_DATABASE: database,
    // One PHP process per request: array stores keep nothing between requests, so the
    // rate limiters never trip however many requests a test sends (unless it asks for files).
    CACHE_DRIVER: cache,
    SESSION_DRIVER: 'array',
    LOG_CHANNEL: 'single',
  };
  for (const [key, value] of Object.entries(overrides)) env.set(key, quoteEnv(value));
  const text = [...env].map(([key, value]) => `${key}=${value}`).join('\n') + '\n';
  await writeFile(path.join(dir, '.env'), text);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once the server answers any HTTP request, rejects if it exits or times out. */
async function waitUntilAnswering(
  url: string,
  child: ChildProcess,
  log: () => string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `php -S exited (${child.exitCode ?? child.signalCode}) before answering:\n${log()}`,
      );
    }
    try {
      const response = await fetch(`${url}/`, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(2_000),
      });
      await response.arrayBuffer();
      return;
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`php -S did not answer on ${url} within ${timeoutMs} ms:\n${log()}`);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const gone = exited(child);
  process.kill(child.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      process.kill(child.pid, 'SIGKILL');
    }
  }, 3_000);
  await gone;
  clearTimeout(timer);
}

/**
 * Copies the Laravel app in `appDir` to a temporary directory, gives it a .env (SQLite at an
 * absolute path, a fresh APP_KEY, APP_DEBUG=false), migrates and seeds it, and serves it with
 * `php -S 127.0.0.1:<free port> -t public` until `stop()`.
 */
export async function startLaravel(
  appDir: string,
  options: { cache?: CacheDriver } = {},
): Promise<RunningLaravel> {
  const dir = await copyApp(appDir);
  let child: ChildProcess | undefined;
  let stderr = '';
  const log = () => stderr;
  const stop = async () => {
    if (child) await kill(child);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const database = path.join(dir, 'database', 'database.sqlite');
    await writeFile(database, '');
    await writeDotEnv(dir, url, database, options.cache ?? 'array');
    await artisan(dir, 'key:generate', '--force');
    await artisan(dir, 'migrate', '--force');
    await artisan(dir, 'db:seed', '--force');

    child = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', 'public'], {
      cwd: dir,
      env: phpEnv(),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.length > 256_000) stderr = stderr.slice(-128_000);
    });
    const spawned = child;
    await new Promise<void>((resolve, reject) => {
      spawned.once('spawn', () => resolve());
      spawned.once('error', reject);
    });
    await waitUntilAnswering(url, spawned, log);
    return { url, dir, log, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The app's routes as Laravel itself lists them (`php artisan route:list --json`). */
export async function listLaravelRoutes(appDir: string): Promise<LaravelRoute[]> {
  const dir = await copyApp(appDir);
  try {
    const json = await artisan(dir, 'route:list', '--json');
    const rows = JSON.parse(json) as Array<Omit<LaravelRoute, 'methods'>>;
    return rows.map((row) => ({
      ...row,
      methods: row.method.split('|'),
      middleware: Array.isArray(row.middleware) ? row.middleware : [],
    }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
