import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from '@playwright/test';

/**
 * Sanitised HTML in a bare Chromium page (no sandbox, no CSP: what an export or another client
 * would do with it), looking for anything that runs, loads or navigates where it must not. Each
 * piece sits in its own `<section data-probe>`, so a finding names the piece it came from.
 */
export type ProbeItem = { label: string; html: string };
export type Finding = { label: string; problem: string };

const PAGE = 'http://mail.test/';

/**
 * The page-side code, as plain JavaScript text: a function compiled by this test's transpiler can
 * carry helpers (esbuild's `__name`) that do not exist in the page.
 *
 * `inspect`: what the page holds that it must not, read from the DOM as Chromium resolved it.
 * `showImages`: the web's "show images" (apps/web/src/features/email/body.ts revealRemoteImages).
 * `followLinks(n)`: every link of piece n followed in this page (without its `target`, so whatever
 * it would run runs here), every form submitted.
 */
const INSPECT = `(() => {
  const out = [];
  const indexOf = (el) => Number(el.closest('section[data-probe]')?.getAttribute('data-probe') ?? -1);
  const forbidden = 'script, iframe, frame, frameset, object, embed, applet, base, meta[http-equiv], link, form, input, button, textarea, select, svg, math, template, noscript, portal, fencedframe';
  for (const el of document.querySelectorAll(forbidden)) out.push({ index: indexOf(el), problem: '<' + el.localName + '>' });
  const urlAttrs = ['href', 'src', 'srcset', 'action', 'formaction', 'background', 'poster', 'xlink:href', 'data', 'cite', 'ping', 'lowsrc', 'dynsrc', 'longdesc', 'codebase', 'usemap', 'srcdoc'];
  for (const el of document.querySelectorAll('section[data-probe] *')) {
    for (const attr of el.attributes) {
      if (/^on/i.test(attr.name)) out.push({ index: indexOf(el), problem: el.localName + '[' + attr.name + ']' });
      const kept = (el.localName === 'a' && attr.name === 'href') || (el.localName === 'img' && attr.name === 'src');
      if (urlAttrs.includes(attr.name) && !kept) out.push({ index: indexOf(el), problem: el.localName + '[' + attr.name + '=' + attr.value.slice(0, 60) + ']' });
    }
    const style = el.getAttribute('style') ?? '';
    if (/url\\s*\\(|image\\s*\\(|image-set|expression|javascript:/i.test(style)) out.push({ index: indexOf(el), problem: 'style=' + style.slice(0, 80) });
  }
  for (const a of document.querySelectorAll('a[href], area[href]')) {
    let protocol = 'unparseable:';
    try { protocol = new URL(a.href).protocol; } catch {}
    if (!['http:', 'https:', 'mailto:', 'tel:'].includes(protocol)) out.push({ index: indexOf(a), problem: 'a.href ' + a.href.slice(0, 60) });
  }
  for (const img of document.querySelectorAll('img[src]')) {
    const src = img.src;
    const ok = /^https?:/i.test(src) || /^cid:/i.test(src) || /^data:image\\/(png|jpeg|gif|webp)[;,]/i.test(src);
    if (!ok) out.push({ index: indexOf(img), problem: 'img.src ' + src.slice(0, 60) });
  }
  for (const sheet of document.querySelectorAll('style')) {
    const css = sheet.textContent ?? '';
    if (/url\\s*\\(|@import|expression|javascript:|behavior|binding/i.test(css)) out.push({ index: indexOf(sheet), problem: '<style>' + css.slice(0, 80) });
  }
  return out;
})()`;

const SHOW_IMAGES = `(() => {
  const images = document.querySelectorAll('img[data-qs-remote-src]');
  for (const img of images) {
    const src = (img.getAttribute('data-qs-remote-src') ?? '').trim();
    if (/^(https?:)?\\/\\//i.test(src)) img.setAttribute('src', src);
    img.removeAttribute('data-qs-remote-src');
  }
  return images.length;
})()`;

const followLinks = (section: number) => `(() => {
  const scope = document.querySelector('section[data-probe="${section}"]');
  if (!scope) return 0;
  const links = [...scope.querySelectorAll('a[href], area[href]')];
  for (const a of links) {
    a.removeAttribute('target');
    a.click();
  }
  const forms = [...scope.querySelectorAll('form')];
  for (const form of forms) {
    form.removeAttribute('target');
    form.requestSubmit();
  }
  return links.length + forms.length;
})()`;

type Located = { index: number; problem: string };

/** How an ordinary mail looks once shown: its tables, the first cell's colours, images, links. */
export type Looks = {
  tables: number;
  cellBackground: string;
  cellColor: string;
  images: string[];
  links: string[];
};
const LOOKS = `(() => {
  const cell = document.querySelector('td');
  const style = cell ? getComputedStyle(cell) : null;
  return {
    tables: document.querySelectorAll('table').length,
    cellBackground: style?.backgroundColor ?? '',
    cellColor: style?.color ?? '',
    images: [...document.querySelectorAll('img')].map((img) => img.src),
    links: [...document.querySelectorAll('a[href]')].map((a) => a.href),
  };
})()`;

/** The probe's own scripts: anything else Chromium compiles is the page's code. */
const isOwn = (source: string) =>
  source === INSPECT || source === SHOW_IMAGES || source.includes('section[data-probe=');
/** Scripts Playwright itself evaluates: its injected module and its evaluate wrapper. */
const isPlaywrights = (source: string) =>
  source === '' ||
  source.startsWith('((utilityScript') ||
  source.slice(0, 120).includes('const module = {};');

export type Probe = {
  check(items: readonly ProbeItem[]): Promise<Finding[]>;
  /** The mail shown after "show images", and the image addresses the page then asked for. */
  look(html: string): Promise<Looks & { loaded: string[] }>;
  close(): Promise<void>;
};

export async function openProbe(): Promise<Probe> {
  const browser: Browser = await chromium.launch({
    // Debian's Chromium with the flags of playwright.config.ts.
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const context: BrowserContext = await browser.newContext();
  const page: Page = await context.newPage();
  let document = '';
  let events: string[] = [];
  let loaded: string[] = [];
  const ran: Promise<void>[] = [];

  const watch = async (p: Page) => {
    p.on('dialog', (dialog) => {
      events.push(`dialog ${dialog.type()}: ${dialog.message().slice(0, 60)}`);
      void dialog.dismiss().catch(() => {});
    });
    // Chromium compiles every script it runs: any that is not the probe's own is the page's code.
    const cdp: CDPSession = await context.newCDPSession(p);
    cdp.on('Debugger.scriptParsed', (e: { scriptId: string; url: string }) => {
      ran.push(
        cdp
          .send('Debugger.getScriptSource', { scriptId: e.scriptId })
          .then(({ scriptSource }) => {
            if (!isOwn(scriptSource) && !isPlaywrights(scriptSource))
              events.push(`script ran (${e.url || 'inline'}): ${scriptSource.slice(0, 60)}`);
          })
          .catch(() => {}),
      );
    });
    await cdp.send('Debugger.enable');
  };
  await watch(page);
  context.on('page', (popup) => {
    events.push(`popup ${popup.url()}`);
    void watch(popup).then(() => popup.close());
  });
  await context.route('**/*', async (route) => {
    const request = route.request();
    if (request.url() === PAGE && request.frame() === page.mainFrame() && request.isNavigationRequest()) {
      return route.fulfill({ contentType: 'text/html; charset=utf-8', body: document });
    }
    const url = new URL(request.url());
    const type = request.resourceType();
    const allowed =
      (type === 'image' || type === 'document') && (url.protocol === 'http:' || url.protocol === 'https:');
    if (!allowed) events.push(`${type} request ${request.url().slice(0, 80)}`);
    if (type === 'image') loaded.push(request.url());
    // 204: a followed link leaves the page where it is, an image stays empty.
    return route.fulfill({ status: 204 });
  });

  return {
    async check(items) {
      const findings: Finding[] = [];
      document = `<!doctype html><html><head><meta charset="utf-8"></head><body>${items
        .map((item, i) => `<section data-probe="${i}">${item.html}</section>`)
        .join('\n')}</body></html>`;
      events = [];
      await page.goto(PAGE, { waitUntil: 'load' });
      const name = (index: number) => items[index]?.label ?? 'the page';
      for (const { index, problem } of await page.evaluate<Located[]>(INSPECT))
        findings.push({ label: name(index), problem });
      await Promise.all(ran.splice(0));
      // Clicked one piece at a time, so that what a click runs is laid at that piece's door.
      for (let i = 0; i < items.length; i++) {
        const before = events.length;
        if ((await page.evaluate<number>(followLinks(i))) > 0) {
          await page.waitForTimeout(20);
          await Promise.all(ran.splice(0));
        }
        for (const event of events.splice(before)) findings.push({ label: name(i), problem: event });
      }
      await page.evaluate(SHOW_IMAGES);
      await page.waitForLoadState('load');
      for (const { index, problem } of await page.evaluate<Located[]>(INSPECT))
        findings.push({ label: name(index), problem: `after show images: ${problem}` });
      await Promise.all(ran.splice(0));
      for (const event of events) findings.push({ label: 'the page', problem: event });
      return findings;
    },
    async look(html) {
      document = `<!doctype html><html><head><meta charset="utf-8"></head><body>${html}</body></html>`;
      loaded = [];
      await page.goto(PAGE, { waitUntil: 'load' });
      await page.evaluate(SHOW_IMAGES);
      await page.waitForFunction('[...document.images].every((img) => img.complete)');
      const looks = await page.evaluate<Looks>(LOOKS);
      return { ...looks, loaded: [...loaded] };
    },
    async close() {
      await browser.close();
    },
  };
}
