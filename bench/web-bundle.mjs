#!/usr/bin/env node
// Compressed size of the JavaScript the login page loads (the entries — the app and the tiny
// first-screen script — with everything they import statically; the login page is part of the
// app's own file), and of the largest chunk: brotli, as the server sends it, and gzip. Builds the
// web app first when there is no build. Exits 1 when the first page is over budget (brotli; the
// bytes over the wire with headers are bench/web-load.ts's).
//   node bench/web-bundle.mjs [--build] [--json]
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const BUDGET_KB = 250;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
const args = new Set(process.argv.slice(2));

if (args.has('--build') || !existsSync(manifestPath)) {
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'ignore' });
  if (built.status !== 0) {
    console.error('web build failed');
    process.exit(1);
  }
}

/** @type {Record<string, {file: string, imports?: string[], css?: string[], isEntry?: boolean}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const gz = (file) => gzipSync(readFileSync(path.join(dist, file))).length;
/** The build's own .br copy (what the server sends), or brotli at the same level. */
const br = (file) => {
  const full = path.join(dist, file);
  if (existsSync(`${full}.br`)) return readFileSync(`${full}.br`).length;
  return brotliCompressSync(readFileSync(full), {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  }).length;
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

/** Files a module needs before it runs: itself and its static imports, transitively. */
function closure(keys) {
  const files = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const k of keys) visit(k);
  return { files: [...files], css: [...css] };
}

const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
const login = Object.keys(manifest).find((k) => k.endsWith('features/auth/pages/LoginPage.tsx'));
const layout = Object.keys(manifest).find((k) => k.endsWith('layout/Layout.tsx'));
const dashboard = Object.keys(manifest).find((k) => k.endsWith('features/dashboard/pages/DashboardPage.tsx'));
if (entries.length === 0) {
  console.error('no entry in the manifest');
  process.exit(1);
}

const sum = (files, size = gz) => files.reduce((n, f) => n + size(f), 0);
// The login page is a chunk of its own only if app/screens.ts loads it lazily again.
const first = closure([...entries, login].filter(Boolean));
const firstJs = sum(first.files);
const firstBr = sum(first.files, br);
const signedIn = closure([...entries, layout, dashboard].filter(Boolean));
const signedInJs = sum(signedIn.files);
const signedInBr = sum(signedIn.files, br);

// The dashboard's charts (ECharts) are a lazy chunk: in neither first load above.
const chartsKey = Object.keys(manifest).find((k) =>
  k.endsWith('features/dashboard/charts/DashboardCharts.tsx'),
);
const charts = chartsKey ? closure([chartsKey]) : { files: [] };
const chartsOnly = charts.files.filter((f) => !signedIn.files.includes(f));
const chartsFile = chartsKey ? manifest[chartsKey].file : '';
const chartsEager = first.files.includes(chartsFile) || signedIn.files.includes(chartsFile);

const allJs = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ file: `assets/${f}`, gzip: gz(`assets/${f}`) }))
  .sort((a, b) => b.gzip - a.gzip);
const largest = allJs[0];
const totalJs = allJs.reduce((n, c) => n + c.gzip, 0);

const result = {
  loginPageJsBrotli: firstBr,
  loginPageJsGzip: firstJs,
  loginPageFiles: first.files.length,
  loginPageCssGzip: sum(first.css),
  dashboardJsBrotli: signedInBr,
  dashboardJsGzip: signedInJs,
  dashboardChartsJsGzip: sum(chartsOnly),
  dashboardChartsEager: Boolean(chartsEager),
  largestChunk: largest,
  chunks: allJs.length,
  totalJsGzip: totalJs,
  budget: BUDGET_KB * 1024,
};

if (args.has('--json')) console.log(JSON.stringify(result, null, 2));
else {
  console.log(
    `login page JS (brotli):     ${kb(firstBr)} in ${first.files.length} files (budget ${BUDGET_KB} kB); gzip ${kb(firstJs)}`,
  );
  console.log(`login page CSS (gzip):      ${kb(result.loginPageCssGzip)}`);
  console.log(`signed-in dashboard:        ${kb(signedInBr)} brotli, ${kb(signedInJs)} gzip`);
  console.log(
    `dashboard charts (lazy):    ${kb(sum(chartsOnly, br))} brotli, ${kb(sum(chartsOnly))} gzip${chartsEager ? ' — LOADED EAGERLY' : ', fetched only when the dashboard draws them'}`,
  );
  console.log(`largest chunk (gzip):       ${kb(largest.gzip)} ${largest.file}`);
  console.log(`all JS (gzip):              ${kb(totalJs)} in ${allJs.length} chunks`);
}
process.exit(firstBr > BUDGET_KB * 1024 ? 1 : 0);
