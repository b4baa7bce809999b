import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import { emails } from '../src/db/schema';
import { call, createTestApp, type TestApp, tempDir } from './helpers';

let t: TestApp;
/** The app serving a built web app (an index.html and a static file). */
let web: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  const dist = tempDir('quayside-dist-');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  web = await buildApp({ ...t.app.ctx, config: { ...t.config, webDist: dist } });
  // A later page with a policy of its own, as the public website will declare.
  web.get(
    '/site/page',
    { helmet: { contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"] } } } },
    () => 'site',
  );
});

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string[]> {
  const parts = String(header ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .filter((d) => d[0]);
  return new Map(parts.map(([name = '', ...values]) => [name, values]));
}

describe('security headers', () => {
  it('gives every HTML answer a policy without inline scripts that no other site may frame', async () => {
    for (const url of ['/', '/dashboard', '/customer/detail/3', '/api/docs/']) {
      const res = await get(web, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.has('upgrade-insecure-requests'), url).toBe(false);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
    expect((await get(web, '/assets/app.js')).headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets the email reader show data: and, on request, remote pictures (its frame inherits the policy)', async () => {
    const csp = directives((await get(web, '/')).headers['content-security-policy']);
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'https:', 'http:']));
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('answers the API with nosniff and without a page policy, failures included', async () => {
    for (const url of ['/api/health/', '/api/user_info/']) {
      const res = await get(web, url);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toBeUndefined();
    }
    expect((await get(web, '/api/no-such-thing/')).headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets a later route declare a policy of its own', async () => {
    const res = await get(web, '/site/page');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('no state change from another site', () => {
  const drafts = async () => (await t.database.db.select({ n: count() }).from(emails))[0]?.n ?? 0;

  it('creates a draft for the X-Token header only, never for the cookie or ?token= alone', async () => {
    const account = await call(t.app, 'POST', '/api/email/update_email_account/', {
      token: t.adminToken,
      body: {
        address: 'desk@quay.test',
        imap_host: '127.0.0.1',
        imap_port: 1,
        imap_secure: false,
        imap_user: 'desk@quay.test',
        imap_password: 'top-secret-1',
      },
    });
    expect(account.status).toBe(200);
    const before = await drafts();
    const byCookie = await call(t.app, 'GET', '/api/email/compose/', {
      query: { mode: 'new' },
      headers: { cookie: `rs-token=${t.adminToken}` },
    });
    expect(byCookie.status).toBe(403);
    expect(byCookie.body.code).toBe('AUTH_REQUIRED');
    const byQuery = await call(t.app, 'GET', '/api/email/compose/', {
      query: { mode: 'new', token: t.adminToken },
    });
    expect(byQuery.body.code).toBe('AUTH_REQUIRED');
    expect(await drafts()).toBe(before);

    const byHeader = await call(t.app, 'GET', '/api/email/compose/', {
      query: { mode: 'new' },
      token: t.adminToken,
    });
    expect(byHeader.status).toBe(200);
    expect(await drafts()).toBe(before + 1);
  });

  it('still lets reads take the cookie (avatars, downloads) and writes never', async () => {
    const cookie = { cookie: `rs-token=${t.adminToken}` };
    expect((await call(t.app, 'GET', '/api/user_info/', { headers: cookie })).status).toBe(200);
    const write = await call(t.app, 'POST', '/api/logout/', { headers: cookie, body: {} });
    expect(write.body.code).toBe('AUTH_REQUIRED');
    // Opening an email marks it read: a change too.
    const open = await call(t.app, 'GET', '/api/email/detail/', { query: { id: 1 }, headers: cookie });
    expect(open.body.code).toBe('AUTH_REQUIRED');
  });
});

describe('server log', () => {
  it('never holds a password or a token, even at info level', async () => {
    let log = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    const logged = await buildApp(t.app.ctx, { logger: { level: 'info', stream } });
    try {
      const login = await call(logged, 'POST', '/api/login/', {
        body: { username: 'admin', password: 'admin123' },
        ip: '10.50.0.1',
      });
      const token = login.body.data.token as string;
      await call(logged, 'GET', '/api/user_info/', { query: { token } });
      await call(logged, 'GET', '/api/user_info/', { token, headers: { cookie: `rs-token=${token}` } });
      await call(logged, 'POST', '/api/profile/change_password/', {
        token,
        body: { old_password: 'wrong-old-pass', new_password: 'next-secret-9' },
      });
      logged.log.info({ body: { password: 'admin123', imap_password: 'mailbox-secret' } }, 'a careless line');

      expect(log).toContain('/api/user_info/?token=[REDACTED]');
      expect(log).toContain('a careless line');
      for (const secret of [token, 'admin123', 'wrong-old-pass', 'next-secret-9', 'mailbox-secret']) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value?: string) =>
    loadConfig({
      QUAYSIDE_DATA_DIR: t.config.dataDir,
      ...(value === undefined ? {} : { TRUST_PROXY: value }),
    }).trustProxy;

  it('trusts no proxy unless told; takes a hop count or proxy addresses and CIDRs', () => {
    expect(trust()).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('10.0.0.1, 172.16.0.0/12,::1,loopback')).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      '::1',
      'loopback',
    ]);
  });

  it('stops the start with a message naming it for anything else', () => {
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0.256', 'proxy.example', '1.2.3.4/8/9', '500']) {
      expect(() => trust(bad), bad).toThrow(ConfigError);
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
