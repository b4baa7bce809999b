// antd's styles as one static file built with the app (antd/dist/antd.css, the `zeroRuntime` mode of
// app/App.tsx) instead of computed in the browser for every component on first render: on a phone
// that computation was most of the dashboard's main-thread work. The file is added by script, so it
// does not hold the first paint (the boot screen). The login page needs only a small part of it
// (vite-critical-css.ts): on the login page the app renders once that part is in, and the whole file
// follows after the first paint; every other screen renders once the whole file is in
// (`antdStylesReady`, awaited by main.tsx and by the lazy screens of app/screens.ts).
// The theme colour still recolours everything at once: the ConfigProvider writes the theme's CSS
// variables at run time and the static rules read them.

import loginHref from 'virtual:antd-login-css';
import href from 'antd/dist/antd.css?url';

/** first-screen.ts adds the same links (with the same attributes) when it runs first. */
const WHOLE = 'antdStyles';
const LOGIN = 'antdLoginStyles';
const selector = (key: string) => `link[data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}]`;

/**
 * Adds a stylesheet as the first one of the page: the app's own rules (same specificity) come
 * after it and win, as they did over the styles antd injected at the top of <head>.
 */
function addStylesheet(url: string, key: string): HTMLLinkElement {
  const existing = document.head.querySelector<HTMLLinkElement>(selector(key));
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

export const addAntdStyles = (): HTMLLinkElement => addStylesheet(href, WHOLE);

/** Resolves when antd's whole stylesheet has loaded: what every screen but the login page needs. */
export function antdStylesReady(): Promise<void> {
  return loaded(addAntdStyles());
}

/**
 * The styles the first screen needs: on the login page its own part of the stylesheet (app/App.tsx
 * asks for the whole one once the page has painted), elsewhere the whole one.
 */
export function firstScreenStylesReady(onLogin: boolean): Promise<void> {
  if (!onLogin) return antdStylesReady();
  // Already asked for (first-screen.ts guessed another screen): nothing smaller to wait for.
  const whole = document.head.querySelector<HTMLLinkElement>(selector(WHOLE));
  if (whole) return loaded(whole);
  return loaded(addStylesheet(loginHref, LOGIN));
}
