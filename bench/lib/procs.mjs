// Child processes of the benchmark: started in their own process group, with their output sent to
// a log file (never through this process), and stopped by PID: SIGTERM, then SIGKILL after a grace
// period. Every process started here is tracked until it exits, so that stopAllSync() can be called
// from a process 'exit' handler.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { clearTimeout, setTimeout } from 'node:timers';
import { stripVTControlCharacters } from 'node:util';

/** pid → handle of every process started here that has not exited yet. */
const live = new Map();

export function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves true when `promise` settles within `ms`, false otherwise; leaves no timer behind. */
export async function settlesWithin(promise, ms) {
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Settles like `promise`, or rejects with `message` after `ms` (and calls `onTimeout`). */
export async function withTimeout(promise, ms, message, onTimeout) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => {
      try {
        onTimeout?.();
      } finally {
        reject(new Error(message));
      }
    }, ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A port that was free on 127.0.0.1 a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `command args` with stdout and stderr going to `logFile` (and `env`, if given, as its
 * environment). The returned handle has
 * `startedAt` (performance.now() just before the spawn), `exited` (a promise of the exit) and
 * `exit` (null while it runs).
 */
export function startProcess({ name, command, args, cwd, logFile, env }) {
  mkdirSync(dirname(logFile), { recursive: true });
  const fd = openSync(logFile, 'w');
  const handle = { name, command, args, logFile, pid: undefined, exit: null };
  let child;
  try {
    handle.startedAt = performance.now();
    child = spawn(command, args, {
      cwd,
      stdio: ['ignore', fd, fd],
      detached: true,
      ...(env ? { env } : {}),
    });
  } finally {
    closeSync(fd);
  }
  handle.pid = child.pid;
  handle.exited = new Promise((resolve) => {
    const done = (exit) => {
      if (handle.exit) return;
      handle.exit = exit;
      live.delete(handle.pid);
      resolve(exit);
    };
    child.once('exit', (code, signal) => done({ code, signal }));
    child.once('error', (error) => done({ error }));
  });
  if (handle.pid !== undefined) live.set(handle.pid, handle);
  return handle;
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    try {
      process.kill(pid, signal);
      return true;
    } catch {
      return false;
    }
  }
}

function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; also kills what is left of its process group. */
export async function stopProcess(handle, graceMs = 5000) {
  if (handle.pid === undefined) return;
  if (!handle.exit) {
    signalGroup(handle.pid, 'SIGTERM');
    if (!(await settlesWithin(handle.exited, graceMs))) {
      signalGroup(handle.pid, 'SIGKILL');
      await settlesWithin(handle.exited, 5000);
    }
  }
  // Anything it forked (cluster workers, say) goes with it.
  if (groupAlive(handle.pid)) signalGroup(handle.pid, 'SIGKILL');
}

export async function stopAll(graceMs) {
  await Promise.all([...live.values()].map((handle) => stopProcess(handle, graceMs)));
}

/** For 'exit' and signal handlers: SIGKILL every process still running, synchronously. */
export function stopAllSync() {
  for (const pid of live.keys()) signalGroup(pid, 'SIGKILL');
  live.clear();
}

export function describeExit(exit) {
  if (!exit) return 'still running';
  if (exit.error) return `could not start: ${exit.error.message}`;
  return exit.signal ? `killed by ${exit.signal}` : `exited with code ${exit.code}`;
}

/** The first line of a log file that reports an error, else its last `count` lines. */
export function logTail(file, count = 3) {
  try {
    const lines = readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => stripVTControlCharacters(line).trim())
      .filter(Boolean);
    const error = lines.find((line) => /^(\w*error\b|.*\b(fatal|uncaught)\b)/i.test(line));
    return (error ?? lines.slice(-count).join(' | ')).slice(0, 400);
  } catch {
    return '';
  }
}

/** One GET with a fresh connection; resolves true when any HTTP answer arrives, false on error. */
function probe(port, timeoutMs) {
  return new Promise((resolve) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: '/', agent: false, timeout: timeoutMs },
      (res) => {
        res.resume();
        resolve(true);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(false));
  });
}

/**
 * Polls the port every 20 ms until the server answers any request; resolves with milliseconds
 * from the spawn to that first answer. Rejects when the process exits or after `timeoutMs`.
 */
export async function waitReady(handle, port, timeoutMs) {
  const deadline = handle.startedAt + timeoutMs;
  for (;;) {
    if (handle.exit) {
      const tail = logTail(handle.logFile);
      throw new Error(
        `${describeExit(handle.exit)} before answering${tail ? `: ${tail}` : ''} (log: ${handle.logFile})`,
      );
    }
    const remaining = deadline - performance.now();
    if (remaining <= 0) {
      throw new Error(
        `no answer within ${Math.round(timeoutMs / 1000)} s (log: ${handle.logFile})`,
      );
    }
    if (await probe(port, remaining)) return performance.now() - handle.startedAt;
    await delay(20);
  }
}

let clockTicks = null;

/** CPU seconds (user + system) used so far by the process group of `pgid`. */
export function cpuSeconds(pgid) {
  if (clockTicks === null) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return groupCpuTicks(pgid) / clockTicks;
}

/** CPU time (clock ticks, user + system) used so far by the process group of `pgid`. */
function groupCpuTicks(pgid) {
  let ticks = 0;
  for (const pid of groupPids(pgid)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone.
    }
  }
  return ticks;
}

/**
 * Waits until the process group is idle (under 10% of a core over 250 ms), for at most `maxMs`:
 * a server still working off the backlog of the last load must not slow the next one down.
 * Resolves with the milliseconds waited.
 */
export async function waitIdle(pid, maxMs = 15000) {
  const started = performance.now();
  let last = groupCpuTicks(pid);
  while (performance.now() - started < maxMs) {
    await delay(250);
    const now = groupCpuTicks(pid);
    // 100 ticks a second on Linux: 2 ticks in 250 ms is 8% of a core.
    if (now - last <= 2) break;
    last = now;
  }
  return performance.now() - started;
}

function statusKB(pid, field) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) : 0;
}

function groupPids(pgid) {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid) pids.push(Number(entry));
    } catch {
      // The process went away while we looked.
    }
  }
  return pids.length > 0 ? pids : [pgid];
}

/**
 * Resident memory in MB of the process and everything in its process group (so that forked
 * workers count): `rss` now and `peak` (VmHWM, the high-water mark). Falls back to `ps`.
 */
export function memoryMB(pid) {
  try {
    let rss = 0;
    let peak = 0;
    for (const member of groupPids(pid)) {
      rss += statusKB(member, 'VmRSS');
      peak += statusKB(member, 'VmHWM');
    }
    return { rss: rss / 1024, peak: peak / 1024 };
  } catch {
    try {
      const kb = Number(
        execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }),
      );
      return { rss: kb / 1024, peak: null };
    } catch {
      return { rss: null, peak: null };
    }
  }
}

/**
 * A redis-server on a free port of 127.0.0.1, persisting nothing: `{ port, handle }`, or
 * `{ error }` (with `handle` when it started but did not accept connections), stopped by PID
 * with the others.
 */
export async function startRedisServer(logFile) {
  const bin = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((f) => existsSync(f));
  if (!bin) return { error: 'redis-server is not installed' };
  const port = await freePort();
  const handle = startProcess({
    name: 'redis-server',
    command: bin,
    args: ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    cwd: process.cwd(),
    logFile,
  });
  for (let i = 0; i < 100; i++) {
    if (handle.exit) return { handle, error: `redis-server ${describeExit(handle.exit)}` };
    if (await accepts(port)) return { handle, port };
    await delay(50);
  }
  return { handle, error: 'redis-server did not accept connections within 5 s' };
}

/** Whether something accepts TCP connections on the port of 127.0.0.1. */
function accepts(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}
