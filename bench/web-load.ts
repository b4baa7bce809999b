// What a phone downloads and waits for, per main screen: the app as `npm start` serves it (with the
// sample data), in headless Chromium on Lighthouse's mobile profile (slow 4G, 4× slower CPU). Bytes
// are the encoded bytes of the browser's network log (what crosses the wire, compressed); "ready" is
// the time from navigation until the screen shows what it is for (the login form, the dashboard,
// the first rows of a list, the editor). "again" is a second visit in the same browser: what the
// cache does not spare. Then Lighthouse (mobile, performance only) on /login and the dashboard.
//   npx tsx bench/web-load.ts [--no-lighthouse] [--json] [--lighthouse-only] [--reports DIR]
// (--reports keeps Lighthouse's JSON reports, to see which scripts block the main thread)
// Lighthouse comes from the npm registry through npx (pinned below; not a dependency of the
// project: 200 packages only this bench needs) and drives /usr/bin/chromium.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { freePort, startApp } from './lib/app-process';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE = 'lighthouse@12.8.2';
const ADMIN_PASSWORD = 'bench-admin-2026';
/** Lighthouse's mobile profile as DevTools applies it (slow 4G; its "simulate" mode models the same). */
const NETWORK = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
};

/** `path`: a function for a screen that needs a new record per visit. */
type Screen = { name: string; path: string | (() => Promise<string>); signedIn: boolean; ready: string };
type Traffic = { js: number; css: number; api: number; total: number; requests: number };

const argv = process.argv.slice(2);
const args = new Set(argv);
const reportsDir = argv.includes('--reports') ? argv[argv.indexOf('--reports') + 1] : undefined;
const app = await startApp({ demo: true, env: { QUAYSIDE_ADMIN_PASSWORD: ADMIN_PASSWORD } });
const base = app.baseUrl;

async function api<T>(method: 'GET' | 'POST', url: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { error_status: number; msg: string; data: T };
  if (json.error_status !== 0) throw new Error(`${url}: ${json.msg}`);
  return json.data;
}

const { token } = await api<{ token: string }>('POST', '/api/login/', undefined, {
  username: 'admin',
  password: ADMIN_PASSWORD,
});
// The sample mailbox is disabled (it reaches no server); compose needs an account to send from.
type Account = Record<string, unknown> & { id: number };
const [account] = await api<Account[]>('GET', '/api/email/get_email_account_detail/', token);
if (!account) throw new Error('the sample data has no mail account');
await api('POST', '/api/email/update_email_account/', token, { ...account, enabled: true });
// A new draft per visit: the editor drops a draft left blank when its page closes.
const newDraftPath = async () =>
  `/email/emailCreate/${(await api<{ id: number }>('GET', '/api/email/compose/?mode=new', token)).id}`;

const SCREENS: Screen[] = [
  { name: 'login', path: '/login', signedIn: false, ready: 'form button[type="submit"]' },
  { name: 'dashboard', path: '/dashboard', signedIn: true, ready: '.dashboard .shortcut' },
  { name: 'customer list', path: '/customer/list', signedIn: true, ready: '.ant-table-row' },
  { name: 'email inbox', path: '/email/inbox', signedIn: true, ready: '.ant-table-row' },
  { name: 'compose', path: newDraftPath, signedIn: true, ready: '.ProseMirror' },
];

const sessionCookie = () => ({ name: 'rs-token', value: token, url: base });

/** Encoded bytes of every response from now on, by kind, from the DevTools network events. */
async function recordTraffic(page: Page): Promise<() => Traffic> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const types = new Map<string, string>();
  const traffic: Traffic = { js: 0, css: 0, api: 0, total: 0, requests: 0 };
  cdp.on('Network.responseReceived', (e) => {
    const kind = e.response.url.includes('/api/') ? 'api' : e.type;
    types.set(e.requestId, kind);
  });
  cdp.on('Network.loadingFinished', (e) => {
    const kind = types.get(e.requestId);
    traffic.total += e.encodedDataLength;
    traffic.requests += 1;
    if (kind === 'Script') traffic.js += e.encodedDataLength;
    else if (kind === 'Stylesheet') traffic.css += e.encodedDataLength;
    else if (kind === 'api') traffic.api += e.encodedDataLength;
  });
  return () => ({ ...traffic });
}

/** Waits until no request has finished for `quietMs` (the lazy parts a screen fetches after it shows). */
async function settle(page: Page, quietMs = 1500) {
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => {});
  await page.waitForTimeout(quietMs);
}

async function visit(
  context: BrowserContext,
  screen: Screen,
): Promise<{ traffic: Traffic; readyMs: number }> {
  const page = await context.newPage();
  const traffic = await recordTraffic(page);
  const address = typeof screen.path === 'string' ? screen.path : await screen.path();
  await page.goto(`${base}${address}`, { waitUntil: 'commit' });
  await page.locator(screen.ready).first().waitFor({ state: 'visible', timeout: 60_000 });
  const readyMs = await page.evaluate(() => performance.now());
  await settle(page);
  const result = { traffic: traffic(), readyMs };
  await page.close();
  return result;
}

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
const rows: Record<string, string | number>[] = [];
try {
  for (const screen of args.has('--lighthouse-only') ? [] : SCREENS) {
    const context = await browser.newContext(PHONE);
    if (screen.signedIn) await context.addCookies([sessionCookie()]);
    let first: Awaited<ReturnType<typeof visit>>;
    let again: Awaited<ReturnType<typeof visit>>;
    try {
      first = await visit(context, screen);
      again = await visit(context, screen);
    } catch (error) {
      // One screen that never shows (a broken page) must not hide the others' figures.
      rows.push({ screen: screen.name, error: String(error).split('\n')[0] ?? 'failed' });
      process.exitCode = 1;
      continue;
    } finally {
      await context.close();
    }
    const kb = (n: number) => Math.round(n / 102.4) / 10;
    rows.push({
      screen: screen.name,
      'JS kB': kb(first.traffic.js),
      'CSS kB': kb(first.traffic.css),
      'API kB': kb(first.traffic.api),
      'total kB': kb(first.traffic.total),
      requests: first.traffic.requests,
      'ready s': Math.round(first.readyMs / 100) / 10,
      'again kB': kb(again.traffic.total),
      'again ready s': Math.round(again.readyMs / 100) / 10,
    });
  }
} finally {
  await browser.close();
}

/** Lighthouse (its default mobile profile, simulated throttling) in a browser of its own. */
async function lighthouse(
  url: string,
  signedIn: boolean,
): Promise<{ score: number; audits: Record<string, string> }> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'quayside-lh-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [`--remote-debugging-port=${port}`],
  });
  try {
    if (signedIn) await context.addCookies([sessionCookie()]);
    const out = path.join(profile, 'report.json');
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(
        'npx',
        [
          '--yes',
          LIGHTHOUSE,
          url,
          `--port=${port}`,
          '--only-categories=performance',
          '--output=json',
          `--output-path=${out}`,
          '--quiet',
          // Keeps the session cookie set above; the profile is new, so the cache is empty anyway.
          '--disable-storage-reset',
        ],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
      child.on('exit', resolve);
    });
    if (code !== 0) throw new Error(`lighthouse exited with ${code}`);
    if (reportsDir)
      copyFileSync(out, path.join(reportsDir, `lighthouse-${new URL(url).pathname.slice(1)}.json`));
    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      finalDisplayedUrl: string;
      categories: { performance: { score: number } };
      audits: Record<string, { displayValue?: string }>;
    };
    if (signedIn && report.finalDisplayedUrl.includes('/login'))
      throw new Error('lighthouse was not signed in');
    const pick = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index'];
    return {
      score: Math.round(report.categories.performance.score * 100),
      audits: Object.fromEntries(pick.map((a) => [a, report.audits[a]?.displayValue ?? '?'])),
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const scores: Record<string, string | number>[] = [];
try {
  if (!args.has('--no-lighthouse')) {
    for (const [name, url, signedIn] of [
      ['login', `${base}/login`, false],
      ['dashboard', `${base}/dashboard`, true],
    ] as const) {
      const { score, audits } = await lighthouse(url, signedIn);
      scores.push({ page: name, performance: score, ...audits });
    }
  }
} finally {
  await app.stop();
}

if (args.has('--json')) {
  console.log(JSON.stringify({ screens: rows, lighthouse: scores }, null, 2));
} else {
  console.log(
    `Per screen, first visit (empty cache) on a throttled phone (latency ${NETWORK.latency} ms, ` +
      `${Math.round((NETWORK.downloadThroughput * 8) / 1024)} kbit/s, CPU ${CPU_SLOWDOWN}× slower); encoded bytes:`,
  );
  if (rows.length) console.table(rows);
  if (scores.length) {
    console.log(`Lighthouse ${LIGHTHOUSE.split('@')[1]}, mobile, performance:`);
    console.table(scores);
  }
}
