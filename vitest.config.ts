import { defineConfig } from 'vitest/config';

// Each workspace has its own vitest config; `npm test` runs them all.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
