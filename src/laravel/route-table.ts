import type { Finding } from '../core/errors.js';
import { createAssembly } from './model/assembly.js';
import { startRun } from './generate.js';
import { projectFiles } from './project/files.js';
import { loadProject } from './project/load.js';
import { documentedRoutes } from './routes/select.js';

/** One route the generator documents, as `php artisan route:list` would show it. */
export interface RouteRow {
  /** Lower-case HTTP methods (GET implies HEAD, which is not listed). */
  methods: string[];
  /** Full URI without leading slash: `api/users/{user}`. */
  uri: string;
  /** The route's name (`->name('users.show')`), when it has one. */
  name?: string;
}

/**
 * The routes `generateOpenApi` documents, with their names: for tools that read what a project's
 * own tests request (`route('users.show', $user)`) without re-implementing Laravel's routing.
 * Reads the project without the cache, as `generateOpenApi(dir, { cache: false })` does.
 */
export function routeTable(projectDir: string): Promise<RouteRow[]> {
  return Promise.resolve().then(() => {
    const run = startRun(projectDir, { cache: false });
    const project = loadProject(run.dir, projectFiles(run.dir, run.psr4), {
      cache: run.cache,
      incremental: false,
      psr4: run.psr4,
    });
    const warnings: Finding[] = [];
    const { asm } = createAssembly(project.files, project.classes, run.config, warnings);
    const routes = documentedRoutes(
      project.files,
      project.classes,
      run.config,
      [],
      asm.configValue,
      warnings,
    );
    return routes.map((r) => ({
      methods: r.methods,
      uri: r.uri,
      ...(r.name ? { name: r.name } : {}),
    }));
  });
}
