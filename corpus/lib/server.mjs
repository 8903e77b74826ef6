// The built server as a child process (`apidoc mock --port 0 --quiet`): started, watched (exit,
// resident memory, internal errors) and stopped by PID.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { clearInterval, clearTimeout, setInterval, setTimeout } from 'node:timers';

const READY = /Mock server running at (http:\/\/\S+)/;
/** The server's request log: `<time> <METHOD> <url> <status> <ms>ms`, timed by the server. */
const LOGGED = /^\S+ [A-Z]+ \S+ \d{3} ([\d.]+)ms$/;
const TAIL = 8 * 1024;
const RSS_EVERY_MS = 200;

export function startServer({ cli, file, delay, cwd }) {
  // Not --quiet: the request log carries the server's own time for each answer.
  const args = [cli, 'mock', '--spec', file, '--port', '0', '--host', '127.0.0.1'];
  if (delay > 0) args.push('--delay', String(delay));
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = {
    pid: child.pid,
    exit: null,
    rssPeak: 0,
    stderrHead: '',
    stderrTail: '',
    internalErrors: 0,
    warnings: 0,
    /** Server-side milliseconds of each answered request, in order. */
    served: [],
  };
  const sampler = setInterval(() => {
    server.rssPeak = Math.max(server.rssPeak, rssMB(child.pid));
  }, RSS_EVERY_MS);
  server.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      clearInterval(sampler);
      server.exit = { code, signal };
      resolve(server.exit);
    });
    child.once('error', (error) => {
      clearInterval(sampler);
      server.exit = { code: null, signal: null, error: error.message };
      resolve(server.exit);
    });
  });
  let stdout = '';
  server.ready = new Promise((resolve) => {
    child.stdout.on('data', (chunk) => {
      // The endpoints table of a 20,000-operation spec is megabytes: keep only the end.
      stdout = (stdout + chunk.toString('utf8')).slice(-TAIL);
      const match = READY.exec(stdout);
      if (match && !server.url) {
        server.url = match[1];
        server.startupMs = performance.now() - started;
        server.rssAtReady = rssMB(child.pid);
        resolve(true);
      }
    });
    server.exited.then(() => resolve(false));
  });
  let partial = '';
  child.stderr.on('data', (chunk) => {
    const text = chunk.toString('utf8');
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    const other = [];
    for (const line of lines) {
      const logged = LOGGED.exec(line);
      if (logged) server.served.push(Number(logged[1]));
      else other.push(line);
    }
    const rest = other.length > 0 ? other.join('\n') + '\n' : '';
    if (server.stderrHead.length < TAIL) server.stderrHead += rest.slice(0, TAIL);
    server.stderrTail = (server.stderrTail + rest).slice(-TAIL);
    server.internalErrors += rest.split('internal error while answering').length - 1;
    server.warnings += rest.split('Warning:').length - 1;
  });
  server.stop = async (graceMs = 10_000) => {
    if (server.exit) return server.exit;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    const exit = await server.exited;
    clearTimeout(timer);
    return exit;
  };
  return server;
}

/** VmRSS of a process, in MB; 0 once it is gone (or off Linux). */
export function rssMB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

/** Why the server would not start: its `Error:` line (and hint), or the start of a stack. */
export function startupFailure(server) {
  const text = server.stderrHead;
  const internal = /Internal error \(a bug in apidoc[^\n]*\n([^\n]*)/.exec(text);
  if (internal) return { kind: 'crashed', reason: internal[1].trim() };
  const error = /Error: ([^\n]*)(?:\n(?!Warning)([^\n]*))?/.exec(text);
  if (error && server.exit?.code === 1) return { kind: 'refused', reason: error[1].trim() };
  const how = server.exit?.signal ?? `exit code ${server.exit?.code}`;
  return { kind: 'crashed', reason: `${how}: ${text.trim().split('\n').slice(-3).join(' | ')}` };
}
