// Quotation PDFs and history, in process (the real app through Fastify's inject, embedded PGlite):
// - a 3-line and a 200-line quotation with pictures and Chinese text: ms per PDF (p50/p95 over 50
//   renders), size, peak RSS;
// - 20 concurrent PDF requests: throughput and p95, and the quotation list's p95 during the run;
// - a quotation with 100 versions: p95 of the history and diff calls.
//   npx tsx bench/quotation-pdf.ts [--renders=50] [--concurrent=20] [--threads=0]
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { migrateDatabase, openPglite } from '../apps/server/src/db/client';
import { setPdfThreads } from '../apps/server/src/lib/documents/pdf-pool';
import { createEventHub } from '../apps/server/src/lib/events';
import { createFileStore, type FileStore } from '../apps/server/src/lib/files';
import { saveFile } from '../apps/server/src/modules/files/service';
import { preparePicture } from '../apps/server/src/modules/products/pictures';
import { createUser } from '../apps/server/src/modules/users/service';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const renders = Number(arg('renders', '50'));
const concurrent = Number(arg('concurrent', '20'));
// --threads=0 renders PDFs on the main thread, as before the PDF threads, for a before/after figure.
const threads = arg('threads', '');
if (threads) setPdfThreads(Number(threads));

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-bench-'));
const database = await openPglite(undefined);
await migrateDatabase(database);
const store: FileStore = createFileStore(dataDir);
const app = await buildApp({
  config: loadConfig({ QUAYSIDE_DATA_DIR: dataDir, QUAYSIDE_LOG_LEVEL: 'silent' }),
  database,
  db: database.db,
  files: store,
  events: createEventHub(),
  jobs: undefined,
});
await app.ready();
const user = await createUser(database.db, {
  username: 'bench',
  password: 'bench-pass-1',
  name: 'Bench',
  roles: ['admin'],
});
const login = await app.inject({
  method: 'POST',
  url: '/api/login/',
  payload: { username: 'bench', password: 'bench-pass-1' },
});
const token = login.json().data.token as string;
const session = {
  id: user.id,
  username: 'bench',
  name: 'Bench',
  roles: ['admin' as const],
  sessionId: 0,
  mustChangePassword: false,
};

const call = async (method: 'GET' | 'POST', url: string, body?: object) => {
  const res = await app.inject({
    method,
    url,
    headers: { 'x-token': token },
    ...(body ? { payload: body } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res;
};

// Ten product pictures, prepared like uploads.
const pictureIds: number[] = [];
for (let i = 0; i < 10; i++) {
  const bytes = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: { r: 20 * i, g: 120, b: 200 - 10 * i } },
  })
    .jpeg()
    .toBuffer();
  const file = await saveFile(database.db, store, { bytes, name: `p${i}.jpg`, userId: user.id });
  await preparePicture(database.db, store, file.id, 'file_id', session);
  pictureIds.push(file.id);
}
const customer = (
  await call('POST', '/api/customer/create/', {
    company_name: '上海进出口有限公司 Shanghai Imports',
    email: 'buyer@sh.test',
  })
).json().data.id as number;
const lines = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    description: `不锈钢厨房刀具套装 ${i + 1} 件 Stainless kitchen knife set, mirror polish`,
    model: `KN-${1000 + i}`,
    quantity: String(100 + i),
    unit: 'set',
    unit_price: `${(i % 50) + 1}.35`,
    picture_file_id: pictureIds[i % pictureIds.length],
  }));
const make = async (n: number) =>
  (
    await call('POST', '/api/quotation/create/', {
      customer_id: customer,
      items: lines(n),
      trade_term: 'FOB',
      valid_until: '2999-12-31',
    })
  ).json().data.id as number;

console.log(
  `Quotation PDF (${renders} renders each, in process, PGlite, ${threads === '0' ? 'on the main thread' : 'on PDF threads'})`,
);
for (const n of [3, 200]) {
  const id = await make(n);
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < renders; i++) {
    const start = performance.now();
    const res = await call('GET', `/api/quotation/pdf/?id=${id}`);
    times.push(performance.now() - start);
    size = res.rawPayload.length;
  }
  console.log(
    `  ${String(n).padStart(3)} lines: p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}, size ${(size / 1024).toFixed(1)} kB, peak RSS ${mb(process.resourceUsage().maxRSS * 1024)}`,
  );
}

/** `count` PDFs of the quotation at once while the list is asked every 50 ms. */
async function concurrentPdfs(id: number, count: number) {
  const listTimes: number[] = [];
  let running = true;
  const lister = (async () => {
    while (running) {
      const start = performance.now();
      await call('GET', '/api/quotation/list/?page_size=20');
      listTimes.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const pdfTimes: number[] = [];
  // How long the event loop was held: every other request waits at least that long.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const wall = performance.now();
  await Promise.all(
    Array.from({ length: count }, async () => {
      const start = performance.now();
      await call('GET', `/api/quotation/pdf/?id=${id}`);
      pdfTimes.push(performance.now() - start);
    }),
  );
  const elapsed = performance.now() - wall;
  loopDelay.disable();
  running = false;
  await lister;
  return (
    `${((count / elapsed) * 1000).toFixed(1)} PDF/s, p95 ${ms(pct(pdfTimes, 95))}; ` +
    `list p95 during the run ${ms(pct(listTimes, 95))} (${listTimes.length} calls); ` +
    `event loop held up to ${ms(loopDelay.max / 1e6)} (p99 ${ms(loopDelay.percentile(99) / 1e6)})`
  );
}
for (let i = 0; i < 200; i++) await make(3);
const id3 = await make(3);
console.log(`  ${concurrent} concurrent 3-line PDFs: ${await concurrentPdfs(id3, concurrent)}`);
// The case the PDF threads are for: big documents must not hold up the rest of the app.
const id200 = await make(200);
console.log(`  4 concurrent 200-line PDFs: ${await concurrentPdfs(id200, 4)}`);

// History of a quotation with 100 versions.
const hid = await make(20);
let version = 1;
for (let i = 0; i < 99; i++) {
  const items = lines(20).map((l, j) => (j === i % 20 ? { ...l, unit_price: `${i + 2}.5` } : l));
  version = (await call('POST', '/api/quotation/update/', { id: hid, version, items })).json().data.version;
}
const historyTimes: number[] = [];
const diffTimes: number[] = [];
for (let i = 0; i < 50; i++) {
  let start = performance.now();
  await call('GET', `/api/quotation/history/?id=${hid}`);
  historyTimes.push(performance.now() - start);
  start = performance.now();
  await call('GET', `/api/quotation/diff/?id=${hid}&from=${1 + (i % 99)}&to=100`);
  diffTimes.push(performance.now() - start);
}
console.log(
  `History of 100 versions: history p95 ${ms(pct(historyTimes, 95))} (p50 ${ms(pct(historyTimes, 50))}), diff p95 ${ms(pct(diffTimes, 95))} (p50 ${ms(pct(diffTimes, 50))})`,
);

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
