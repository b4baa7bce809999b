// Small files written the three ways the file store could: through libuv's thread pool (many at once,
// or one after another) or with the blocking calls; and the store's own put() (a writer thread). CPU
// per file of the whole process and of its main thread alone (Linux /proc), and wall time. The mail
// sync writes one or more small files per message.
//   npx tsx bench/file-writes.ts [--files=5000] [--bytes=1500] [--rounds=5]
import { randomBytes } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rename as renameCb,
  renameSync,
  rmSync,
  writeFile as writeFileCb,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createFileStore } from '../apps/server/src/lib/files';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const files = Number(arg('files', '5000'));
const size = Number(arg('bytes', '1500'));
const rounds = Number(arg('rounds', '5'));
const writeFile = promisify(writeFileCb);
const rename = promisify(renameCb);

type Write = (target: string, bytes: Buffer) => Promise<void> | void;

const throughPool: Write = async (target, bytes) => {
  await writeFile(`${target}.tmp`, bytes);
  await rename(`${target}.tmp`, target);
};

const ways: Record<string, (dir: string) => Promise<void>> = {
  'thread pool, 100 at once': (dir) => writeAll(dir, 100, throughPool),
  'thread pool, one at a time': (dir) => writeAll(dir, 1, throughPool),
  blocking: (dir) =>
    writeAll(dir, 1, (t, b) => {
      writeFileSync(`${t}.tmp`, b);
      renameSync(`${t}.tmp`, t);
    }),
  'file store put(), 100 at once': async (dir) => {
    const store = createFileStore(dir);
    await writeAll(dir, 100, async (_t, b) => {
      await store.put(b);
    });
  },
};

async function writeAll(dir: string, atOnce: number, write: Write) {
  for (let i = 0; i < 256; i++) mkdirSync(path.join(dir, i.toString(16).padStart(2, '0')));
  let pending: (Promise<void> | void)[] = [];
  for (let i = 0; i < files; i++) {
    const bytes = randomBytes(size);
    pending.push(write(path.join(dir, (i % 256).toString(16).padStart(2, '0'), `f${i}`), bytes));
    if (pending.length >= atOnce) {
      await Promise.all(pending);
      pending = [];
    }
  }
  await Promise.all(pending);
}

/** CPU time of the main thread alone (the process's covers the thread pool and workers too), in µs. */
function mainThreadCpuUs(): number {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, fields 14 and 15 of stat (11 and 12 after the command name), in clock ticks.
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** One run of a way in a fresh folder: wall ms and CPU µs per file. */
async function measure(run: (dir: string) => Promise<void>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quayside-bench-files-'));
  try {
    const cpu0 = process.cpuUsage();
    const main0 = mainThreadCpuUs();
    const t0 = performance.now();
    await run(dir);
    const cpu = process.cpuUsage(cpu0);
    return {
      ms: performance.now() - t0,
      cpuUs: (cpu.user + cpu.system) / files,
      mainUs: (mainThreadCpuUs() - main0) / files,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// The disk's own pace varies from second to second here: the ways take turns, and the median of
// each is reported.
const runs = new Map<string, { ms: number; cpuUs: number; mainUs: number }[]>();
for (let round = 0; round < rounds; round++)
  for (const [name, run] of Object.entries(ways))
    runs.set(name, [...(runs.get(name) ?? []), await measure(run)]);
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.table(
  [...runs].map(([way, list]) => ({
    way,
    wall_ms: Math.round(median(list.map((r) => r.ms))),
    cpu_us_per_file: Math.round(median(list.map((r) => r.cpuUs))),
    main_thread_us_per_file: Math.round(median(list.map((r) => r.mainUs))),
    files_per_second: Math.round(files / (median(list.map((r) => r.ms)) / 1000)),
  })),
);
