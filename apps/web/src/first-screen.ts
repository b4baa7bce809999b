// A second, tiny entry (index.html, `async`): it starts fetching the code of the screen this visit
// will show while the app's own code still downloads. Without it the screen's chunk is asked for only
// once the app has started: one more round trip and download in a row on a phone. It imports no
// library (that would make it wait for them); a wrong guess only fetches a chunk early. It also
// starts antd's stylesheet (styles/antd-styles.ts: the login page's or the dashboard's part of it on
// those), so it downloads beside the app's code: the same few lines here, not an import of that
// module (it would become one more file both entries load). And on a signed-in screen it asks for
// the user (the app's first call, which every such screen waits for), whose answer the app's request
// wrapper takes (shared/request.ts): the call no longer waits for the app's code.

import loginStylesHref from 'virtual:antd-login-css';
import shellStylesHref from 'virtual:antd-shell-css';
import antdStylesHref from 'virtual:antd-whole-css';

/** `COOKIE.token` and the paths of `shared/routes/paths.ts` (first-screen.test.ts keeps them equal). */
export const TOKEN_COOKIE = 'rs-token';
export const LOGIN = '/login';
export const DASHBOARD = ['/', '/dashboard'];

export type FirstScreen = 'login' | 'dashboard' | 'other';

/** Where the calls started here wait for the app: `EARLY_CALLS` of shared/request.ts. */
export const EARLY_CALLS = '__quaysideEarlyCalls';
export type EarlyCall = { url: string; token: string; response: Promise<Response> };

/** The token of the session cookie, or null. */
export function tokenOf(cookie: string): string | null {
  const entry = cookie.split('; ').find((c) => c.startsWith(`${TOKEN_COOKIE}=`));
  const value = entry?.slice(TOKEN_COOKIE.length + 1);
  return value ? decodeURIComponent(value) : null;
}

/** `GET /api/user_info/` as features/auth/api.ts asks for it (first-screen.test.ts checks it). */
export const userInfoUrl = (token: string) => `/api/user_info/?${new URLSearchParams({ token })}`;

export function firstScreen(pathname: string, cookie: string): FirstScreen {
  const signedIn = tokenOf(cookie) !== null;
  const path = pathname.replace(/\/+$/, '') || '/';
  if (!signedIn || path === LOGIN) return 'login';
  return DASHBOARD.includes(path) ? 'dashboard' : 'other';
}

if (typeof document !== 'undefined' && !import.meta.env.VITEST) {
  const screen = firstScreen(location.pathname, document.cookie);
  // The login page and the dashboard render with their own small part of the stylesheet; the
  // others need the whole.
  const [href, key] =
    screen === 'login'
      ? [loginStylesHref, 'antdLoginStyles']
      : screen === 'dashboard'
        ? [shellStylesHref, 'antdShellStyles']
        : [antdStylesHref, 'antdStyles'];
  // The app may have added it already (it ran first).
  if (!document.head.querySelector(`link[href="${href}"]`)) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset[key] = '';
    link.addEventListener('load', () => (link.dataset.loaded = ''), { once: true });
    link.addEventListener('error', () => (link.dataset.loaded = 'error'), { once: true });
    document.head.prepend(link);
  }
  // The user, unless the app's code ran first (it then asks itself).
  const token = tokenOf(document.cookie);
  if (screen !== 'login' && token && !(EARLY_CALLS in window)) {
    const url = userInfoUrl(token);
    const response = fetch(url, {
      headers: { Accept: 'application/json', 'X-Token': token },
      credentials: 'same-origin',
    });
    // Taken by the app or not at all (it never came to ask): no unhandled rejection either way.
    response.catch(() => {});
    const calls: EarlyCall[] = [{ url, token, response }];
    Object.assign(window, { [EARLY_CALLS]: calls });
  }
  // The login page is in the app's own first file (app/screens.ts): nothing to start for it.
  if (screen !== 'login') {
    void import('@/layout/Layout');
    void import('@/shared/i18n-en');
  }
  if (screen === 'dashboard') void import('@/features/dashboard/pages/DashboardPage');
}
