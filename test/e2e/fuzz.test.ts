import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

/**
 * `npm run fuzz -- --quick` (fuzz/run.mjs), the short version CI runs: hostile requests to the
 * built apidoc mock and apidoc watch, slow clients, a mixed soak with memory sampled. The tool
 * starts and stops its own servers by PID; this test stops the tool by its PID if it overruns.
 */
describe('npm run fuzz -- --quick', () => {
  it('no crash, hang, unexpected 5xx, non-JSON error or memory growth', async () => {
    const child = spawn(process.execPath, [path.join(ROOT, 'fuzz/run.mjs'), '--quick'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), 150_000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearTimeout(timer);
    expect({ code, report: stdout.split('\n').slice(-12).join('\n') }).toMatchObject({ code: 0 });
    expect(stdout).toMatch(
      /crashes 0, hangs 0, unexpected 5xx 0, non-JSON error bodies 0, failed health checks 0, memory 0, other 0: PASS/,
    );
    expect(stderr).toContain('mixed soak');
  }, 180_000);
});
