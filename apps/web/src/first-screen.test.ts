import { describe, expect, it } from 'vitest';
import {
  DASHBOARD,
  EARLY_CALLS,
  firstScreen,
  LOGIN,
  TOKEN_COOKIE,
  tokenOf,
  userInfoUrl,
} from './first-screen';
import { COOKIE } from './shared/cookies';
import { buildUrl, EARLY_CALLS as REQUEST_EARLY_CALLS } from './shared/request';
import { LOGIN_PATH, ROUTES } from './shared/routes/paths';
import { matchRoute } from './shared/routes/resolve';

describe('the first screen guessed before the app starts', () => {
  it('knows the names the app uses (token cookie, login and dashboard paths)', () => {
    expect(TOKEN_COOKIE).toBe(COOKIE.token);
    expect(LOGIN).toBe(LOGIN_PATH);
    expect(matchRoute(ROUTES, DASHBOARD[1]!)?.resolved.route.name).toBe('Dashboard');
    expect(matchRoute(ROUTES, DASHBOARD[0]!)?.resolved.route.redirect).toBe(DASHBOARD[1]);
  });

  it('is the login page without a session, the dashboard at / with one, another page elsewhere', () => {
    expect(firstScreen('/dashboard', '')).toBe('login');
    expect(firstScreen('/customer/list', 'language=zh; rs-token=')).toBe('login');
    expect(firstScreen('/login', 'rs-token=abc')).toBe('login');
    expect(firstScreen('/', 'language=en; rs-token=abc')).toBe('dashboard');
    expect(firstScreen('/dashboard/', 'rs-token=abc')).toBe('dashboard');
    expect(firstScreen('/customer/list', 'rs-token=abc; language=zh')).toBe('other');
  });
});

describe('the user asked for before the app starts', () => {
  it('is the same call the app makes, found by the name the request wrapper reads', () => {
    expect(EARLY_CALLS).toBe(REQUEST_EARLY_CALLS);
    expect(userInfoUrl('a-B_9')).toBe(buildUrl('/user_info/', { token: 'a-B_9' }));
    expect(tokenOf('language=zh; rs-token=a-B_9')).toBe('a-B_9');
    expect(tokenOf('rs-token=; language=zh')).toBeNull();
  });
});
