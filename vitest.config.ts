import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Most end-to-end tests wait on the processes they start (a mock, npm, a PHP server): three
    // test files at once keep both cores busy, where vitest's default (cores - 1) runs one.
    maxWorkers: 3,
    minWorkers: 1,
  },
});
