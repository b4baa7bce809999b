#!/usr/bin/env node
// `npm run test:e2e`: browser tests against the real built app and a real server.
// Builds the web app when its sources changed (scripts/start.mjs does that), starts the server
// on a free port with a fresh data directory, runs Playwright (extra arguments go to it),
// stops the server and exits with Playwright's code.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const READY_TIMEOUT_MS = 180_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitReady(baseUrl, server) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health/`);
      if (res.ok) {
        const index = await fetch(`${baseUrl}/`);
        if (index.ok && (await index.text()).includes('id="root"')) return;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('the server did not become ready in time');
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-e2e-'));
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', QUAYSIDE_DATA_DIR: dataDir };
// The first admin gets a chosen password: on the default one only change_password answers.
const adminPassword = 'e2e-admin-pass-1';
env.QUAYSIDE_ADMIN_PASSWORD = adminPassword;
delete env.DATABASE_URL; // a fresh embedded database, never a shared one

const started = Date.now();
const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let serverLog = '';
const keep = (chunk) => {
  serverLog = (serverLog + chunk).slice(-20_000);
};
server.stdout.on('data', keep);
server.stderr.on('data', keep);

let code = 1;
try {
  await waitReady(baseUrl, server);
  console.log(`e2e: server ready at ${baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const playwright = spawn(
    process.execPath,
    [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_ADMIN_PASSWORD: adminPassword },
    },
  );
  code = await new Promise((resolve) => playwright.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
} catch (err) {
  console.error(`e2e: ${err.message}\n--- server output ---\n${serverLog}`);
} finally {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
if (code !== 0 && serverLog.includes('Error'))
  console.error(`--- server output (tail) ---\n${serverLog.slice(-4000)}`);
process.exit(code);
