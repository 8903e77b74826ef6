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
import type { Crew, Round } from './pool.js';
import type { Answer } from './protocol.js';
import type { FileFacts } from '../facts/types.js';
import { analyseHere, type SourceFile } from './tasks.js';

/** A task as the `onTask` hook and the statistics see it: the files of a chunk. */
export interface TaskInfo {
  files: string[];
}

export interface ChunkOptions {
  crew: Crew;
  chunkSize: number;
  /** Told of each chunk as it is offered to the workers (or, without workers, to this thread). */
  onTask?: (task: TaskInfo) => void;
  /** Told of a chunk whose worker failed, and which this thread then analysed itself. */
  onRecovered?: (task: TaskInfo, reason: string) => void;
}

/**
 * `loadProject` with the analysis of the files the cache does not have shared between this
 * thread and `crew`, in chunks of `chunkSize` files: each chunk is offered to the workers as
 * soon as it is read; once every file is read, this thread analyses chunks too, from the last
 * one back, while the workers take them from the first one on. Facts, cache and statistics come
 * out exactly as `loadProject` leaves them: files are settled in the order they were read.
 */
export async function loadProjectInChunks(
  dir: string,
  initial: readonly string[],
  options: LoadOptions & ChunkOptions,
): Promise<LoadedProject> {
  const { cache } = options;
  const project = emptyProject(dir, initial);
  let queue = [...initial];
  let total = queue.length;
  let done = 0;
  const advance = (n: number) => options.onFile?.((done += n), total);
  while (queue.length > 0) {
    const round = options.crew.round(Math.ceil(queue.length / options.chunkSize));
    const reads: FileRead[] = [];
    const chunks: SourceFile[][] = [];
    let chunk: SourceFile[] = [];
    const offer = () => {
      round.offer({ index: chunks.push(chunk) - 1, files: chunk });
      options.onTask?.({ files: chunk.map((f) => f.rel) });
      chunk = [];
    };
    for (const rel of queue) {
      const read = readFile(dir, rel, options, project.stats);
      reads.push(read);
      if (read.facts) advance(1);
      else if (chunk.push({ rel, content: read.content }) >= options.chunkSize) offer();
    }
    if (chunk.length > 0) offer();
    const facts = await analyseRound(round, chunks, options, advance);
    for (const read of reads)
      settleFile(project, read, read.facts ?? put(cache, read.hash, facts.get(read.rel)!), cache);
    queue = nextRound(project, queue, options.psr4);
    total += queue.length;
  }
  return finishProject(project, cache);
}

/** Facts a worker sent (their JSON), or that this thread made. */
function put(cache: LoadOptions['cache'], hash: string, facts: string | FileFacts): FileFacts {
  return typeof facts === 'string' ? cache.putText(hash, facts) : cache.put(hash, facts);
}

/**
 * Each analysed file's facts by file, once every chunk of the round is answered: as JSON from a
 * worker, as made from this thread.
 */
async function analyseRound(
  round: Round,
  chunks: SourceFile[][],
  options: ChunkOptions,
  advance: (n: number) => void,
): Promise<Map<string, string | FileFacts>> {
  const facts = new Map<string, string | FileFacts>();
  const answer = (index: number, made: readonly (string | FileFacts)[]) => {
    const files = chunks[index]!;
    files.forEach((f, i) => facts.set(f.rel, made[i]!));
    advance(files.length);
  };
  /** Chunks a worker answered with something else than their facts. */
  const garbled = new Map<number, string>();
  const take = (answers: Answer[]) => {
    for (const { index, facts: texts } of answers) {
      if (isAnswerTo(chunks[index], texts)) answer(index, texts);
      else
        garbled.set(index, 'the worker answered with something else than the facts of its files');
    }
  };
  for (let index = chunks.length - 1; index >= 0; index--) {
    take(round.answers());
    if (round.claim(index)) answer(index, analyseHere(chunks[index]!));
  }
  const { answers, failed } = await round.finish();
  take(answers);
  chunks.forEach((files, index) => {
    if (files.every((f) => facts.has(f.rel))) return;
    const reason = failed.get(index) ?? garbled.get(index);
    if (reason !== undefined) options.onRecovered?.({ files: files.map((f) => f.rel) }, reason);
    answer(index, analyseHere(files));
  });
  return facts;
}

function isAnswerTo(files: SourceFile[] | undefined, texts: unknown): texts is string[] {
  return (
    files !== undefined &&
    Array.isArray(texts) &&
    texts.length === files.length &&
    texts.every((t) => typeof t === 'string')
  );
}
