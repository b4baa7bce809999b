import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SOURCE_WEBSITE } from '@quayside/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, emailAttachments, emails } from '../src/db/schema';
import { formStamp } from '../src/modules/website/form';
import { PageCache } from '../src/modules/website/page-cache';
import { PAGE_CACHE_BYTES, PAGE_CACHE_MAX_AGE_MS, siteState } from '../src/modules/website/site-state';
import { call, createTestApp, type TestApp } from './helpers';
import { multipartFile } from './multipart';

let t: TestApp;
let editor: string;
let kettle: { id: number; name: string };
let hostile: { id: number; name: string };
let hidden: { id: number; name: string };
let accountId: number;
const HOSTILE = `Mug <script>alert(1)</script> "x" & 'y'`;

const post = (url: string, body: object, token = t.adminToken) => call(t.app, 'POST', url, { token, body });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function upload(bytes: Buffer): Promise<number> {
  const { payload, headers } = multipartFile('photo.jpg', bytes);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/file/upload/',
    headers: { ...headers, 'x-token': t.adminToken },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

async function createProduct(fields: Record<string, unknown>) {
  const res = await post('/api/product/create/', fields);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; name: string; pictures: { file_id: number }[] };
}

/** A browser's multipart form post: text fields and, optionally, one file. */
function formBody(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const boundary = `----site${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A stamp from a minute ago: the form was shown long enough before it was sent. */
const oldStamp = () => formStamp(t.config.secret, Date.now() - 60_000);

async function inquire(
  fields: Record<string, string>,
  ip = '203.0.113.7',
  file?: { name: string; bytes: Buffer },
) {
  const { payload, headers } = formBody({ stamp: oldStamp(), ...fields }, file);
  return t.app.inject({ method: 'POST', url: '/site/inquiry', headers, payload, remoteAddress: ip });
}

beforeAll(async () => {
  t = await createTestApp();
  editor = await t.userToken(['editor'], 'eddie');
  const account = await post('/api/email/update_email_account/', {
    address: 'sales@example.test',
    name: 'Sales',
    imap_host: 'h',
    imap_user: 'u',
    imap_password: 'p',
  });
  accountId = account.body.data.id;
  const cat = await post('/api/product_category/create/', { name: 'Kitchen' });
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();
  const file = await upload(photo);
  kettle = await createProduct({
    name: 'Steel Kettle 1.7L',
    model: 'SK-17',
    category_id: cat.body.data.id,
    pictures: [{ file_id: file }],
    advantage: 'Boils fast.\n\nAuto shut-off.',
    tech_params: [{ key: 'Power', value: '2200 W' }],
    packaging: '12 pcs per carton',
    price: '12.5',
    moq: '500',
    published: true,
  });
  hostile = await createProduct({
    name: HOSTILE,
    model: 'H-1',
    advantage: '<img src=x onerror=alert(1)>',
    published: true,
  });
  hidden = await createProduct({ name: 'Secret Prototype', model: 'SP-1', published: false });
});

describe('public pages', () => {
  it('home lists published products, never unpublished ones, with its head tags', async () => {
    const res = await get('/site/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Steel Kettle 1.7L');
    expect(res.body).not.toContain('Secret Prototype');
    expect(res.body).toMatch(/<link rel="canonical" href="http:\/\/localhost(:\d+)?\/site\/">/);
    expect(res.body).toContain('hreflang="zh-CN"');
    expect(res.body).toContain('<meta name="description"');
    expect(res.body).toContain('<meta property="og:title"');
    expect(res.body).not.toMatch(/<script(?! type="application\/ld\+json")/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.etag).toBeTruthy();
  });

  it('answers 304 to a copy it already sent', async () => {
    const first = await get('/site/');
    const again = await get('/site/', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('product page: details, gallery with srcset and sizes, Product JSON-LD, canonical slug URL', async () => {
    const res = await get(`/site/product/${kettle.id}-steel-kettle-1-7l`);
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(body).toContain('<h1>Steel Kettle 1.7L</h1>');
    expect(body).toContain('SK-17');
    expect(body).toContain('<th scope="row">Power</th><td>2200 W</td>');
    expect(body).toContain('12 pcs per carton');
    expect(body).toMatch(/srcset="\/site\/picture\/\d+\.jpg 800w, \/site\/picture\/\d+\.jpg 1200w"/);
    expect(body).toMatch(/width="800" height="600"/);
    expect(body).toContain('"@type":"Product"');
    expect(body).toContain(`/site/product/${kettle.id}-steel-kettle-1-7l"`);
    expect(body).toContain('name="product_id"');
    // Prices stay hidden until the admin shows them.
    expect(body).not.toContain('12.50');
    const short = await get(`/site/product/${kettle.id}`);
    expect(short.statusCode).toBe(301);
    expect(short.headers.location).toBe(`/site/product/${kettle.id}-steel-kettle-1-7l`);
  });

  it('escapes a hostile product name and text everywhere', async () => {
    const list = await get('/site/products');
    expect(list.body).toContain('Mug &lt;script&gt;alert(1)&lt;/script&gt; &quot;x&quot; &amp; &#39;y&#39;');
    expect(list.body).not.toContain('<script>alert(1)');
    const page = await get(`/site/product/${hostile.id}`);
    const res = await get(String(page.headers.location));
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // In JSON-LD, '<' is escaped so the name cannot close the element.
    expect(res.body).toContain('\\u003cscript\\u003e');
  });

  it('a published product picture is public; an unpublished one is not', async () => {
    const page = await get(`/site/product/${kettle.id}-steel-kettle-1-7l`);
    const src = /<img src="(\/site\/picture\/\d+\.jpg)"/.exec(page.body)?.[1];
    expect(src).toBeTruthy();
    const pic = await get(src!);
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['content-type']).toBe('image/jpeg');
    expect(pic.headers['cache-control']).toContain('public');
  });

  it('search, category, about and contact pages', async () => {
    const search = await get('/site/search?q=kettle');
    expect(search.body).toContain('Steel Kettle 1.7L');
    expect(search.body).toContain('noindex');
    const none = await get('/site/search?q=prototype');
    expect(none.body).not.toContain('Secret Prototype');
    const home = await get('/site/');
    const catHref = /href="(\/site\/category\/\d+-kitchen)"/.exec(home.body)?.[1];
    expect(catHref).toBeTruthy();
    expect((await get(catHref!)).body).toContain('Steel Kettle 1.7L');
    expect((await get('/site/about')).statusCode).toBe(200);
    const contact = await get('/site/contact');
    expect(contact.body).toContain('<form class="form" id="inquiry"');
    expect(contact.body).toContain('name="website"');
  });

  it('Chinese pages: lang, words and alternates', async () => {
    const res = await get('/site/zh/products');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="zh-CN">');
    expect(res.body).toContain('全部产品');
    expect(res.body).toMatch(/hreflang="en" href="http:\/\/localhost(:\d+)?\/site\/products"/);
  });

  it('unknown pages are the site 404, not the back office', async () => {
    const res = await get('/site/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Page not found');
    expect((await get('/site/product/999999-x')).statusCode).toBe(404);
  });

  it('an unpublished product answers 410 at once and leaves the sitemap', async () => {
    const p = await createProduct({ name: 'Short Lived', published: true });
    const url = `/site/product/${p.id}-short-lived`;
    expect((await get(url)).statusCode).toBe(200);
    expect((await get('/site/sitemap.xml')).body).toContain(url);
    await post('/api/product/bulk_update/', { ids: [p.id], published: false });
    expect((await get(url)).statusCode).toBe(410);
    expect((await get('/site/sitemap.xml')).body).not.toContain(url);
    expect((await get(`/site/product/${hidden.id}-secret-prototype`)).statusCode).toBe(410);
  });

  it('sitemap lists published products and categories with lastmod, in both languages', async () => {
    const res = await get('/site/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain(`/site/product/${kettle.id}-steel-kettle-1-7l</loc><lastmod>`);
    expect(res.body).toContain(`/site/zh/product/${kettle.id}-steel-kettle-1-7l</loc>`);
    expect(res.body).toMatch(/\/site\/category\/\d+-kitchen<\/loc><lastmod>/);
    expect(res.body).not.toContain('secret-prototype');
    expect(res.body).toContain('&lt;script&gt;'.slice(0, 0));
    const robots = await get('/site/robots.txt');
    expect(robots.body).toMatch(/Sitemap: http:\/\/localhost(:\d+)?\/site\/sitemap.xml/);
  });

  it('the sitemap is kept compressed like a page, and a change of the catalogue or settings shows in it at once', async () => {
    const state = siteState(t.app.ctx);
    state.cache.clear();
    const first = await get('/site/sitemap.xml?x=1', { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-type']).toContain('application/xml');
    expect(state.cache.count).toBe(1);
    const again = await get('/site/sitemap.xml', { 'accept-encoding': 'gzip' });
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(gunzipSync(again.rawPayload).toString()).toContain('<urlset');
    expect(state.cache.count).toBe(1);
    expect((await get('/site/sitemap.xml', { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(
      304,
    );
    const p = await createProduct({ name: 'Fresh Teapot', published: true });
    const fresh = await get('/site/sitemap.xml');
    expect(fresh.body).toContain(`/site/product/${p.id}-fresh-teapot</loc>`);
    expect(fresh.headers.etag).not.toBe(first.headers.etag);
    await post('/api/product/bulk_update/', { ids: [p.id], published: false });
    expect((await get('/site/sitemap.xml')).body).not.toContain('fresh-teapot');
  });
});

describe('website settings', () => {
  const settingsBody = {
    company: {
      name: 'Harbour Trading',
      address: 'Ningbo',
      phone: '+86 574 1234',
      email: 'info@harbour.test',
    },
    site: {
      theme_color: '#aa3300',
      show_prices: true,
      intro: 'Kettles since 1998.',
      featured_product_ids: [] as number[],
    },
  };

  it('admins only (editor 403, no token 401/403)', async () => {
    expect((await call(t.app, 'GET', '/api/website/settings/', { token: editor })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/website/settings/')).status).toBeGreaterThanOrEqual(401);
    expect((await post('/api/website/update_settings/', settingsBody, editor)).status).toBe(403);
    const anon = await call(t.app, 'POST', '/api/website/update_settings/', { body: settingsBody });
    expect([401, 403]).toContain(anon.status);
  });

  it('400 names the field of a bad colour', async () => {
    const res = await post('/api/website/update_settings/', {
      ...settingsBody,
      site: { theme_color: 'red' },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('theme_color');
  });

  it('the saved name, colour and prices show on the public pages', async () => {
    const res = await post('/api/website/update_settings/', {
      ...settingsBody,
      site: { ...settingsBody.site, featured_product_ids: [kettle.id] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.site.languages).toEqual(['en', 'zh']);
    const back = await call(t.app, 'GET', '/api/website/settings/', { token: t.adminToken });
    expect(back.body.data.company.name).toBe('Harbour Trading');
    const home = await get('/site/');
    expect(home.body).toContain('Harbour Trading');
    expect(home.body).toContain('Kettles since 1998.');
    expect(home.body).toContain(':root{--brand:#aa3300}');
    expect(String(home.headers['content-security-policy'])).toMatch(
      /style-src 'self' 'sha256-[A-Za-z0-9+/=]+'/,
    );
    const product = await get(`/site/product/${kettle.id}-steel-kettle-1-7l`);
    expect(product.body).toContain('$12.50');
  });
});

describe('inquiry form', () => {
  const valid = {
    name: 'Ana Buyer',
    email: 'ana@buyer.test',
    company: 'Buyer <b>Ltd</b>',
    country: 'BR',
    phone: '+55 11 5555',
    message: 'Please quote 2000 kettles FOB Ningbo. <script>alert(1)</script>',
  };

  it('becomes an inquiry email in the inbox with a new customer (source Website)', async () => {
    const res = await inquire({ ...valid, product_id: String(kettle.id) }, '203.0.113.7', {
      name: 'spec.pdf',
      bytes: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Thank you for your inquiry');
    const [row] = await t.database.db.select().from(emails).where(eq(emails.fromAddress, 'ana@buyer.test'));
    expect(row).toBeTruthy();
    expect(row!.type).toBe('inquiry');
    expect(row!.folder).toBe('inbox');
    expect(row!.accountId).toBe(accountId);
    expect(row!.senderIp).toBe('203.0.113.7');
    expect(row!.subject).toBe('Website inquiry: Steel Kettle 1.7L');
    expect(row!.text).toContain('Please quote 2000 kettles');
    expect(row!.text).toContain('SK-17');
    expect(row!.html).toBe('');
    const [customer] = await t.database.db.select().from(customers).where(eq(customers.id, row!.customerId!));
    expect(customer!.source).toBe(SOURCE_WEBSITE);
    expect(customer!.email).toBe('ana@buyer.test');
    expect(customer!.companyName).toBe('Buyer <b>Ltd</b>');
    const files = await t.database.db
      .select()
      .from(emailAttachments)
      .where(eq(emailAttachments.emailId, row!.id));
    expect(files.map((f) => f.name)).toEqual(['spec.pdf']);
    const list = await call(t.app, 'GET', '/api/inquiry/list/', { token: t.adminToken });
    expect(JSON.stringify(list.body)).toContain('Website inquiry: Steel Kettle 1.7L');
  });

  it('a known address is matched to its customer, not duplicated', async () => {
    const res = await inquire(
      { ...valid, email: 'ANA@buyer.test', message: 'Second question about lids.' },
      '203.0.113.8',
    );
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db.select().from(customers).where(eq(customers.email, 'ana@buyer.test'));
    expect(rows).toHaveLength(1);
    const mails = await t.database.db.select().from(emails).where(eq(emails.customerId, rows[0]!.id));
    expect(mails).toHaveLength(2);
  });

  it('mistakes bring the form back with what was typed and the fields named', async () => {
    const res = await inquire(
      { ...valid, email: 'not-an-email', message: 'short', name: '<b>Ana</b>' },
      '203.0.113.9',
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Please enter a valid email address.');
    expect(res.body).toContain('Please write at least 10 characters.');
    expect(res.body).toContain('value="not-an-email"');
    expect(res.body).toContain('value="&lt;b&gt;Ana&lt;/b&gt;"');
    expect(res.body).toContain('aria-invalid="true"');
  });

  it('refuses a file type that is not allowed', async () => {
    const res = await inquire(valid, '203.0.113.10', {
      name: 'run.exe',
      bytes: Buffer.from('MZ\x90\x00\x03\x00\x00\x00'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Attach a PDF');
  });

  it('spam: the honeypot is thanked and nothing stored; a too quick post is refused', async () => {
    const before = (await t.database.db.select().from(emails)).length;
    const bot = await inquire(
      { ...valid, email: 'bot@spam.test', website: 'http://spam.test' },
      '198.51.100.1',
    );
    expect(bot.statusCode).toBe(200);
    const quick = await inquire(
      { ...valid, email: 'fast@spam.test', stamp: formStamp(t.config.secret) },
      '198.51.100.2',
    );
    expect(quick.statusCode).toBe(400);
    const forged = await inquire(
      { ...valid, email: 'forged@spam.test', stamp: `${Date.now() - 60_000}.AAAAAAAAAAAAAAAAAAAAAA` },
      '198.51.100.3',
    );
    expect(forged.statusCode).toBe(400);
    expect((await t.database.db.select().from(emails)).length).toBe(before);
    expect(
      (await t.database.db.select().from(customers).where(eq(customers.email, 'bot@spam.test'))).length,
    ).toBe(0);
  });

  it('rate limit: the sixth post from one address in ten minutes gets a friendly 429 page', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await inquire({ ...valid, website: 'x' }, '198.51.100.50')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    const last = await inquire(valid, '198.51.100.50');
    expect(last.statusCode).toBe(429);
    expect(last.body).toContain('Please wait a moment');
  });
});

describe('page cache', () => {
  it('keeps a rendered page with its compressed copies and sends the one the client accepts', async () => {
    const url = `/site/product/${kettle.id}-steel-kettle-1-7l`;
    const state = siteState(t.app.ctx);
    const first = await get(url, { 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(state.cache.count).toBeGreaterThan(0);
    const before = state.cache.count;
    const again = await get(url, { 'accept-encoding': 'gzip' });
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(again.rawPayload).toString()).toContain('<h1>Steel Kettle 1.7L</h1>');
    expect(brotliDecompressSync(first.rawPayload).toString()).toContain('<h1>Steel Kettle 1.7L</h1>');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(state.cache.count).toBe(before);
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<h1>Steel Kettle 1.7L</h1>');
    const notModified = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(notModified.statusCode).toBe(304);
  });
});

describe('page cache keys', () => {
  it('junk query strings and Host values make no copies and never push a real page out', async () => {
    const state = siteState(t.app.ctx);
    const saved = state.cache;
    const url = `/site/product/${kettle.id}-steel-kettle-1-7l`;
    try {
      state.cache = new PageCache(PAGE_CACHE_BYTES, PAGE_CACHE_MAX_AGE_MS);
      expect((await get(url)).statusCode).toBe(200);
      const size = state.cache.bytes;
      // Room for this page and a few more: any junk copy kept would soon push it out.
      state.cache = new PageCache(size * 4 + 100, PAGE_CACHE_MAX_AGE_MS);
      const real = await get(url);
      expect(state.cache.count).toBe(1);
      for (let i = 0; i < 20; i++) {
        const junkQuery = await get(`${url}?x=${Math.random()}&utm_source=${i}&page=${i + 2}`);
        expect(junkQuery.statusCode).toBe(200);
        expect(junkQuery.headers.etag).toBe(real.headers.etag);
        const junkHost = await get(url, { host: `junk${i}.example.test` });
        expect(junkHost.statusCode).toBe(200);
        // Its links carry the host it was asked for, so it is rendered for it and not kept.
        expect(junkHost.body).toContain(`href="http://junk${i}.example.test${url}"`);
        expect((await get(`${url};x=${i}`)).statusCode).toBeGreaterThanOrEqual(300);
        expect((await get(`/site/search?q=kettle${i}`)).statusCode).toBe(200);
      }
      expect(state.cache.count).toBe(1);
      // The real page is still the kept one: its copy answers without a new render.
      const again = await get(url, { 'accept-encoding': 'br' });
      expect(again.headers['content-encoding']).toBe('br');
      expect(state.cache.count).toBe(1);
    } finally {
      state.cache = saved;
    }
  });

  it('a category asked past its last page is a 404, not one more page', async () => {
    const home = await get('/site/');
    const id = Number(/href="\/site\/category\/(\d+)-kitchen"/.exec(home.body)?.[1]);
    expect((await get(`/site/category/${id}-kitchen`)).statusCode).toBe(200);
    expect((await get(`/site/category/${id}-kitchen?page=50`)).statusCode).toBe(404);
  });
});

describe('cache invalidation', () => {
  it('a kept page goes at once when its product is unpublished, and comes back when published again', async () => {
    const p = await createProduct({ name: 'Cached Pan', published: true });
    const url = `/site/product/${p.id}-cached-pan`;
    const state = siteState(t.app.ctx);
    expect((await get(url)).statusCode).toBe(200);
    const kept = state.cache.count;
    expect(kept).toBeGreaterThan(0);
    expect((await get(url)).statusCode).toBe(200);
    await post('/api/product/update/', { id: p.id, version: 1, published: false });
    expect(state.cache.count).toBe(0);
    expect((await get(url)).statusCode).toBe(410);
    await post('/api/product/bulk_update/', { ids: [p.id], published: true });
    const back = await get(url);
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('Cached Pan');
  });

  it('a renamed category shows on a kept page at once', async () => {
    const home = await get('/site/');
    const id = Number(/href="\/site\/category\/(\d+)-kitchen"/.exec(home.body)?.[1]);
    expect(id).toBeGreaterThan(0);
    const res = await post('/api/product_category/update/', { id, name: 'Kitchenware' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await get('/site/')).body).toContain('Kitchenware');
    await post('/api/product_category/update/', { id, name: 'Kitchen' });
  });
});

describe('second host name', () => {
  const HOST = 'www.example-export.com';
  const site = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: HOST, ...headers } });
  const setHost = async (host_name: string) => {
    const current = (await call(t.app, 'GET', '/api/website/settings/', { token: t.adminToken })).body.data;
    const res = await post('/api/website/update_settings/', {
      company: current.company,
      site: { ...current.site, host_name },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  it('400 names the field of a bad host name', async () => {
    const current = (await call(t.app, 'GET', '/api/website/settings/', { token: t.adminToken })).body.data;
    const res = await post('/api/website/update_settings/', {
      company: current.company,
      site: { ...current.site, host_name: 'http://bad host/' },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('host_name');
  });

  it('serves the site at / of its host with absolute links on it; the back office host is unchanged', async () => {
    await setHost('WWW.Example-Export.com');
    try {
      const home = await site('/');
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain(`<link rel="canonical" href="http://${HOST}/">`);
      expect(home.body).toContain(`href="http://${HOST}/zh/"`);
      expect(home.body).toContain(`href="/product/${kettle.id}-steel-kettle-1-7l"`);
      expect(home.body).not.toContain('href="/site/product/');
      const product = await site(`/product/${kettle.id}-steel-kettle-1-7l`);
      expect(product.statusCode).toBe(200);
      expect(product.body).toContain(
        `<link rel="canonical" href="http://${HOST}/product/${kettle.id}-steel-kettle-1-7l">`,
      );
      expect(product.body).toContain('action="/inquiry"');
      // Pictures and the stylesheet keep their /site/ addresses, served on this host too.
      const css = /href="(\/site\/assets\/site\.[0-9a-f]+\.css)"/.exec(product.body)?.[1];
      expect((await site(css!)).statusCode).toBe(200);
      const short = await site(`/product/${kettle.id}`);
      expect(short.statusCode).toBe(301);
      expect(short.headers.location).toBe(`/product/${kettle.id}-steel-kettle-1-7l`);
      const zh = await site('/zh/products');
      expect(zh.body).toContain('<html lang="zh-CN">');
      const sitemap = await site('/sitemap.xml');
      expect(sitemap.body).toContain(`<loc>http://${HOST}/product/${kettle.id}-steel-kettle-1-7l</loc>`);
      expect(sitemap.body).not.toContain('/site/product/');
      const robots = await site('/robots.txt');
      expect(robots.body).toContain(`Sitemap: http://${HOST}/sitemap.xml`);
      expect(robots.body).toContain('Allow: /\n');
      // The API is not the site host's: its addresses are the site's 404 page.
      expect((await site('/api/website/settings/')).statusCode).toBe(404);
      expect((await site('/nothing')).body).toContain('Page not found');

      // The back office's own host: the app and /site as before.
      const office = await get('/site/');
      expect(office.body).toMatch(/<link rel="canonical" href="http:\/\/localhost(:\d+)?\/site\/">/);
      const settings = await call(t.app, 'GET', '/api/website/settings/', { token: t.adminToken });
      expect(settings.status).toBe(200);
      expect(settings.body.data.site.host_name).toBe(HOST);
      expect((await get('/robots.txt')).body).toContain('/site/sitemap.xml');
    } finally {
      await setHost('');
    }
    // Without the setting the host is the back office's like any other.
    expect((await site('/site/')).body).toContain('/site/products');
    expect((await site('/product/1')).body).not.toContain('<link rel="canonical"');
  });
});

describe('favicon', () => {
  it('an uploaded favicon is linked from every page and served cached with an ETag; an SVG is refused', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipartFile('icon.png', png);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload/',
      headers: { ...headers, 'x-token': t.adminToken },
      payload,
    });
    const icon = up.json().data.id as number;
    const current = (await call(t.app, 'GET', '/api/website/settings/', { token: t.adminToken })).body.data;
    const save = (favicon_file_id: number | null) =>
      post('/api/website/update_settings/', {
        company: current.company,
        site: { ...current.site, favicon_file_id },
      });
    expect((await get('/site/favicon')).statusCode).toBe(404);
    expect((await save(icon)).status).toBe(200);
    for (const url of ['/site/', `/site/product/${kettle.id}-steel-kettle-1-7l`, '/site/zh/contact']) {
      expect((await get(url)).body).toContain(`<link rel="icon" href="/site/favicon?v=${icon}">`);
    }
    const res = await get(`/site/favicon?v=${icon}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toContain('max-age=');
    expect(res.rawPayload.equals(png)).toBe(true);
    const again = await get('/site/favicon', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);

    const svg = multipartFile(
      'icon.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    );
    const upSvg = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload/',
      headers: { ...svg.headers, 'x-token': t.adminToken },
      payload: svg.payload,
    });
    const bad = await save(upSvg.json().data.id);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('favicon_file_id');

    // None: the page draws one in the theme colour (no request for /favicon.ico).
    expect((await save(null)).status).toBe(200);
    expect((await get('/site/')).body).toContain('<link rel="icon" href="data:image/svg+xml,');
    expect((await get('/site/favicon')).statusCode).toBe(404);
  });
});
