import { lazy } from 'react';
import LoginPage from '@/features/auth/pages/LoginPage';
import { loadUser } from '@/features/auth/session';
import { featureTextsReady } from '@/shared/i18n';
import { FORBIDDEN_PATH, LOGIN_PATH, NOT_FOUND_PATH, PASSWORD_PATH, ROUTES } from '@/shared/routes/paths';
import { preloadable } from '@/shared/routes/preloadable';
import { matchRoute, normalizePath } from '@/shared/routes/resolve';
import { sessionStore } from '@/shared/session';
import { antdStylesReady, loginStylesReady, shellStylesReady } from '@/styles/antd-styles';
import { queryClient } from './query-client';
import { PAGE_DATA, PAGES } from './routes';

/**
 * The top-level screens: pages outside the layout (login, choose password, 401, 404) and the layout
 * itself. The login page is in the app's first file, not a chunk of its own: it is every new
 * visitor's first screen, and the antd parts it needs (form, input, button, typography) serve
 * every other page too.
 */
/**
 * Every screen but the first one shows once antd's whole stylesheet (styles/antd-styles.ts) and the
 * features' texts (shared/i18n.ts) are in: the login page's first load carries neither.
 */
async function withScreenAssets<T>(module: Promise<T>, styles = antdStylesReady): Promise<T> {
  const [m] = await Promise.all([module, styles(), featureTextsReady()]);
  return m;
}

const ChoosePasswordPage = lazy(() => withScreenAssets(import('@/features/auth/pages/ChoosePasswordPage')));
const ForbiddenPage = lazy(() => withScreenAssets(import('@/features/errors/pages/ForbiddenPage')));
const NotFoundPage = lazy(() => withScreenAssets(import('@/features/errors/pages/NotFoundPage')));
// The shell renders with its part of the stylesheet when the visit began on the dashboard.
export const Layout = preloadable(() => withScreenAssets(import('@/layout/Layout'), shellStylesReady));

// The login page's code is here already; it waits for its styles only (in at once when the visit
// began on it, main.tsx having waited for them).
const LoginScreen = lazy(() => loginStylesReady().then(() => ({ default: LoginPage })));

export const STANDALONE = {
  [LOGIN_PATH]: { page: LoginScreen, title: 'route.login' },
  [PASSWORD_PATH]: { page: ChoosePasswordPage, title: 'route.password' },
  [FORBIDDEN_PATH]: { page: ForbiddenPage, title: 'route.page401' },
  [NOT_FOUND_PATH]: { page: NotFoundPage, title: 'route.page404' },
} as const;

/** The page's first data (routes.tsx PAGE_DATA), once the user is known. Never fails. */
async function preloadData(name: string): Promise<void> {
  const load = PAGE_DATA[name];
  if (!load) return;
  try {
    const [fetchData, signedIn] = await Promise.all([load(), loadUser()]);
    const user = sessionStore.get().user;
    if (signedIn && user) await fetchData(queryClient, user);
  } catch {
    // Its chunk did not come: the page asks for its data itself.
  }
}

/**
 * While the session loads, fetch the layout, the page asked for and its first data in parallel,
 * instead of one after the other once the user info is in. Resolves when all are in (a failed
 * download included: the page's error boundary then tells it).
 */
export async function preloadScreen(pathname: string): Promise<void> {
  const path = normalizePath(pathname);
  if (path in STANDALONE) return;
  const name = matchRoute(ROUTES, path)?.resolved.route.name;
  const page = name ? PAGES[name] : undefined;
  await Promise.all([Layout.preload(), page?.preload(), name && preloadData(name)]).catch(() => {});
}
