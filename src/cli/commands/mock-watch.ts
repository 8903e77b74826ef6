import path from 'node:path';
import { watch } from 'chokidar';
import { UserError } from '../../core/errors.js';
import { loadSpec, type LoadedSpec } from '../../core/load.js';
import { diffOperations, type OperationsDiff } from '../../watch/diff.js';

/** Saves closer together than this are one change (an editor writes, renames, touches). */
const SETTLE_MS = 100;

export interface SpecWatchHooks {
  /** The document loaded again, and what that did to its operations. */
  onReload(loaded: LoadedSpec, diff: OperationsDiff, changed: string): void;
  /** A save that does not load: the last good document is still served. */
  onBroken(message: string, changed: string): void;
}

/**
 * `apidoc mock --watch`: watches the document and every file its `$ref`s reach (the
 * directories that hold them, so that an editor's save by rename counts), loads it again after
 * each burst of saves, and hands over the new document, or why it could not be loaded. One
 * load at a time; the files watched follow the refs of the last good load.
 */
export async function watchSpec(
  spec: string,
  first: LoadedSpec,
  hooks: SpecWatchHooks,
  load: Parameters<typeof loadSpec>[1] = {},
): Promise<{ close(): Promise<void> }> {
  let files = new Set(first.files);
  let last = first;
  const watcher = watch([...new Set([...files].map((f) => path.dirname(f)))], {
    ignoreInitial: true,
    depth: 0,
    // Only the folders and the document's own files: anything else (another file, a FIFO, a
    // socket) is never opened or watched.
    ignored: (file, stats) =>
      stats !== undefined && !stats.isDirectory() && !files.has(path.resolve(file)),
  });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let changed = '';
  const reload = async () => {
    try {
      const loaded = await loadSpec(spec, load);
      const diff = diffOperations(last.document, loaded.document);
      last = loaded;
      const added = loaded.files.filter((f) => !files.has(f));
      files = new Set(loaded.files);
      if (added.length > 0) watcher.add([...new Set(added.map((f) => path.dirname(f)))]);
      hooks.onReload(loaded, diff, changed);
    } catch (error) {
      // Whatever went wrong, the last good document is still served.
      hooks.onBroken(
        error instanceof UserError ? error.message : `${(error as Error).message ?? String(error)}`,
        changed,
      );
    }
  };
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = reload().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        run();
      }
    });
  };
  watcher.on('all', (event, file) => {
    if (event === 'addDir' || event === 'unlinkDir' || !files.has(path.resolve(file))) return;
    changed = path.relative(process.cwd(), file) || file;
    clearTimeout(timer);
    timer = setTimeout(run, SETTLE_MS);
  });
  // A watch that fails (a symbolic link loop, too many files watched) is said, never fatal.
  watcher.on('error', (error) => {
    hooks.onBroken(
      `watching failed: ${(error as Error).message ?? String(error)}`,
      changed || spec,
    );
  });
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    close: async () => {
      clearTimeout(timer);
      await running;
      await watcher.close();
    },
  };
}

/** The lines `--watch` prints after a reload: when, what changed, operations added and removed. */
export function reloadReport(diff: OperationsDiff, changed: string): string[] {
  const time = new Date().toTimeString().slice(0, 8);
  const counts = [
    diff.added.length > 0 ? `${diff.added.length} added` : '',
    diff.removed.length > 0 ? `${diff.removed.length} removed` : '',
    diff.changed.length > 0 ? `${diff.changed.length} changed` : '',
  ].filter(Boolean);
  return [
    `${time} ${changed} changed: reloaded, operations: ${counts.join(', ') || 'none added or removed'}`,
    ...diff.added.map((op) => `  + ${op}`),
    ...diff.removed.map((op) => `  - ${op}`),
  ];
}
