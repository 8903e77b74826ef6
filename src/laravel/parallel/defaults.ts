/**
 * Files per task in `generate:optimized`. A chunk costs one message each way, and the threads
 * claim chunks from shared memory without waiting for each other, so small chunks cost little;
 * they keep the two ends of the file list balanced (this thread waits at most one worker chunk
 * at the end) and redo little work when a worker crashes. See bench/README.md. Its own module
 * so that the CLI can show it in `--help` without loading the analysis stack.
 */
export const DEFAULT_CHUNK_SIZE = 16;
