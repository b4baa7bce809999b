// The real app as `npm start` runs it (scripts/start.mjs: builds the web app when its sources
// changed, then the server in the same process), on a free port and a fresh data directory.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export type AppProcess = { baseUrl: string; child: ChildProcess; output(): string; stop(): Promise<void> };

export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as { port: number };
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

export async function startApp(
  options: { demo?: boolean; env?: NodeJS.ProcessEnv; args?: string[] } = {},
): Promise<AppProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    QUAYSIDE_DATA_DIR: dataDir,
    QUAYSIDE_LOG_LEVEL: 'warn',
    ...options.env,
  };
  if (!options.env?.DATABASE_URL) delete env.DATABASE_URL;
  const child = spawn(
    process.execPath,
    [path.join(root, 'scripts/start.mjs'), ...(options.demo ? ['--demo'] : []), ...(options.args ?? [])],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const until = Date.now() + 300_000;
  while (!log.includes('Quayside is ready')) {
    if (child.exitCode !== null || Date.now() > until) {
      await stop();
      throw new Error(`the server did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl: `http://127.0.0.1:${port}`, child, output: () => log, stop };
}
