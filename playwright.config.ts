import { defineConfig } from '@playwright/test';

// Run through `npm run test:e2e` (scripts/e2e.mjs): it builds the web app when needed, starts
// a real server on a free port with a fresh data directory and sets E2E_BASE_URL.
const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:8080';
const ALONE = /(mail-progress|first-run|[\\/]import)\.spec\.ts/;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two workers, a server and two browsers share 2 cores: a journey can take a minute when loaded,
  // and a profile of the server in such a run shows it waiting for a core for up to a second at a
  // time. A page's first load after a reload has taken over 15 s there, so expectations wait 30 s.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  projects: [
    { name: 'app', testIgnore: ALONE },
    // The first sync of a big mailbox keeps the server busy for seconds, and the first-run journey
    // starts a server of its own: each runs alone, after the rest, so that it neither slows the
    // others' steps nor hurries its own.
    // A 10,000-row import is one transaction: on the embedded database every other request waits
    // for it (an order page beside it once took 25 s to load, and its test timed out).
    { name: 'big import', testMatch: /[\\/]import\.spec\.ts/, dependencies: ['app'] },
    { name: 'big mailbox', testMatch: /mail-progress\.spec\.ts/, dependencies: ['big import'] },
    { name: 'first run', testMatch: /first-run\.spec\.ts/, dependencies: ['big mailbox'] },
  ],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    // The app turns antd's animations off for this; tests do not wait for them.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
