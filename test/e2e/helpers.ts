import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = path.join(ROOT, 'dist/cli/main.js');
export const EXAMPLE_SPEC = path.join(ROOT, 'examples/openapi.yaml');
export const FIXTURES = path.join(ROOT, 'test/fixtures/specs');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const ENV = { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined };

/** Runs the built CLI to completion (for commands that exit by themselves). */
export function runCli(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: options.cwd ?? ROOT,
      env: { ...ENV, ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export interface RunningMock {
  url: string;
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** SIGTERM, then the exit code once the process is gone. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/** Starts `apidoc mock` on a free port and resolves once it says where it runs. */
export function startMock(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<RunningMock> {
  const child = spawn(process.execPath, [CLI, 'mock', '--port', '0', ...args], {
    cwd: options.cwd ?? ROOT,
    env: { ...ENV, ...options.env },
  });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mock did not start:\n${stdout}\n${stderr}`));
    }, 20_000);
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const match = /running at (http:\/\/\S+)/.exec(stdout);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        url: match[1]!,
        child,
        stdout: () => stdout,
        stderr: () => stderr,
        stop: (signal = 'SIGTERM') => {
          if (child.exitCode === null) child.kill(signal);
          return exited;
        },
      });
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`mock exited with ${code} before starting:\n${stdout}\n${stderr}`));
    });
  });
}
