/**
 * Runs a real `redis-server` (Debian's package, see .ci/install-redis.sh) on a free port of
 * 127.0.0.1, persisting nothing, for the tests of `apidoc mock --state redis://`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { freePort } from './free-port.js';

function redisRuns(): boolean {
  try {
    return (
      spawnSync('redis-server', ['--version'], { stdio: 'ignore', timeout: 10_000 }).status === 0
    );
  } catch {
    return false;
  }
}

/** True when `redis-server` is installed. */
export const hasRedis: boolean = redisRuns();

/** Why the Redis tests are skipped, or null when they can run. */
export const noRedisReason: string | null = hasRedis
  ? null
  : 'redis-server is needed (Debian package redis-server); run .ci/install-redis.sh';

export interface RunningRedis {
  /** `redis://127.0.0.1:<port>/0` */
  url: string;
  /** The server's process id (to freeze it with SIGSTOP, say). */
  pid: number;
  /** Stops the server by its PID and waits for it to exit. Safe to call twice. */
  stop(): Promise<void>;
}

export async function startRedis(): Promise<RunningRedis> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server did not start:\n${output}`));
    }, 15_000);
    child.stdout.on('data', (data: Buffer) => {
      output += data.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on('data', (data: Buffer) => (output += data.toString()));
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited:\n${output}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}/0`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
      await exited;
    },
  };
}
