import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * The antd components the login page draws (LoginPage.tsx). Their rules of antd's static
 * stylesheet make a small stylesheet of their own (16 kB over the wire), so the login page renders
 * as soon as the app's code is in, without waiting for the whole one (1 MB, 75 kB over the wire):
 * that one loads after the login page has painted, and every other screen waits for it
 * (styles/antd-styles.ts).
 */
const LOGIN_COMPONENTS = ['form', 'input', 'btn', 'typography', 'segmented', 'alert', 'app', 'wave'];

/** Splits CSS text into its top-level blocks (`prelude{body}`), braces inside blocks kept. */
function blocks(css: string): { prelude: string; body: string }[] {
  const out: { prelude: string; body: string }[] = [];
  let depth = 0;
  let start = 0;
  let open = -1;
  let quote: string | null = null;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '{') {
      if (depth === 0) open = i;
      depth++;
    } else if (c === '}') {
      depth--;
      if (depth === 0) {
        out.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, i) });
        start = i + 1;
      }
    }
  }
  return out;
}

const ANT_CLASS = /\.ant-([a-z]+)/g;

/** A selector list is kept when one of its selectors names only the given components (or none). */
function keepsSelector(selectors: string, components: readonly string[]): boolean {
  return selectors.split(',').some((selector) => {
    for (const [, name] of selector.matchAll(ANT_CLASS))
      if (!name || !components.includes(name)) return false;
    return true;
  });
}

export function criticalCss(css: string, components: readonly string[]): string {
  const kept: string[] = [];
  const keyframes = new Map<string, string>();
  for (const { prelude, body } of blocks(css)) {
    if (prelude.startsWith('@keyframes')) {
      keyframes.set(prelude.slice('@keyframes'.length).trim(), `${prelude}{${body}}`);
    } else if (prelude.startsWith('@media') || prelude.startsWith('@supports')) {
      const inner = criticalCss(body, components);
      if (inner) kept.push(`${prelude}{${inner}}`);
    } else if (prelude.startsWith('@')) {
      kept.push(`${prelude}{${body}}`);
    } else if (keepsSelector(prelude, components)) {
      kept.push(`${prelude}{${body}}`);
    }
  }
  const text = kept.join('');
  const animations = [...keyframes].filter(([name]) => new RegExp(`[\\s:,]${name}[\\s;,}]`).test(text));
  return text + animations.map(([, rule]) => rule).join('');
}

const ID = 'virtual:antd-login-css';
const RESOLVED = `\0${ID}`;
const IMPORT = /import\s+(\w+)\s+from\s+['"]virtual:antd-login-css['"];?/;
const PLACEHOLDER = '__QUAYSIDE_ANTD_LOGIN_CSS__';

/**
 * `import href from 'virtual:antd-login-css'`: the address of a stylesheet with the login page's part
 * of antd's stylesheet, built as a hashed asset of its own (in development: the whole stylesheet).
 * In the build the address is written into each importer as a string, as Vite does for `?url`
 * imports (a module of its own would be one more file to fetch before the first screen's script).
 */
export function loginCriticalCss(): Plugin {
  let build = false;
  let ref = '';
  return {
    name: 'quayside:login-critical-css',
    configResolved(config) {
      build = config.command === 'build' && !config.isWorker;
    },
    buildStart() {
      if (!build) return;
      const require = createRequire(import.meta.url);
      const css = readFileSync(require.resolve('antd/dist/antd.css'), 'utf8');
      ref = this.emitFile({
        type: 'asset',
        name: 'antd-login.css',
        source: criticalCss(css, LOGIN_COMPONENTS),
      });
    },
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? `export { default } from 'antd/dist/antd.css?url';` : undefined),
    transform(code) {
      if (!build || !code.includes(ID)) return undefined;
      return { code: code.replace(IMPORT, `const $1 = ${JSON.stringify(PLACEHOLDER)};`), map: null };
    },
    renderChunk(code) {
      if (!code.includes(PLACEHOLDER)) return null;
      return { code: code.replaceAll(PLACEHOLDER, `/${this.getFileName(ref)}`), map: null };
    },
  };
}
