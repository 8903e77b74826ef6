import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyseFile } from '../../../src/laravel/facts/analyse-file.js';
import { finishRun, generateOpenApi, startRun } from '../../../src/laravel/generate.js';
import { projectFiles } from '../../../src/laravel/project/files.js';
import { isLaravelProject } from '../../../src/laravel/project/laravel.js';
import { loadProject } from '../../../src/laravel/project/load.js';

/**
 * The facts cache hands out the facts a file's analysis made, not their JSON round trip, and a
 * warm run reads them back from JSON: both runs write the same bytes only if facts are plain
 * JSON values (no `undefined`, no class instances, no -0) and nothing changes them once made.
 */
const FIXTURES = ['laravel-11', 'laravel-8', 'laravel-mini', 'laravel-silent'].map((name) =>
  fileURLToPath(new URL(`../../fixtures/${name}`, import.meta.url)),
);

/** The fixtures' Laravel projects: a fixture itself, or each folder of one. */
const PROJECTS = FIXTURES.flatMap((dir) =>
  isLaravelProject(dir)
    ? [dir]
    : readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && isLaravelProject(path.join(dir, entry.name)))
        .map((entry) => path.join(dir, entry.name)),
);

function phpFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.php'))
    .sort();
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

describe('facts are plain JSON values', () => {
  it.each(FIXTURES.map((dir) => [path.basename(dir), dir]))(
    'every PHP file of %s: facts equal their JSON round trip, undefined-valued keys included',
    (_name, dir) => {
      const files = phpFiles(dir);
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const facts = analyseFile(readFileSync(path.join(dir, file), 'utf8'), file);
        expect({ file, facts: JSON.parse(JSON.stringify(facts)) as unknown }).toStrictEqual({
          file,
          facts,
        });
      }
    },
  );

  it.each(PROJECTS.map((dir) => [path.relative(path.dirname(FIXTURES[0]!), dir), dir]))(
    'the document of %s is the same when every file’s facts are frozen',
    async (_name, dir) => {
      const run = startRun(dir, { cache: false });
      const project = loadProject(run.dir, projectFiles(run.dir, run.psr4), {
        cache: run.cache,
        incremental: false,
        psr4: run.psr4,
      });
      for (const facts of project.files.values()) deepFreeze(facts);
      const frozen = finishRun(run, project);
      const plain = await generateOpenApi(dir, { cache: false });
      expect(frozen.text).toBe(plain.text);
      expect(frozen.warnings).toEqual(plain.warnings);
    },
  );
});
