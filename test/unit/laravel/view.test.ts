import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/core/errors.js';
import { FactsCache } from '../../../src/laravel/cache.js';
import { projectGlobals } from '../../../src/laravel/document/assembly.js';
import type { FileFacts } from '../../../src/laravel/facts/types.js';
import { readPsr4 } from '../../../src/laravel/php/psr4.js';
import { ClassIndex } from '../../../src/laravel/project/classes.js';
import { projectFiles } from '../../../src/laravel/project/files.js';
import { loadProject } from '../../../src/laravel/project/load.js';
import { globalView } from '../../../src/laravel/project/view.js';
import { configValues } from '../../../src/laravel/document/assembly.js';
import { documentedRoutes } from '../../../src/laravel/routes/select.js';
import { CONFIG } from './helpers.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PROJECTS = [
  'test/fixtures/laravel-8',
  'test/fixtures/laravel-11',
  ...readdirSync(path.join(ROOT, 'test/fixtures/laravel-mini')).map(
    (n) => `test/fixtures/laravel-mini/${n}`,
  ),
  'examples/laravel-app',
];

/** Every file's facts, read from source (no cache). */
function factsOf(project: string): Map<string, FileFacts> {
  const dir = path.join(ROOT, project);
  const psr4 = readPsr4(dir);
  const cache = new FactsCache(path.join(dir, 'unused-cache'), { read: false, write: false });
  return loadProject(dir, projectFiles(dir, psr4), { cache, incremental: false, psr4 }).files;
}

/** What the project-wide steps make of the files: globals, routes, their warnings. */
function projectWide(files: ReadonlyMap<string, FileFacts>) {
  const classes = new ClassIndex(files);
  const warnings: Finding[] = [];
  const globals = projectGlobals(files, classes);
  const config = configValues(globals.configs);
  const routes = documentedRoutes(files, classes, CONFIG, [], config, warnings);
  return { globals, routes, warnings };
}

// A patched `--incremental` run keeps the last run's project-wide results when no changed
// file's view changed: that is only right if these steps read nothing outside the views.
describe('globalView keeps all that the project-wide steps read', () => {
  it.each(PROJECTS)('%s: the same globals, routes and warnings from the views alone', (project) => {
    const files = factsOf(project);
    const views = new Map([...files].map(([file, facts]) => [file, globalView(facts)]));
    const full = projectWide(files);
    expect(full.routes.length).toBeGreaterThan(0);
    expect(projectWide(views)).toEqual(full);
  });

  it('leaves out what only operations read: rules, resource fields, casts, docblocks', () => {
    const files = factsOf('test/fixtures/laravel-8');
    const classView = (name: string) =>
      [...files.values()]
        .map(globalView)
        .flatMap((f) => f.classes)
        .find((c) => c.name === name);
    expect(classView('App\\Http\\Requests\\StorePostRequest')?.methods).toEqual({});
    expect(classView('App\\Http\\Resources\\PostResource')?.methods).toEqual({});
    expect(classView('App\\Models\\Post')?.properties).toEqual({});
    expect(classView('App\\Http\\Controllers\\PostController')?.methods).toEqual({});
  });
});
