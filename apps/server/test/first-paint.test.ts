import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The web build's own first paint (template, texts, script), as `vite build` writes it.
import { buildFirstPaint } from '../../web/vite-first-paint';
import { buildApp } from '../src/app';
import { users } from '../src/db/schema';
import { createEventHub } from '../src/lib/events';
import { createFileStore } from '../src/lib/files';
import { createUser } from '../src/modules/users/service';
import { call, createTestDatabase, login, type TestDb, tempDir, testConfig } from './helpers';

const BOOT = '<div class="boot" role="status" aria-label="Quayside"><svg></svg></div>';

function fakeBuild(): string {
  const dist = tempDir('quayside-dist-');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><title>Quayside</title></head><body><div id="root">${BOOT}</div></body></html>`,
  );
  writeFileSync(path.join(dist, 'first-paint.json'), JSON.stringify(buildFirstPaint()));
  return dist;
}

/** The text of the page's one inline script. */
const inlineScript = (html: string) => /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The app serving `fakeBuild()`, on a database of its own. */
async function servingBuild(): Promise<{ app: FastifyInstance; db: TestDb }> {
  const dataDir = tempDir();
  const db = await createTestDatabase();
  const app = await buildApp({
    config: { ...testConfig(dataDir), webDist: fakeBuild() },
    database: db.database,
    db: db.database.db,
    files: createFileStore(dataDir),
    events: createEventHub(),
    jobs: undefined,
  });
  return { app, db };
}

describe("the dashboard's first paint", () => {
  let app: FastifyInstance;
  let db: TestDb;
  let token: string;
  // Markup, quotes, and `$&` (a replacement pattern of String.replace).
  const NAME = '<img src=x onerror=alert(1)> & "Ann" $&';

  beforeAll(async () => {
    ({ app, db } = await servingBuild());
    await createUser(db.database.db, {
      username: 'ann',
      password: 'password123',
      name: NAME,
      roles: ['editor'],
    });
    await db.database.db.update(users).set({ mustChangePassword: false }).where(eq(users.username, 'ann'));
    token = await login(app, 'ann', 'password123');
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const page = (url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it("draws the signed-in user's greeting, initial and roles in place of the boot screen", async () => {
    for (const url of ['/', '/dashboard', '/dashboard/']) {
      const res = await page(url, `rs-token=${token}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('class="boot"');
      expect(res.body).toContain(
        'Good evening, &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Ann&quot; $&amp;<',
      );
      expect(res.body).toContain('data-morning="Good morning, &lt;img');
      expect(res.body).toContain('<span class="fp-tag">Editor</span>');
      expect(res.body).toMatch(/<span class="fp-avatar" style="background-color:#[0-9a-f]{6}">&lt;<\/span>/);
      // Nothing of the template is left unfilled, and the name never reaches the page as markup.
      expect(res.body).not.toMatch(/%fp:/);
      expect(res.body).not.toContain('<img src=x');
    }
  });

  it('speaks the language of the cookie', async () => {
    const res = await page('/dashboard', `rs-token=${token}; language=zh`);
    expect(res.body).toContain('晚上好，&lt;img');
    expect(res.body).toContain('<span class="fp-tag">编辑</span>');
    expect(res.body).toContain('data-weekdays="日,一,二,三,四,五,六"');
  });

  it('is personal: never stored, and its one inline script is allowed by its hash alone', async () => {
    const res = await page('/dashboard', `rs-token=${token}`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers.vary)).toMatch(/cookie/i);
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' ${sha256(inlineScript(res.body))}`);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('is not drawn on another page, or before a password change', async () => {
    const plain = [await page('/customer/list', `rs-token=${token}`), await page('/customer/list')];
    await db.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.username, 'ann'));
    plain.push(await page('/dashboard', `rs-token=${token}`), await page('/login', `rs-token=${token}`));
    await db.database.db.update(users).set({ mustChangePassword: false }).where(eq(users.username, 'ann'));
    // Signed in, the app sends the login page on to the dashboard.
    plain.push(await page('/login', `rs-token=${token}`));
    for (const res of plain) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(BOOT);
      expect(res.body).not.toContain('fp-greeting');
      expect(res.body).not.toContain('login-paint');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self';");
    }
  });
});

describe("the login page's first paint", () => {
  let app: FastifyInstance;
  let db: TestDb;
  let ended: string;

  beforeAll(async () => {
    ({ app, db } = await servingBuild());
    await createUser(db.database.db, {
      username: 'bo',
      password: 'password123',
      name: 'Bo',
      roles: ['editor'],
    });
    ended = await login(app, 'bo', 'password123');
    expect((await call(app, 'POST', '/api/logout/', { token: ended })).status).toBe(200);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('is drawn for the login page and the dashboard without a live session, outside the app’s root', async () => {
    const visits = [
      await page('/login'),
      await page('/login?redirect=%2Fcustomer%2Flist'),
      await page('/'),
      await page('/dashboard'),
      await page('/dashboard', { cookie: 'rs-token=not-a-session' }),
      await page('/dashboard', { cookie: `rs-token=${ended}` }),
    ];
    for (const res of visits) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toMatch(/<div id="login-paint"[\s\S]*<\/div>\s*<\/body>/);
      expect(res.body).toContain('<h2 class="login__title lp-title">Welcome back</h2>');
      expect(res.body).toContain('name="password" type="password" autocomplete="current-password"');
      expect(res.body).toContain(`© ${new Date().getFullYear()} Quayside back office`);
      expect(res.body).not.toMatch(/%lp:|<!--/);
    }
  });

  it('speaks the language of the cookie, else of the browser', async () => {
    const zh: Record<string, string>[] = [
      { cookie: 'language=zh' },
      { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' },
    ];
    for (const headers of zh) {
      const res = await page('/login', headers);
      expect(res.body).toContain('<h2 class="login__title lp-title">欢迎回来</h2>');
      expect(res.body).toContain('<button type="button" data-lang="zh" aria-pressed="true">中文</button>');
    }
    const en = await page('/login', { cookie: 'language=en', 'accept-language': 'zh-CN' });
    expect(en.body).toContain('<button type="button" data-lang="en" aria-pressed="true">EN</button>');
  });

  it('is chosen by session and language, and its one inline script is allowed by its hash alone', async () => {
    const res = await page('/login');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary)).toMatch(/cookie, accept-language/i);
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' ${sha256(inlineScript(res.body))}`);
  });
});
