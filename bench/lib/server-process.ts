// The server (or a baseline handler) forked in-process with the TypeScript loader, so the pid
// measured is the server itself (the tsx CLI forks a child), and the helpers every bench uses on it.
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runLoad } from './load';

const root = path.resolve(import.meta.dirname, '../..');
const tsxLoader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/esm/index.mjs')).href;
export const SERVER_MAIN = path.join(root, 'apps/server/src/main.ts');
/** Not the default: a first admin on the default password may only change it. */
export const BENCH_ADMIN_PASSWORD = 'bench-admin-pass';

export function startScript(script: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return fork(script, args, {
    execArgv: [
      '--import',
      tsxLoader,
      // BENCH_PROFILE_DIR=<dir>: each server writes a V8 CPU profile there when it stops.
      ...(process.env.BENCH_PROFILE_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
        : []),
    ],
    env: { ...process.env, QUAYSIDE_LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}

export async function waitFor(url: string, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** VmHWM: peak resident memory; VmRSS: resident memory now. */
export const statusMb = (pid: number, field: 'VmHWM' | 'VmRSS') => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+) kB`));
  return Math.round(Number(line?.[1] ?? 0) / 1024);
};

/** Logs the bench admin (or another bench user) in; answers the headers that carry the token. */
export async function loginHeaders(base: string, username = 'admin'): Promise<{ 'x-token': string }> {
  const login = await fetch(`${base}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: BENCH_ADMIN_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  return { 'x-token': token };
}

/** The bare baseline handler under the same load: started, warmed up 2 s, measured, stopped. */
export async function loadBaseline(
  script: string,
  args: string[],
  port: number,
  query: string,
  clients: number,
  seconds: number,
) {
  const baseline = startScript(script, [...args, String(port)], {});
  const url = `http://127.0.0.1:${port}/?${query}`;
  await waitFor(url);
  await runLoad(url, {}, clients, 2);
  const bare = await runLoad(url, {}, clients, seconds);
  await stop(baseline);
  return bare;
}
