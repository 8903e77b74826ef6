import type { FileFacts } from '../facts/types.js';
import {
  emptyProject,
  finishProject,
  nextRound,
  readFile,
  settleFile,
  type FileRead,
  type LoadedProject,
  type LoadOptions,
} from '../project/load.js';
import type { TaskRunner } from './pool.js';
import { analyseChunk, type SourceFile } from './tasks.js';

/** A task as the `onTask` hook and the statistics see it: the files of a chunk. */
export interface TaskInfo {
  files: string[];
}

export interface ChunkOptions {
  runner: TaskRunner;
  chunkSize: number;
  /** Told of each task as it is dispatched. */
  onTask?: (task: TaskInfo) => void;
  /** Told of a task whose worker failed, and which the main thread then did itself. */
  onRecovered?: (task: TaskInfo, reason: string) => void;
}

type Unread = FileRead & { content: string };

/**
 * `loadProject` with the analysis of files the cache does not have spread over `runner`, in
 * chunks of `chunkSize` files dispatched as soon as they fill up (the main thread keeps reading
 * and hashing meanwhile). Facts, cache and statistics come out exactly as `loadProject` leaves
 * them: files are settled in the order they were read, once each round is complete.
 */
export async function loadProjectInChunks(
  dir: string,
  initial: readonly string[],
  options: LoadOptions & ChunkOptions,
): Promise<LoadedProject> {
  const { cache } = options;
  const project = emptyProject(dir);
  let queue = [...initial];
  let total = queue.length;
  let done = 0;
  const advance = (n: number) => options.onFile?.((done += n), total);
  while (queue.length > 0) {
    const reads: FileRead[] = [];
    const analysed = new Map<string, FileFacts>();
    const tasks: Promise<void>[] = [];
    const dispatch = (chunk: Unread[]) => {
      const task = analyse(chunk, options).then((results) => {
        chunk.forEach((read, i) => analysed.set(read.rel, cache.putText(read.hash, results[i]!)));
        advance(chunk.length);
      });
      task.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
      tasks.push(task);
    };
    let chunk: Unread[] = [];
    for (const rel of queue) {
      const read = readFile(dir, rel, options, project.stats);
      reads.push(read);
      if (read.facts) advance(1);
      else if (chunk.push(read) >= options.chunkSize) {
        dispatch(chunk);
        chunk = [];
        // Let the pool hand the chunk to a worker while this thread reads on.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    if (chunk.length > 0) dispatch(chunk);
    await Promise.all(tasks);
    for (const read of reads)
      settleFile(project, read, read.facts ?? analysed.get(read.rel)!, cache);
    queue = nextRound(project, queue, options.psr4);
    total += queue.length;
  }
  return finishProject(project, cache);
}

/** One chunk's facts as JSON: from the runner, else (its worker failed) from this thread. */
async function analyse(chunk: Unread[], options: ChunkOptions): Promise<string[]> {
  const files: SourceFile[] = chunk.map((r) => ({ rel: r.rel, content: r.content }));
  const task: TaskInfo = { files: files.map((f) => f.rel) };
  options.onTask?.(task);
  try {
    return await options.runner.analyse(files);
  } catch (error) {
    options.onRecovered?.(task, reasonOf(error));
    return analyseChunk(files);
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
