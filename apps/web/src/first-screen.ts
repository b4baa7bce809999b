// A second, tiny entry (index.html, `async`): it starts fetching the code of the screen this visit
// will show while the app's own code still downloads. Without it the screen's chunk is asked for only
// once the app has started: one more round trip and download in a row on a phone. It imports no
// library (that would make it wait for them); a wrong guess only fetches a chunk early. It also
// starts antd's stylesheet (styles/antd-styles.ts: the login page's or the dashboard's part of it on
// those), so
// it downloads beside the app's code: the same
// few lines here, not an import of that module (it would become one more file both entries load).

import loginStylesHref from 'virtual:antd-login-css';
import shellStylesHref from 'virtual:antd-shell-css';
import antdStylesHref from 'antd/dist/antd.css?url';

/** `COOKIE.token` and the paths of `shared/routes/paths.ts` (first-screen.test.ts keeps them equal). */
export const TOKEN_COOKIE = 'rs-token';
export const LOGIN = '/login';
export const DASHBOARD = ['/', '/dashboard'];

export type FirstScreen = 'login' | 'dashboard' | 'other';

export function firstScreen(pathname: string, cookie: string): FirstScreen {
  const signedIn = cookie
    .split('; ')
    .some((c) => c.startsWith(`${TOKEN_COOKIE}=`) && c.length > TOKEN_COOKIE.length + 1);
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
  // The login page is in the app's own first file (app/screens.ts): nothing to start for it.
  if (screen !== 'login') {
    void import('@/layout/Layout');
    void import('@/shared/i18n-en');
  }
  if (screen === 'dashboard') void import('@/features/dashboard/pages/DashboardPage');
}
