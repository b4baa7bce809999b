// antd's styles as one static file built with the app (antd/dist/antd.css, the `zeroRuntime` mode of
// app/App.tsx) instead of computed in the browser for every component on first render: on a phone
// that computation was most of the dashboard's main-thread work. The file is added by script, so it
// does not hold the first paint (the boot screen); the app renders once it is in (`antdStylesReady`).
// The theme colour still recolours everything at once: the ConfigProvider writes the theme's CSS
// variables at run time and the static rules read them.
import href from 'antd/dist/antd.css?url';

/** first-screen.ts adds the same link (with the same attributes) when it runs first. */
const SELECTOR = 'link[data-antd-styles]';

/**
 * Adds the stylesheet as the first one of the page: the app's own rules (same specificity) come
 * after it and win, as they did over the styles antd injected at the top of <head>.
 */
export function addAntdStyles(): HTMLLinkElement {
  const existing = document.head.querySelector<HTMLLinkElement>(SELECTOR);
  if (existing) return existing;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.dataset.antdStyles = '';
  link.addEventListener('load', () => (link.dataset.loaded = ''), { once: true });
  link.addEventListener('error', () => (link.dataset.loaded = 'error'), { once: true });
  document.head.prepend(link);
  return link;
}

/** Resolves when antd's stylesheet has loaded (or failed: the app then still starts). */
export function antdStylesReady(): Promise<void> {
  const link = addAntdStyles();
  if (link.dataset.loaded !== undefined || link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}
