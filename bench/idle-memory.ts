// Idle memory of a server started on a database holding the sample data, with no client: RSS and
// where it goes (V8 heap; memory outside it, where PGlite's WebAssembly heap is). The embedded
// database (PGlite, the default) and, when one answers at 127.0.0.1:5432, a PostgreSQL server
// (a fresh database). The sample data is added by a first process; a second one is measured.
//   npx tsx bench/idle-memory.ts [--no-postgres]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './lib/app-process';

const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
type Probe = {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  wasm: number;
};

// The Node flags `npm start` runs with (package.json), so that the figure is the one users get.
const startScript = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts.start as string;
const nodeFlags = startScript.split(' ').filter((word) => word.startsWith('--'));

async function run(dataDir: string, env: NodeJS.ProcessEnv): Promise<string> {
  const child = spawn(
    process.execPath,
    [...nodeFlags, '--import', 'tsx', path.join(import.meta.dirname, 'lib/idle-probe.ts')],
    {
      env: {
        ...process.env,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        QUAYSIDE_DATA_DIR: dataDir,
        QUAYSIDE_LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`the probe failed (${code}):\n${out}`);
  return out;
}

async function probe(env: NodeJS.ProcessEnv): Promise<Probe> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-idle-'));
  try {
    await run(dataDir, { ...env, IDLE_SEED: '1' });
    const line = (await run(dataDir, env)).trim().split('\n').pop() ?? '';
    return JSON.parse(line) as Probe;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const mb = (n: number) => Math.round(n / 1024 / 1024);
const rows: Record<string, string | number>[] = [];
const row = (database: string, p: Probe) =>
  rows.push({
    database,
    'RSS MB': mb(p.rss),
    'V8 heap used MB': mb(p.heapUsed),
    'V8 heap total MB': mb(p.heapTotal),
    'outside the V8 heap MB': mb(p.external),
  });

row('PGlite (embedded)', await probe({}));
if (!process.argv.includes('--no-postgres')) {
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  const reachable = await admin.connect().then(
    () => true,
    () => false,
  );
  if (reachable) {
    const name = `quayside_idle_${process.pid}`;
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(PG_ADMIN);
      url.pathname = `/${name}`;
      row('PostgreSQL', await probe({ DATABASE_URL: url.toString() }));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
}
console.log(`Idle memory of a server started on the sample data, no client (node ${nodeFlags.join(' ')}):`);
console.table(rows);
