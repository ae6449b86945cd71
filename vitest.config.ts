import { defineConfig } from 'vitest/config';

// One runner for every Vitest layer; each project is one layer of the architecture's test table.
export default defineConfig({
  test: {
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
