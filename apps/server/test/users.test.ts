import { and, arrayContains, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { call, createTestApp, login, type TestApp } from './helpers';
import { multipartFile, ONE_PIXEL_PNG } from './multipart';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const create = (body: object) => call(t.app, 'POST', '/api/user/create/', { token: t.adminToken, body });
const update = (body: object) => call(t.app, 'POST', '/api/user/update/', { token: t.adminToken, body });
const list = (query: Record<string, string | number | boolean>) =>
  call(t.app, 'GET', '/api/user/list/', { token: t.adminToken, query });

describe('users (admin)', () => {
  it('creates users that can log in, and refuses a taken username in any case', async () => {
    const res = await create({
      username: 'Alice',
      password: 'password1',
      name: 'Alice Zhang',
      roles: ['editor'],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      username: 'Alice',
      name: 'Alice Zhang',
      roles: ['editor'],
      disabled: false,
    });
    expect(res.body.data).not.toHaveProperty('password_hash');
    expect(await login(t.app, 'alice', 'password1')).toBeTruthy();

    const dup = await create({ username: 'ALICE', password: 'password1', name: 'Other', roles: ['editor'] });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'CONFLICT', msg: 'The username "ALICE" is already taken' });
  });

  it('lists with search, role and disabled filters, sort and pages', async () => {
    await create({ username: 'bob', password: 'password1', name: 'Bob Li', roles: ['editor'] });
    await create({ username: 'carol', password: 'password1', name: 'Carol Wu', roles: ['admin', 'editor'] });
    const byName = await list({ q: 'bob l' });
    expect(byName.body.data.items.map((u: { username: string }) => u.username)).toEqual(['bob']);
    const admins = await list({ role: 'admin', sort: 'username' });
    expect(admins.body.data.items.map((u: { username: string }) => u.username)).toEqual(['admin', 'carol']);
    const paged = await list({ page: 2, page_size: 2, sort: 'username' });
    expect(paged.body.data).toMatchObject({ total: 4, page: 2, page_size: 2 });
    expect(paged.body.data.items.map((u: { username: string }) => u.username)).toEqual(['bob', 'carol']);
    const wildcard = await list({ q: '%' });
    expect(wildcard.body.data.total).toBe(0);
  });

  it('disables a user, whose sessions end at once; the disabled filter finds them', async () => {
    const created = await create({
      username: 'dave',
      password: 'password1',
      name: 'Dave',
      roles: ['editor'],
    });
    const token = await login(t.app, 'dave', 'password1');
    await update({ id: created.body.data.id, disabled: true });
    expect((await call(t.app, 'GET', '/api/user_info/', { token })).body.code).toBe('AUTH_REQUIRED');
    const disabled = await list({ disabled: true });
    expect(disabled.body.data.items.map((u: { username: string }) => u.username)).toEqual(['dave']);
  });

  it('never leaves the company without an active admin', async () => {
    const admins = await list({ role: 'admin' });
    const ids = admins.body.data.items.map((u: { id: number }) => u.id) as number[];
    // Two admins: one may be demoted, then the other is the last.
    const first = await update({ id: ids[0], roles: ['editor'] });
    expect(first.status).toBe(200);
    const last = await update({ id: ids[1], disabled: true });
    expect(last.status).toBe(409);
    expect(last.body.msg).toMatch(/last active admin/);
    expect((await update({ id: ids[1], roles: ['editor'] })).status).toBe(409);
    await update({ id: ids[0], roles: ['admin'] });
  });

  it('resets a password: old sessions end, the new password works and must be changed', async () => {
    const created = await create({
      username: 'erin',
      password: 'password1',
      name: 'Erin',
      roles: ['editor'],
    });
    const old = await login(t.app, 'erin', 'password1');
    const res = await call(t.app, 'POST', '/api/user/reset_password/', {
      token: t.adminToken,
      body: { id: created.body.data.id, password: 'brand-new-1' },
    });
    expect(res.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/user_info/', { token: old })).status).toBe(403);
    const fresh = await login(t.app, 'erin', 'brand-new-1');
    const info = await call(t.app, 'GET', '/api/user_info/', { token: fresh });
    expect(info.body.data.must_change_password).toBe(true);
  });
});

describe('user options', () => {
  it('lists active users by name for any signed-in user, without admin-only fields', async () => {
    const token = await t.userToken(['editor'], 'picker');
    const res = await call(t.app, 'GET', '/api/user/options/', { token });
    expect(res.status).toBe(200);
    const names = res.body.data.map((u: { username: string }) => u.username);
    expect(names).toContain('picker');
    expect(names).not.toContain('dave');
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['id', 'name', 'username']);
  });

  it('forgets a preference saved as null', async () => {
    const token = await t.userToken(['editor'], 'prefs');
    await call(t.app, 'POST', '/api/preference/set/', {
      token,
      body: { key: 'customers.columns', value: ['name'] },
    });
    const saved = await call(t.app, 'GET', '/api/preference/get/', {
      token,
      query: { key: 'customers.columns' },
    });
    expect(saved.body.data).toEqual({ key: 'customers.columns', value: ['name'] });
    const cleared = await call(t.app, 'POST', '/api/preference/set/', {
      token,
      body: { key: 'customers.columns', value: null },
    });
    expect(cleared.status).toBe(200);
    const gone = await call(t.app, 'GET', '/api/preference/get/', {
      token,
      query: { key: 'customers.columns' },
    });
    expect(gone.body.data.value).toBeNull();
  });
});

describe('own profile', () => {
  it('updates name, introduction and avatar (an uploaded image only)', async () => {
    const token = await t.userToken(['editor'], 'frank');
    const image = await upload(token, 'me.png', ONE_PIXEL_PNG);
    const text = await upload(token, 'notes.txt', Buffer.from('hello'));

    const res = await call(t.app, 'POST', '/api/profile/update/', {
      token,
      body: { name: 'Frank Zhou', introduction: 'Sales, Europe', avatar_file_id: image },
    });
    expect(res.status).toBe(200);
    const info = await call(t.app, 'GET', '/api/user_info/', { token });
    expect(info.body.data).toMatchObject({
      name: 'Frank Zhou',
      introduction: 'Sales, Europe',
      avatar: `/api/file/download/?id=${image}&inline=1`,
    });

    const notImage = await call(t.app, 'POST', '/api/profile/update/', {
      token,
      body: { avatar_file_id: text },
    });
    expect(notImage.status).toBe(400);
    expect(notImage.body.details).toEqual([{ field: 'avatar_file_id', msg: 'The avatar must be an image' }]);
  });

  it('changes the password: the old one is checked, other sessions end, this one stays', async () => {
    const token = await t.userToken(['editor'], 'grace');
    const other = await login(t.app, 'grace', 'password123');
    const wrong = await call(t.app, 'POST', '/api/profile/change_password/', {
      token,
      body: { old_password: 'nope', new_password: 'another-1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual([{ field: 'old_password', msg: 'The current password is wrong' }]);

    const ok = await call(t.app, 'POST', '/api/profile/change_password/', {
      token,
      body: { old_password: 'password123', new_password: 'another-1' },
    });
    expect(ok.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/user_info/', { token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/user_info/', { token: other })).status).toBe(403);
    expect(await login(t.app, 'grace', 'another-1')).toBeTruthy();
  });
});

describe('a password that must be changed', () => {
  it('answers only change_password, user_info and logout until it is changed', async () => {
    const created = await create({
      username: 'fiona',
      password: 'password1',
      name: 'Fiona',
      roles: ['editor'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await call(t.app, 'POST', '/api/user/reset_password/', {
      token: t.adminToken,
      body: { id: created.body.data.id, password: 'temporary-1' },
    });
    const token = await login(t.app, 'fiona', 'temporary-1');
    const spare = await login(t.app, 'fiona', 'temporary-1');

    for (const [method, url, body] of [
      ['GET', '/api/lookups/', undefined],
      ['GET', '/api/user/options/', undefined],
      ['POST', '/api/profile/update/', { name: 'Fiona F' }],
      ['POST', '/api/preference/set/', { key: 'theme', value: 'dark' }],
    ] as const) {
      const res = await call(t.app, method, url, { token, body });
      expect(res.status, url).toBe(403);
      expect(res.body.code, url).toBe('PASSWORD_CHANGE_REQUIRED');
      expect(res.body.msg).toBe('Please change your password before you continue');
    }
    const zh = await call(t.app, 'GET', '/api/lookups/', { token, headers: { cookie: 'language=zh' } });
    expect(zh.body.msg).toBe('请先修改密码再继续');

    const info = await call(t.app, 'GET', '/api/user_info/', { token });
    expect(info.status).toBe(200);
    expect(info.body.data.must_change_password).toBe(true);
    expect((await call(t.app, 'POST', '/api/logout/', { token: spare })).status).toBe(200);

    const changed = await call(t.app, 'POST', '/api/profile/change_password/', {
      token,
      body: { old_password: 'temporary-1', new_password: 'my-own-secret-1' },
    });
    expect(changed.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/lookups/', { token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/user_info/', { token })).body.data.must_change_password).toBe(
      false,
    );
  });
});

describe('the last admin, under concurrency', () => {
  it('leaves exactly one active admin when two admins demote or disable each other at the same moment', async () => {
    const adminIds = async () =>
      (
        await t.database.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.disabled, false), arrayContains(users.roles, ['admin'])))
      ).map((u) => u.id);
    const setDisabled = (ids: number[], disabled: boolean) =>
      t.database.db.update(users).set({ disabled }).where(inArray(users.id, ids));
    for (let round = 0; round < 6; round++) {
      const change = round % 2 === 0 ? { roles: ['editor'] } : { disabled: true };
      const [xToken, yToken] = await Promise.all(
        ['x', 'y'].map((n) => t.userToken(['admin'], `race${n}${round}`)),
      );
      const [x, y] = await Promise.all(
        [xToken, yToken].map(
          async (token) => (await call(t.app, 'GET', '/api/user_info/', { token })).body.data.id,
        ),
      );
      // Only x and y are active admins now.
      const others = (await adminIds()).filter((id) => id !== x && id !== y);
      await setDisabled(others, true);
      const [a, b] = await Promise.all([
        call(t.app, 'POST', '/api/user/update/', { token: xToken, body: { id: y, ...change } }),
        call(t.app, 'POST', '/api/user/update/', { token: yToken, body: { id: x, ...change } }),
      ]);
      const left = await adminIds();
      await setDisabled(others, false);
      // One wins; the other is refused as the last admin (409), or was no admin any more (403).
      expect([a.status, b.status].sort(), JSON.stringify([a.body, b.body])).toEqual(
        expect.arrayContaining([200, expect.toSatisfy((s: number) => s === 403 || s === 409)]),
      );
      expect(left).toHaveLength(1);
      await setDisabled(left, true);
    }
  }, 60_000);
});

async function upload(token: string, name: string, bytes: Buffer): Promise<number> {
  const { payload, headers } = multipartFile(name, bytes);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/file/upload/',
    headers: { ...headers, 'x-token': token },
    payload,
  });
  return res.json().data.id as number;
}
