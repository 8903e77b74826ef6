/**
 * Files per task in `generate:optimized`. On the synthetic project of `bench/generate.mjs`
 * (2,004 files, 2 workers) chunks of 16 to 128 files were equally fast within the noise of the
 * machine, 64 had the best median twice (bench/README.md); smaller chunks add messages, larger
 * ones leave a worker idle longer at the end and redo more work when one crashes. Its own module
 * so that the CLI can show it in `--help` without loading the analysis stack.
 */
export const DEFAULT_CHUNK_SIZE = 64;
