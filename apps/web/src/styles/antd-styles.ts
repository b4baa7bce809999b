// antd's styles as one static file built with the app (antd/dist/antd.css, the `zeroRuntime` mode of
// app/App.tsx) instead of computed in the browser for every component on first render: on a phone
// that computation was most of the dashboard's main-thread work. The file is added by script, so it
// does not hold the first paint (the boot screen). The first screen needs only a part of it
// (vite-critical-css.ts): the login page its own part, the signed-in shell with the dashboard
// another. The app renders once that part is in, and the whole file follows after the first paint;
// every other screen renders once the whole file is in (`antdStylesReady`, awaited by main.tsx and by
// the lazy screens of app/screens.ts and app/routes.ts). Once the whole file is in, the parts go:
// antd's rules then cascade in antd's own order again.
// The theme colour still recolours everything at once: the ConfigProvider writes the theme's CSS
// variables at run time and the static rules read them.

import loginHref from 'virtual:antd-login-css';
import shellHref from 'virtual:antd-shell-css';
import href from 'virtual:antd-whole-css';
import type { FirstScreen } from '@/first-screen';

/** first-screen.ts adds the same links (with the same attributes) when it runs first. */
const WHOLE = 'antdStyles';
const PARTS = { login: ['antdLoginStyles', loginHref], dashboard: ['antdShellStyles', shellHref] } as const;
const selector = (key: string) => `link[data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}]`;
const linkOf = (key: string) => document.head.querySelector<HTMLLinkElement>(selector(key));

/**
 * Adds a stylesheet as the first one of the page: the app's own rules (same specificity) come
 * after it and win, as they did over the styles antd injected at the top of <head>.
 */
function addStylesheet(url: string, key: string): HTMLLinkElement {
  const existing = linkOf(key);
  if (existing) return existing;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = url;
  link.dataset[key] = '';
  link.addEventListener('load', () => (link.dataset.loaded = ''), { once: true });
  link.addEventListener('error', () => (link.dataset.loaded = 'error'), { once: true });
  document.head.prepend(link);
  return link;
}

/** Resolves when the stylesheet has loaded (or failed: the app then still starts). */
function loaded(link: HTMLLinkElement): Promise<void> {
  if (link.dataset.loaded !== undefined || link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}

/** Asks for antd's whole stylesheet; the first screen's part goes once it is in. */
export function addAntdStyles(): HTMLLinkElement {
  const whole = addStylesheet(href, WHOLE);
  void loaded(whole).then(() => {
    if (whole.dataset.loaded === 'error') return;
    for (const [key] of Object.values(PARTS)) linkOf(key)?.remove();
  });
  return whole;
}

/** Resolves when antd's whole stylesheet has loaded: what every screen but the first one needs. */
export function antdStylesReady(): Promise<void> {
  return loaded(addAntdStyles());
}

/**
 * The styles the first screen needs: on the login page and on the dashboard their own part of the
 * stylesheet (the whole one is asked for once the page has painted), elsewhere the whole one.
 */
export function firstScreenStylesReady(screen: FirstScreen): Promise<void> {
  if (screen === 'other') return antdStylesReady();
  // Already asked for (first-screen.ts guessed another screen, or the visit went on): nothing
  // smaller to wait for.
  const whole = linkOf(WHOLE);
  if (whole) return loaded(whole);
  const [key, url] = PARTS[screen];
  return loaded(addStylesheet(url, key));
}

/**
 * The login page's styles, wherever the visit began: one that began on another screen (a session
 * that had expired) asked for another part of the stylesheet or none yet.
 */
export const loginStylesReady = (): Promise<void> => firstScreenStylesReady('login');

/**
 * The styles the signed-in shell and the dashboard need: the shell's part when this visit began on
 * the dashboard and the whole stylesheet is not in yet, else the whole one.
 */
export function shellStylesReady(): Promise<void> {
  const part = linkOf(PARTS.dashboard[0]);
  return part && !linkOf(WHOLE) ? loaded(part) : antdStylesReady();
}
