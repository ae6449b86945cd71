import { defineConfig } from 'vitest/config';

// The API suite: app.inject() against a real database. Each worker opens
// and migrates ONE database (src/test/database.ts) and keeps it for every file it runs, which needs
// modules to survive between files: forks without per-file isolation.
export default defineConfig({
  test: {
    environment: 'node',
    // *.server-test.ts need a PostgreSQL server (several instances on one database, the database
    // going away): they run in the pass with TEST_DATABASE_URL, as CI's PostgreSQL pass has it.
    include: ['src/**/*.test.ts', ...(process.env.TEST_DATABASE_URL ? ['src/**/*.server-test.ts'] : [])],
    // One Firebase Auth emulator per run for the social sign-in tests.
    globalSetup: ['src/test/firebase-emulator-setup.ts'],
    // Removes each file's temporary folders after it (src/test/setup.ts).
    setupFiles: ['src/test/setup.ts'],
    pool: 'forks',
    isolate: false,
    // PGlite takes 3-6 s to start and migrate on this machine (more when workers start together).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
