import { describe, expect, it } from 'vitest';
import { ROUTES } from '@/shared/routes/paths';
import { decideGuard, type GuardInput, loginRedirect, safeRedirect } from './guard';

const anon = (pathname: string, search = ''): GuardInput => ({
  pathname,
  search,
  hasToken: false,
  roles: null,
});
const user = (pathname: string, roles: string[] | null, search = ''): GuardInput => ({
  pathname,
  search,
  hasToken: true,
  roles,
});
const decide = (input: GuardInput) => decideGuard(input, ROUTES);

describe('guard without a token', () => {
  it('lets only /login through', () => {
    expect(decide(anon('/login'))).toEqual({ kind: 'render' });
  });
  it('sends every other page to login with the page to come back to', () => {
    expect(decide(anon('/user/list', '?q=ann'))).toEqual({
      kind: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/user/list?q=ann')}`,
    });
    expect(decide(anon('/404'))).toEqual({ kind: 'redirect', to: '/login?redirect=%2F404' });
    expect(decide(anon('/'))).toEqual({ kind: 'redirect', to: '/login?redirect=%2F' });
  });
});

describe('a user who must change the password', () => {
  const held = (pathname: string, search = ''): GuardInput => ({
    ...user(pathname, ['admin'], search),
    mustChangePassword: true,
  });
  it('is held on the password page, which remembers the page asked for', () => {
    expect(decide(held('/customer/list', '?q=a'))).toEqual({
      kind: 'redirect',
      to: `/password?redirect=${encodeURIComponent('/customer/list?q=a')}`,
    });
    expect(decide(held('/404'))).toEqual({ kind: 'redirect', to: '/password?redirect=%2F404' });
    expect(decide(held('/password', '?redirect=%2Fcustomer%2Flist'))).toEqual({ kind: 'render' });
  });
  it('goes on to the page asked for once the password is changed (a same-origin path only)', () => {
    expect(decide(user('/password', ['admin'], '?redirect=%2Fcustomer%2Flist'))).toEqual({
      kind: 'redirect',
      to: '/customer/list',
    });
    expect(decide(user('/password', ['admin'], '?redirect=%2F%5Cevil.example'))).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });
});

describe('guard with a token', () => {
  it('sends /login to the root', () => {
    expect(decide(user('/login', null))).toEqual({ kind: 'redirect', to: '/' });
    expect(decide(user('/login', ['admin']))).toEqual({ kind: 'redirect', to: '/' });
  });
  it('sends /login back to the page asked for before login (after logging in)', () => {
    expect(decide(user('/login', null, '?redirect=%2Fuser%2Flist%3Fq%3Da'))).toEqual({
      kind: 'redirect',
      to: '/user/list?q=a',
    });
    expect(decide(user('/login', null, '?redirect=https%3A%2F%2Fevil.example'))).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });
  it('loads the user info first when the roles are not known', () => {
    expect(decide(user('/customer/list', null))).toEqual({ kind: 'load-user' });
  });
  it('redirects the root to the dashboard', () => {
    expect(decide(user('/', ['editor']))).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decide(user('/dashboard', ['editor']))).toEqual({ kind: 'render' });
  });
  it('follows parent redirects (spec §2)', () => {
    expect(decide(user('/customer', ['editor']))).toEqual({ kind: 'redirect', to: '/customer/list' });
    expect(decide(user('/profile', ['admin']))).toEqual({ kind: 'redirect', to: '/profile/index' });
    expect(decide(user('/email/list', ['admin']))).toEqual({ kind: 'redirect', to: '/email/inbox' });
  });
  it('sends unknown paths to /404', () => {
    expect(decide(user('/no/such/page', ['admin']))).toEqual({ kind: 'redirect', to: '/404' });
  });
  it('sends a page the role lacks to /401 with the no-go-back flag', () => {
    expect(decide(user('/email/inbox', ['editor']))).toEqual({ kind: 'redirect', to: '/401?noGoBack=true' });
    expect(decide(user('/user/list', ['editor']))).toEqual({ kind: 'redirect', to: '/401?noGoBack=true' });
    expect(decide(user('/email/inbox', ['admin']))).toEqual({ kind: 'render' });
  });
  it('lets the editor into pages without a role of a permitted parent', () => {
    expect(decide(user('/task/create', ['editor']))).toEqual({ kind: 'render' });
    expect(decide(user('/customer/detail/12', ['editor']))).toEqual({ kind: 'render' });
  });
  it('treats trailing slashes as the same page', () => {
    expect(decide(user('/user/list/', ['admin']))).toEqual({ kind: 'render' });
  });
  it('renders the error pages for any signed-in user', () => {
    expect(decide(user('/401', ['editor']))).toEqual({ kind: 'render' });
    expect(decide(user('/404', ['editor']))).toEqual({ kind: 'render' });
  });
});

describe('redirect helpers', () => {
  it('builds the login redirect', () => {
    expect(loginRedirect('/order/list', '')).toBe('/login?redirect=%2Forder%2Flist');
  });
  it('follows only same-site paths after login', () => {
    expect(safeRedirect('/user/list?q=a')).toBe('/user/list?q=a');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/login')).toBe('/');
  });
  it('follows only same-origin paths: no other host, scheme, backslash or control character', () => {
    for (const ok of ['/', '/dashboard', '/customer/detail/12?tab=mail#top', '/email/inbox?q=%2F%2Fx']) {
      expect(safeRedirect(ok)).toBe(ok);
    }
    for (const bad of [
      '',
      'dashboard',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\evil.example',
      '/\\/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '\t//evil.example',
      '/dash\u0000board',
      '/x\u007f',
      'javascript:alert(1)',
      'https://evil.example/',
      'data:text/html,<script>alert(1)</script>',
      '/password?redirect=/x',
    ]) {
      expect(safeRedirect(bad), JSON.stringify(bad)).toBe('/');
    }
  });
});
