// The servers under fuzz, as child processes of the built CLI on 127.0.0.1 free ports: started
// in their own process group, output to a log file (never through this process), resident
// memory read from /proc/<pid>/status, and stopped by PID: SIGTERM, then SIGKILL after a grace
// period. Every process started here is tracked until it exits, so that stopAllSync() can run
// from an 'exit' handler.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import process from 'node:process';
import { clearTimeout, setTimeout } from 'node:timers';

/** pid → handle of every process started here that has not exited yet. */
const live = new Map();

export function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Starts `node <cli> <args>` and resolves once its log shows every `ready` pattern, with the
 * first capture group of each (the URLs it serves). Rejects if it exits first or takes longer
 * than `timeoutMs`.
 */
export async function startServer({ name, cli, args, cwd, logFile, ready, timeoutMs = 60_000 }) {
  mkdirSync(dirname(logFile), { recursive: true });
  const fd = openSync(logFile, 'w');
  let child;
  try {
    child = spawn(process.execPath, [cli, ...args], {
      cwd,
      stdio: ['ignore', fd, fd],
      detached: true,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
  } finally {
    closeSync(fd);
  }
  const handle = { name, pid: child.pid, logFile, exit: null, urls: [] };
  handle.exited = new Promise((resolve) => {
    const done = (exit) => {
      if (handle.exit) return;
      handle.exit = exit;
      live.delete(handle.pid);
      resolve(exit);
    };
    child.once('exit', (code, signal) => done({ code, signal }));
    child.once('error', (error) => done({ error: error.message }));
  });
  if (handle.pid !== undefined) live.set(handle.pid, handle);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const log = readLog(logFile);
    const matches = ready.map((pattern) => pattern.exec(log)?.[1]);
    if (matches.every(Boolean)) {
      handle.urls = matches;
      return handle;
    }
    if (handle.exit)
      throw new Error(`${name} ${describeExit(handle.exit)} before it was ready: ${tail(log)}`);
    if (Date.now() > deadline) {
      await stopServer(handle);
      throw new Error(`${name} not ready within ${timeoutMs / 1000} s: ${tail(log)}`);
    }
    await delay(50);
  }
}

/** Resident memory in MB (VmRSS of /proc/<pid>/status), or 0 once the process is gone. */
export function rssMB(pid) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** SIGTERM to its process group, then SIGKILL after `graceMs`. */
export async function stopServer(handle, graceMs = 5000) {
  if (handle.pid === undefined || handle.exit) return;
  signalGroup(handle.pid, 'SIGTERM');
  let timer;
  const late = new Promise((resolve) => (timer = setTimeout(resolve, graceMs, 'late')));
  const outcome = await Promise.race([handle.exited, late]);
  clearTimeout(timer);
  if (outcome === 'late') {
    signalGroup(handle.pid, 'SIGKILL');
    await handle.exited;
  }
}

/** For 'exit' and signal handlers: SIGKILL every process still running, synchronously. */
export function stopAllSync() {
  for (const pid of live.keys()) signalGroup(pid, 'SIGKILL');
  live.clear();
}

export function describeExit(exit) {
  if (!exit) return 'still running';
  if (exit.error) return `could not start: ${exit.error}`;
  return exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
}

export function readLog(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** The lines of a server's log that report an internal error (a bug, never expected). */
export function internalErrors(file) {
  return readLog(file)
    .split('\n')
    .filter((line) => /internal error|Uncaught|FATAL|heap out of memory/i.test(line));
}

function tail(log) {
  return log.trim().split('\n').slice(-3).join(' | ').slice(0, 400);
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
}
