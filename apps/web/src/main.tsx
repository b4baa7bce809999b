import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadScreen } from './app/screens';
import { dropLoginPaint } from './features/auth/login-paint';
import { loadUser } from './features/auth/session';
import type { FirstScreen } from './first-screen';
import { installGlobalErrorHandlers, logError } from './shared/error-log/store';
import { featureTextsReady, i18nReady } from './shared/i18n';
import { LOGIN_PATH, ROUTES } from './shared/routes/paths';
import { matchRoute, normalizePath } from './shared/routes/resolve';
import { nextTask } from './shared/scheduling';
import { getToken } from './shared/session';
import { firstScreenStylesReady } from './styles/antd-styles';
import './styles/global.css';

installGlobalErrorHandlers();

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

// The app's texts and antd's stylesheet (no unstyled flash; the boot screen shows meanwhile): on
// the login page and the dashboard only their own part of the stylesheet (styles/antd-styles.ts), on
// the login page only its own texts (shared/i18n.ts). The same guess as first-screen.ts's, made with
// the app's own routes.
const path = normalizePath(location.pathname);
const route = matchRoute(ROUTES, path)?.resolved.route;
const onLogin = !getToken() || path === LOGIN_PATH;
const screen: FirstScreen = onLogin
  ? 'login'
  : route?.name === 'Dashboard' || route?.redirect === '/dashboard'
    ? 'dashboard'
    : 'other';
// Signed in, the user and the first screen's code (shell and page) too: the boot screen then gives
// way to the finished screen in one step, not to a spinner while they load. Asked for in a task of
// their own: evaluating the app's modules is a long task on a phone already, and asking for the
// screen's code adds a link per file to the page (Vite's preload helper).
await nextTask();
await Promise.all([
  i18nReady,
  firstScreenStylesReady(screen),
  ...(onLogin ? [] : [featureTextsReady(), loadUser(), preloadScreen(path)]),
]);
/** Logged; and the server's paint of the login page, were it still up, must not hide what went wrong. */
const renderFailed = (error: unknown, info: { componentStack?: string }) => {
  dropLoginPaint();
  logError(error, info.componentStack?.trim().split('\n')[0]?.trim() ?? 'render');
};
const app = createRoot(root, {
  // Errors caught by a page's error boundary are collected too (SHELL.md error log).
  onCaughtError: renderFailed,
  onUncaughtError: renderFailed,
});
// As a transition, the first render is done in slices of a few milliseconds with the browser free
// in between (a phone otherwise spent a third of a second in one task before the first screen).
startTransition(() =>
  app.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
