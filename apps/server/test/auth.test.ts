import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loginFailures, sessions, users } from '../src/db/schema';
import { hashToken } from '../src/lib/sessions';
import { addressKey, LOGIN_LIMITS, usernameDelayMs } from '../src/modules/auth/throttle';
import { call, createTestApp, login, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('login', () => {
  it('answers a token for a trimmed username, and the token opens user_info', async () => {
    const res = await call(t.app, 'POST', '/api/login/', {
      body: { username: '  admin ', password: 'admin123' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ error_status: 0, msg: 'ok' });
    const token = res.body.data.token as string;
    expect(token.length).toBeGreaterThanOrEqual(40);

    const info = await call(t.app, 'GET', '/api/user_info/', { token });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({
      roles: ['admin'],
      name: 'Administrator',
      avatar: '',
      introduction: '',
      must_change_password: false,
      setting: { articlePlatform: [] },
    });
  });

  it('accepts the token as ?token= on user_info (spec §7) and the path without the slash', async () => {
    const info = await call(t.app, 'GET', '/api/user_info', { query: { token: t.adminToken } });
    expect(info.status).toBe(200);
    expect(info.body.data.roles).toEqual(['admin']);
  });

  it('stores only a hash of the token', async () => {
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === t.adminToken)).toBe(false);
    expect(rows.some((r) => r.tokenHash === hashToken(t.adminToken))).toBe(true);
  });

  it('gives the same answer for a wrong password and an unknown user', async () => {
    const wrong = await call(t.app, 'POST', '/api/login/', {
      body: { username: 'admin', password: 'nope' },
      ip: '10.9.0.1',
    });
    const unknown = await call(t.app, 'POST', '/api/login/', {
      body: { username: 'ghost', password: 'nope' },
      ip: '10.9.0.1',
    });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.msg).toBe('Wrong username or password');
  });

  it('answers in Chinese when the language cookie says zh', async () => {
    const res = await call(t.app, 'POST', '/api/login/', {
      body: { username: 'nobody', password: 'x' },
      headers: { cookie: 'language=zh' },
      ip: '10.9.0.2',
    });
    expect(res.body.msg).toBe('用户名或密码错误');
  });

  it("lets the right password in from another address, in reasonable time, whatever a stranger's failures", async () => {
    await t.userToken(['editor'], 'victim');
    const stranger = '10.1.0.1';
    for (let i = 0; i < LOGIN_LIMITS.perUsernameAndAddress; i++) {
      const res = await call(t.app, 'POST', '/api/login/', {
        body: { username: 'victim', password: 'bad' },
        ip: stranger,
      });
      expect(res.status).toBe(400);
    }
    // The stranger's address is stopped for this username, even with the right password...
    const blocked = await call(t.app, 'POST', '/api/login/', {
      body: { username: 'victim', password: 'password123' },
      ip: stranger,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(LOGIN_LIMITS.windowMinutes * 60 - 60);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.windowMinutes * 60);
    expect(blocked.body.msg).toBe(
      `Too many attempts, please wait ${LOGIN_LIMITS.windowMinutes} minutes and try again`,
    );
    // ... and 40 more failures from 40 other addresses (a botnet) only slow the victim down.
    await t.database.db
      .insert(loginFailures)
      .values(Array.from({ length: 40 }, (_, i) => ({ username: 'victim', ip: `10.7.${i}.1` })));
    const started = Date.now();
    const mine = await call(t.app, 'POST', '/api/login/', {
      body: { username: 'victim', password: 'password123' },
      ip: '10.1.1.1',
    });
    expect(mine.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(LOGIN_LIMITS.delayMaxMs + 4000);
  });

  it('gives a spoofed X-Forwarded-For no fresh budget, with or without a trusted proxy', async () => {
    const fail = (app: TestApp['app'], ip: string, forwarded?: string) =>
      call(app, 'POST', '/api/login/', {
        body: { username: 'spoofed', password: 'bad' },
        ip,
        headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
      });
    for (let i = 0; i < LOGIN_LIMITS.perUsernameAndAddress; i++) {
      expect((await fail(t.app, '10.3.0.1', `10.200.0.${i}`)).status).toBe(400);
    }
    // Default: no proxy is trusted, the socket address counts.
    expect((await fail(t.app, '10.3.0.1', '10.200.9.9')).status).toBe(429);

    // TRUST_PROXY=1: the address the proxy appended counts; what the client prepended does not.
    const behindProxy = await buildApp({ ...t.app.ctx, config: { ...t.config, trustProxy: 1 } });
    try {
      expect((await fail(behindProxy, '192.168.0.2', '10.200.9.9, 10.3.0.1')).status).toBe(429);
      expect((await fail(behindProxy, '192.168.0.2', '10.3.0.2')).status).toBe(400);
    } finally {
      await behindProxy.close();
    }
  });

  it('stops one address trying many usernames (429 with Retry-After); other addresses still sign in', async () => {
    for (let i = 0; i < LOGIN_LIMITS.usernamesPerAddress; i++) {
      const res = await call(t.app, 'POST', '/api/login/', {
        body: { username: `guess${i}`, password: 'bad' },
        ip: '10.2.0.1',
      });
      expect(res.status).toBe(400);
    }
    const blocked = await call(t.app, 'POST', '/api/login/', {
      body: { username: 'admin', password: 'admin123' },
      ip: '10.2.0.1',
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await call(t.app, 'POST', '/api/login/', {
      body: { username: 'admin', password: 'admin123' },
      ip: '10.2.0.2',
    });
    expect(elsewhere.status).toBe(200);
  });

  it("slows a username's logins down as its failures grow, up to a cap, and never refuses them", async () => {
    expect(usernameDelayMs(LOGIN_LIMITS.delayAfter - 1)).toBe(0);
    const delays = [0, 1, 2, 3, 4, 10, 100].map((n) => usernameDelayMs(LOGIN_LIMITS.delayAfter + n));
    expect(delays).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000]);

    await t.userToken(['editor'], 'slowpoke');
    const failures = LOGIN_LIMITS.delayAfter + 3; // 2 s
    await t.database.db
      .insert(loginFailures)
      .values(Array.from({ length: failures }, (_, i) => ({ username: 'slowpoke', ip: `10.8.${i}.1` })));
    const started = Date.now();
    const res = await call(t.app, 'POST', '/api/login/', {
      body: { username: 'slowpoke', password: 'password123' },
      ip: '10.8.200.1',
    });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(usernameDelayMs(failures));
  });

  it('counts an IPv6 client by its /64', () => {
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('10.0.0.1')).toBe('10.0.0.1');
  });

  it('rejects an empty username or password with per-field details', async () => {
    const res = await call(t.app, 'POST', '/api/login/', { body: { username: '   ', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const fields = (res.body.details as { field: string }[]).map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['username', 'password']));
  });
});

describe('tokens', () => {
  it('is refused without a token, with a bad token, and after logout', async () => {
    expect((await call(t.app, 'GET', '/api/user_info/')).body.code).toBe('AUTH_REQUIRED');
    const bad = await call(t.app, 'GET', '/api/user_info/', { token: 'made-up' });
    expect(bad.status).toBe(403);
    expect(bad.body.code).toBe('AUTH_REQUIRED');

    const token = await login(t.app, 'admin', 'admin123');
    expect((await call(t.app, 'POST', '/api/logout/', { token })).body).toEqual({
      error_status: 0,
      msg: 'ok',
      data: null,
    });
    const after = await call(t.app, 'GET', '/api/user_info/', { token });
    expect(after.status).toBe(403);
    expect(after.body.code).toBe('AUTH_REQUIRED');
    // The other session of the same user is untouched.
    expect((await call(t.app, 'GET', '/api/user_info/', { token: t.adminToken })).status).toBe(200);
  });

  it('expires, and slides forward while in use', async () => {
    const token = await login(t.app, 'admin', 'admin123');
    const where = eq(sessions.tokenHash, hashToken(token));
    await t.database.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '2 days'`, expiresAt: sql`now() + interval '1 hour'` })
      .where(where);
    expect((await call(t.app, 'GET', '/api/user_info/', { token })).status).toBe(200);
    const [slid] = await t.database.db.select().from(sessions).where(where);
    expect(slid!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    await t.database.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(where);
    const expired = await call(t.app, 'GET', '/api/user_info/', { token });
    expect(expired.status).toBe(403);
    expect(expired.body.code).toBe('AUTH_REQUIRED');
  });

  it("stops a disabled user's tokens at once, even without ending the sessions", async () => {
    const token = await t.userToken(['editor'], 'soon_gone');
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.username, 'soon_gone'));
    expect((await call(t.app, 'GET', '/api/user_info/', { token })).body.code).toBe('AUTH_REQUIRED');
    const again = await call(t.app, 'POST', '/api/login/', {
      body: { username: 'soon_gone', password: 'password123' },
    });
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('FORBIDDEN');
  });
});
