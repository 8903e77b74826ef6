import type { Command } from 'commander';
import { availableParallelism } from 'node:os';
import { DEFAULT_CHUNK_SIZE } from '../../laravel/parallel/defaults.js';
import { parsePositiveInt } from '../options.js';
import { addGenerateOptions, plural, runGenerate, type GenerateFlags } from './generate.js';

interface OptimizedFlags extends GenerateFlags {
  workers?: string;
  chunkSize?: string;
}

export function registerGenerateOptimized(program: Command): void {
  const command = program
    .command('generate:optimized')
    .alias('apidoc:generate:optimized')
    .description(
      'Write the same document as generate, byte for byte, analysing files in several threads',
    )
    .option(
      '--workers <n>',
      `threads that analyse files, the main one included: n - 1 worker threads; 1 analyses in the main thread alone (default: the number of cores, ${availableParallelism()} here)`,
    )
    .option('--chunk-size <n>', `files per task (default: ${DEFAULT_CHUNK_SIZE})`);
  addGenerateOptions(command).action(async (flags: OptimizedFlags) => {
    // Checked before anything runs, as the shared flags are.
    const workers =
      flags.workers === undefined ? undefined : parsePositiveInt(flags.workers, '--workers');
    const chunkSize =
      flags.chunkSize === undefined ? undefined : parsePositiveInt(flags.chunkSize, '--chunk-size');
    await runGenerate(flags, async (project, options) => {
      const { generateOpenApiOptimized } = await import('../../laravel/parallel/generate.js');
      const result = await generateOpenApiOptimized(project, {
        ...options,
        ...(workers === undefined ? {} : { workers }),
        ...(chunkSize === undefined ? {} : { chunkSize }),
      });
      const { parallel } = result.stats;
      return {
        result,
        summary: `${plural(parallel.workers, 'worker')}, ${plural(parallel.tasks, 'task')}`,
        notes: parallel.recovered.map(
          (task) =>
            `Note: a worker failed on a chunk of ${plural(task.files.length, 'file')} (${task.reason}); they were analysed in the main thread.`,
        ),
      };
    });
  });
}
