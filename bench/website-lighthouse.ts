// Lighthouse (mobile, simulated throttling: its defaults) on the public website's home and a product
// page, with a seeded catalogue (bench/lib/site-fixture.ts). Prints the four category scores.
// Run: npx tsx bench/website-lighthouse.ts   (Lighthouse 12.2.3, Debian's /usr/bin/chromium, offline)
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startSiteServer } from './lib/site-server';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const site = await startSiteServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
// The product page's canonical address (the short one redirects to it).
const product = (await fetch(`${site.base}${site.firstProductPath}`, { redirect: 'follow' })).url;
const pages: [string, string][] = [
  ['home', `${site.base}/site/`],
  ['product', product],
];
try {
  for (const [name, url] of pages) {
    // A first visit warms the server's caches and code; the measured one is the second.
    await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
    const scores = CATEGORIES.map((c) => `${c} ${Math.round((lhr.categories[c]?.score ?? 0) * 100)}`);
    const failed = Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 0.9 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'notApplicable',
      )
      .map((a) => a.id);
    console.log(`${name.padEnd(8)} ${scores.join(' · ')}  (${url.replace(site.base, '')})`);
    if (failed.length) console.log(`         below 0.9: ${failed.join(', ')}`);
  }
} finally {
  await chrome.kill();
  await site.close();
}
