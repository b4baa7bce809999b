import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-file.ts'],
    pool: 'forks',
    // A worker keeps its modules from one test file to the next (the server's whole module graph and
    // PGlite's WebAssembly are loaded once per worker, not per file: a third less CPU for the suite).
    // Each file still gets its own database and app (helpers.ts), closed by setup-file.ts.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
