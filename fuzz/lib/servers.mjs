// The servers under fuzz, as child processes of the built CLI on 127.0.0.1 free ports, started,
// tracked and stopped by PID as the benchmark's are (bench/lib/procs.mjs: own process group, output
// to a log file, SIGTERM then SIGKILL); resident memory read from /proc/<pid>/status.
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { delay, describeExit, startProcess, stopProcess } from '../../bench/lib/procs.mjs';

// Stopped by PID: SIGTERM to its process group, then SIGKILL after a grace period.
export { stopAllSync, stopProcess as stopServer } from '../../bench/lib/procs.mjs';

/**
 * Starts `node <cli> <args>` and resolves once its log shows every `ready` pattern, with the
 * first capture group of each (the URLs it serves). Rejects if it exits first or takes longer
 * than `timeoutMs`.
 */
export async function startServer({ name, cli, args, cwd, logFile, ready, timeoutMs = 60_000 }) {
  const handle = startProcess({
    name,
    command: process.execPath,
    args: [cli, ...args],
    cwd,
    logFile,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  handle.urls = [];
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
      await stopProcess(handle);
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
