// Thumbnails of phone photos: 100 JPEGs of 4000×3000 uploaded and prepared through the real API
// (POST /api/file/upload/, then POST /api/product/prepare_picture/) by a few clients at once, as the
// product form does. Prints the time per picture and the server's memory while it works.
//   npx tsx bench/product-pictures.ts [--pictures=100] [--clients=4]
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DEFAULT_ADMIN_PASSWORD } from '../apps/server/src/config';
import { migrateDatabase, openPglite } from '../apps/server/src/db/client';
import { ensureFirstAdmin } from '../apps/server/src/modules/users/service';
import { argValue } from './lib/server-database';
import {
  BENCH_ADMIN_PASSWORD,
  loginHeaders,
  SERVER_MAIN,
  startScript,
  statusMb,
  stop,
  waitFor,
} from './lib/server-process';

const arg = argValue;
const count = Number(arg('pictures', '100'));
const clients = Number(arg('clients', '4'));
/** Distinct photos; each is uploaded several times (every upload is its own file and is processed). */
const DISTINCT = 5;

/** A 12-megapixel photo with a phone's level of detail (noise softened), EXIF orientation 6. */
async function phonePhoto(i: number): Promise<Buffer> {
  const noisy = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 100 + i * 20, sigma: 40 },
    },
  })
    .blur(1.2)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(noisy.data, { raw: noisy.info })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qs-bench-pictures-'));
let server: ChildProcess | undefined;
try {
  const database = await openPglite(path.join(dataDir, 'db'));
  await migrateDatabase(database);
  await ensureFirstAdmin(database.db, BENCH_ADMIN_PASSWORD, DEFAULT_ADMIN_PASSWORD);
  await database.close();

  const photos = await Promise.all(Array.from({ length: DISTINCT }, (_, i) => phonePhoto(i)));
  const mb = photos.reduce((s, p) => s + p.length, 0) / photos.length / 1e6;
  console.log(
    `${count} uploads of 4000×3000 JPEGs (${DISTINCT} distinct, ${mb.toFixed(1)} MB on average), ${clients} clients`,
  );

  const port = 19_000 + Math.floor(Math.random() * 1000);
  server = startScript(SERVER_MAIN, [], {
    QUAYSIDE_DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health/`);
  const { 'x-token': token } = await loginHeaders(base);
  const pid = server.pid!;
  const idleRss = statusMb(pid, 'VmRSS');

  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(statusMb(pid, 'VmRSS')), 100);
  const prepareMs: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count) {
        const i = next++;
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(photos[i % DISTINCT]!)]), `IMG_${i}.jpg`);
        const up = await fetch(`${base}/api/file/upload/`, {
          method: 'POST',
          headers: { 'x-token': token },
          body: form,
        });
        const fileId = ((await up.json()) as { data: { id: number } }).data.id;
        const p0 = performance.now();
        const res = await fetch(`${base}/api/product/prepare_picture/`, {
          method: 'POST',
          headers: { 'x-token': token, 'content-type': 'application/json' },
          body: JSON.stringify({ file_id: fileId }),
        });
        if (res.status !== 200) throw new Error(`prepare ${res.status}: ${await res.text()}`);
        await res.json();
        prepareMs.push(performance.now() - p0);
      }
    }),
  );
  const wall = performance.now() - t0;
  clearInterval(sampler);
  prepareMs.sort((a, b) => a - b);
  const pct = (p: number) =>
    Math.round(prepareMs[Math.min(prepareMs.length - 1, Math.floor(p * prepareMs.length))]!);
  const thirds = [0, 1, 2].map((k) => {
    const part = samples.slice(
      Math.floor((k * samples.length) / 3),
      Math.floor(((k + 1) * samples.length) / 3),
    );
    return Math.max(...part);
  });
  console.table({
    'wall time per picture (upload + thumbnails), ms': Math.round(wall / count),
    'thumbnails per picture, p50 ms (waiting its turn included)': pct(0.5),
    'thumbnails per picture, p95 ms': pct(0.95),
    'pictures per second': Number(((count / wall) * 1000).toFixed(1)),
    'server RSS idle, MB': idleRss,
    'server RSS peak, MB': statusMb(pid, 'VmHWM'),
    'RSS max in 1st / 2nd / 3rd third of the run, MB': thirds.join(' / '),
  });
} finally {
  if (server) await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
