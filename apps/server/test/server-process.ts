/**
 * The real server (src/main.ts) in a process of its own, as `npm start` runs it, for the tests that
 * kill it with SIGKILL. `newPidNamespace` starts it through `unshare --pid --fork --mount-proc`, so it
 * runs as PID 1 the way a container's server does.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll } from 'vitest';

export type ServerProcess = {
  process: ChildProcess;
  port: number;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** Resolves with the exit code once the process (and its namespace) is gone. */
  exited: Promise<number | null>;
  /** SIGKILL to every process of its group: the server with no chance to clean up. */
  kill9(): Promise<void>;
  /** SIGTERM and wait: the server's own orderly stop. */
  stop(): Promise<void>;
};

const serverDir = path.resolve(import.meta.dirname, '..');

/** Servers of this test file still running after its last test (a failed one) are killed then. */
const running = new Set<ServerProcess>();
afterAll(async () => {
  for (const server of running) await server.kill9();
});

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startServerProcess(options: {
  dataDir: string;
  databaseUrl?: string;
  newPidNamespace?: boolean;
  env?: NodeJS.ProcessEnv;
}): Promise<ServerProcess> {
  const port = await freePort();
  const node = [process.execPath, '--import', 'tsx', 'src/main.ts'];
  const [command, ...args] = options.newPidNamespace
    ? ['unshare', '--pid', '--fork', '--mount-proc', ...node]
    : node;
  const child = spawn(command!, args, {
    cwd: serverDir,
    // Its own process group, so that kill9 reaches the server behind `unshare` too.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      QUAYSIDE_DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      QUAYSIDE_SECRET: 'server-process-secret-0123456789',
      QUAYSIDE_LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  let text = '';
  child.stdout?.on('data', (d: Buffer) => {
    text += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    text += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const group = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  const server: ServerProcess = {
    process: child,
    port,
    output: () => text,
    exited,
    async kill9() {
      group('SIGKILL');
      await exited;
    },
    async stop() {
      group('SIGTERM');
      await exited;
    },
  };
  running.add(server);
  void exited.then(() => running.delete(server));
  return server;
}

/** Waits until the server prints that it is ready; fails with its output if it exits or takes too long. */
export async function waitUntilReady(server: ServerProcess, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  let gone = false;
  void server.exited.then(() => {
    gone = true;
  });
  while (!server.output().includes('Quayside is ready')) {
    if (gone || Date.now() > until) {
      throw new Error(`the server did not start:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
