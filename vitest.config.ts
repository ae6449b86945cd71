import { defineConfig } from 'vitest/config';

// One runner for every Vitest layer; each project is one layer of the architecture's test table.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', environment: 'node' } },
      { extends: 'apps/api/vitest.config.ts', test: { name: 'api', root: 'apps/api' } },
      { extends: 'apps/web/vite.config.ts', test: { name: 'web', root: 'apps/web' } },
    ],
  },
});
