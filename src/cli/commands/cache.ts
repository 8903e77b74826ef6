import type { Command } from 'commander';
import path from 'node:path';
import { statSync } from 'node:fs';
import { projectOption, usage } from '../options.js';

export function registerCache(program: Command): void {
  const cache = program
    .command('cache')
    .alias('apidoc:cache')
    .description('Manage the analysis cache of `apidoc generate`');
  cache
    .command('clear')
    .description('Empty the analysis cache (safe when there is none)')
    .addOption(projectOption())
    .action(async (flags: { project: string }) => {
      const project = path.resolve(flags.project);
      if (!statSync(project, { throwIfNoEntry: false })?.isDirectory()) {
        throw usage(
          `Invalid value for --project: "${flags.project}" is not a directory. Name the Laravel project directory.`,
        );
      }
      const { clearProjectCache } = await import('../../laravel/generate.js');
      const { dir, files, bytes } = clearProjectCache(project);
      const where = path.relative(process.cwd(), dir) || dir;
      process.stdout.write(
        files === 0
          ? `Analysis cache is already empty (${where}).\n`
          : `Cleared the analysis cache: removed ${files} file${files === 1 ? '' : 's'} (${size(bytes)}) from ${where}.\n`,
      );
    });
  cache.commands.forEach((c) => c.exitOverride());
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
