import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every Vitest layer; each project is one layer of the architecture's test table.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. The API's files
    // spend much of their time waiting on ffmpeg, child processes and servers, which a second worker
    // fills: the unit layer took 4.1 min with two workers against about 7.5 with one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'contract', root: 'packages/contract', environment: 'node' } },
      { extends: 'apps/api/vitest.config.ts', test: { name: 'api', root: 'apps/api' } },
      { extends: 'apps/web/vite.config.ts', test: { name: 'web', root: 'apps/web' } },
      // Builds the web app and checks each page's JavaScript against its budget (scripts/js-budget.mjs).
      {
        test: {
          name: 'budget',
          root: '.',
          include: ['scripts/**/*.test.ts'],
          exclude: ['scripts/docs-references.test.ts'],
          environment: 'node',
        },
      },
      // Every docs reference in the code and the docs resolves; the README's map names every module.
      {
        test: { name: 'docs', root: '.', include: ['scripts/docs-references.test.ts'], environment: 'node' },
      },
    ],
  },
});
