// Packing-list PDF, in process (the real app through Fastify's inject, embedded PGlite): a 100-line
// packing list (Chinese and English descriptions, every carton figure filled, shipping marks) made
// from an order, then GET /api/packing_list/pdf/ `--renders` times: ms per PDF (p50/p95), size,
// pages; the same for the Chinese labels and for the .xlsx.
//   npx tsx bench/packing-list-pdf.ts [--renders=50] [--save=/tmp/packing.pdf]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { migrateDatabase, openPglite } from '../apps/server/src/db/client';
import { createEventHub } from '../apps/server/src/lib/events';
import { createFileStore } from '../apps/server/src/lib/files';
import { createUser } from '../apps/server/src/modules/users/service';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const renders = Number(arg('renders', '50'));
const save = arg('save', '');
const LINES = 100;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-bench-'));
const database = await openPglite(undefined);
await migrateDatabase(database);
const app = await buildApp({
  config: loadConfig({ QUAYSIDE_DATA_DIR: dataDir, QUAYSIDE_LOG_LEVEL: 'silent' }),
  database,
  db: database.db,
  files: createFileStore(dataDir),
  events: createEventHub(),
  jobs: undefined,
});
await app.ready();
await createUser(database.db, {
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

await call('POST', '/api/settings/company/', {
  name: 'Harbourline Trading Co., Ltd.',
  name_zh: '海港贸易有限公司',
  address: '88 Binjiang Road, Ningbo, China',
  email: 'sales@harbourline.test',
});
const customer = (await call('POST', '/api/customer/create/', { company_name: 'Acme Imports GmbH' })).json()
  .data;
const order = (
  await call('POST', '/api/order/create/', {
    customer_id: customer.id,
    port_of_loading: 'Ningbo',
    port_of_destination: 'Hamburg',
    items: Array.from({ length: LINES }, (_, i) => ({
      model: `M-${i + 1}`,
      description: `不锈钢厨房用品 Stainless kitchen item ${i + 1}`,
      quantity: String(12 * (i + 1)),
      unit_price: '1.5',
    })),
  })
).json().data;
const made = (await call('POST', '/api/packing_list/create_from_order/', { order_id: order.id })).json().data;
const items = made.items.map((line: Record<string, unknown>, i: number) => ({
  product_id: line.product_id,
  order_line: line.order_line,
  description: line.description,
  model: line.model,
  unit: line.unit,
  cartons: String(i + 1),
  qty_per_carton: '12',
  quantity: line.quantity,
  net_weight: '12.5',
  gross_weight: '14.25',
  length_cm: '60',
  width_cm: '40.5',
  height_cm: '35',
}));
const saved = (
  await call('POST', '/api/packing_list/update/', {
    id: made.id,
    version: 1,
    items,
    container_number: 'MSCU1234567',
    seal_number: 'SL-88',
    shipping_marks: 'ACME\nHAMBURG\nC/NO. 1-5050\nMADE IN CHINA',
  })
).json().data;

async function measure(url: string) {
  const times: number[] = [];
  let size = 0;
  let bytes: Buffer = Buffer.alloc(0);
  for (let i = 0; i < renders; i++) {
    const started = performance.now();
    const res = await call('GET', url);
    times.push(performance.now() - started);
    bytes = res.rawPayload;
    size = bytes.length;
  }
  return { p50: pct(times, 50), p95: pct(times, 95), size, bytes };
}

const file = path.join(dataDir, 'bench.pdf');
const pages = (bytes: Buffer) => {
  writeFileSync(file, bytes);
  return (
    execFileSync('pdfinfo', [file])
      .toString()
      .match(/Pages:\s+(\d+)/)?.[1] ?? '?'
  );
};
console.log(
  `packing list ${saved.number}: ${LINES} lines, ${saved.total_cartons} cartons, ${saved.total_cbm} CBM`,
);
for (const [label, url] of [
  ['PDF en', `/api/packing_list/pdf/?id=${made.id}`],
  ['PDF zh', `/api/packing_list/pdf/?id=${made.id}&lang=zh`],
  ['xlsx', `/api/packing_list/xlsx/?id=${made.id}`],
] as const) {
  const r = await measure(url);
  const extra = label.startsWith('PDF') ? `, ${pages(r.bytes)} pages` : '';
  if (save && label === 'PDF en') writeFileSync(save, r.bytes);
  console.log(
    `${label.padEnd(7)} p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms over ${renders} renders, ${kb(r.size)}${extra}`,
  );
}
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
