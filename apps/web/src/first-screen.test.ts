import { describe, expect, it } from 'vitest';
import { DASHBOARD, firstScreen, LOGIN, TOKEN_COOKIE } from './first-screen';
import { COOKIE } from './shared/cookies';
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
