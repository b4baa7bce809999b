import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { sidebar } from './support';

/**
 * The first minutes of a new installation: a server of its own on a new embedded database (the
 * suite's server has users by now), where the admin fills the empty app with sample data.
 */
const root = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'first-run-pass-1';
let server: ChildProcess;
let base = '';
let dataDir = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

test.beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-first-run-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    QUAYSIDE_DATA_DIR: dataDir,
    QUAYSIDE_ADMIN_PASSWORD: PASSWORD,
  };
  delete env.DATABASE_URL; // a new embedded database, never a shared one
  // The web app is built by the suite's own start (scripts/e2e.mjs).
  // Its errors show in the test output; its other output is not read (a full pipe would stall it).
  server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs'), '--no-build'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await expect
    .poll(
      () =>
        fetch(`${base}/api/health/`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 90_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test('on a new database the admin adds sample data and finds a living app', async ({ page, context }) => {
  const login = await fetch(`${base}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  await context.addCookies([
    { name: 'rs-token', value: data.token, url: base },
    { name: 'language', value: 'en', url: base },
  ]);

  await page.goto(`${base}/dashboard`);
  const card = page.getByTestId('sample-data');
  await expect(card.getByText('Explore Quayside with sample data')).toBeVisible();
  await card.getByRole('button', { name: 'Add sample data' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Add sample data' }).click();
  await expect(page.getByText(/Sample data added: 24 customers and \d+ emails/)).toBeVisible();
  await expect(card).toHaveCount(0);

  // The top bar's unread count comes without a reload, and the inbox holds the sample mail.
  await expect(page.getByRole('button', { name: /^Unread emails: [1-9]\d*$/ })).toBeVisible();
  await sidebar(page).getByText('Email').click();
  await sidebar(page).getByText('Inquiry mail').click();
  await expect(page.locator('tr.email-row').filter({ hasText: 'Inquiry: LED panel lights' })).toBeVisible();
  await expect(page.locator('tr.email-row').filter({ hasText: '询价：304 不锈钢水槽' })).toBeVisible();

  // Sample colleagues cannot be signed in to with a guessable password.
  const demoLogin = await fetch(`${base}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'grace', password: 'demo1234' }),
  });
  expect(demoLogin.status).toBe(400);
});
