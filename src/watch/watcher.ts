import { existsSync } from 'node:fs';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { createWatchFilter, projectRelative, type WatchFilter } from './paths.js';

export interface ProjectWatcher {
  /** Watches other targets from now on (the config's watch paths changed). */
  setTargets(targets: readonly string[]): void;
  close(): Promise<void>;
}

export interface WatchCallbacks {
  /** A relevant file (project-relative) was added, changed or removed, or a directory removed. */
  onChange(file: string): void;
  onError(error: Error): void;
}

/**
 * Watches the project with chokidar from its root, pruned by the filter: only the directories
 * on the way to a target are descended into, so vendor/, node_modules/ and the rest of the
 * project cost nothing, and a target created later (a new app/Http/Requests) is picked up.
 * Targets outside the project are watched as roots of their own.
 */
export async function watchProject(
  projectDir: string,
  targets: readonly string[],
  callbacks: WatchCallbacks,
): Promise<ProjectWatcher> {
  let filter: WatchFilter = createWatchFilter(targets);
  const outside = (list: readonly string[]) =>
    list.filter((t) => t.startsWith('../')).map((t) => path.resolve(projectDir, t));
  const watcher: FSWatcher = watch([projectDir, ...outside(targets)], {
    ignoreInitial: true,
    ignored: (file, stats) => filter.isIgnored(projectRelative(projectDir, file), stats?.isFile()),
  });
  watcher.on('all', (event, file) => {
    if (event === 'addDir') return;
    const rel = projectRelative(projectDir, file);
    const counts = event === 'unlinkDir' ? !filter.isIgnored(rel, false) : filter.isRelevant(rel);
    if (counts) callbacks.onChange(rel);
  });
  watcher.on('error', (error) => callbacks.onError(error as Error));
  await new Promise<void>((resolve) => watcher.once('ready', resolve));
  return {
    setTargets(next) {
      const added = next.filter((t) => !targets.includes(t));
      filter = createWatchFilter(next);
      targets = next;
      // A pruned directory that exists is looked into again; one still to be created is seen
      // by the watch of its nearest existing parent, once the new filter lets it through.
      const roots = added.map((t) => nearestExisting(path.resolve(projectDir, t)));
      const fresh = [...new Set(roots)].filter((dir) => dir !== projectDir);
      if (fresh.length > 0) watcher.add(fresh);
    },
    close: () => watcher.close(),
  };
}

function nearestExisting(file: string): string {
  let at = file;
  while (!existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  return at;
}
