import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * Parts of antd's static stylesheet (1 MB, 75 kB over the wire) for the first screens, each a small
 * stylesheet of its own, so the first screen renders as soon as the app's code is in without
 * waiting for the whole one: that one loads after the first screen has painted, and every other
 * screen waits for it (styles/antd-styles.ts).
 * - login: the antd components LoginPage.tsx draws (16 kB over the wire).
 * - shell: what the signed-in layout and the dashboard draw, their popups (menus, tooltips, the
 *   owner select) included (29 kB over the wire); e2e/first-screen.spec.ts keeps it in step with
 *   the dashboard's DOM.
 */
export const CRITICAL_PARTS = {
  login: ['form', 'input', 'btn', 'typography', 'segmented', 'alert', 'app', 'wave'],
  shell: [
    ...['app', 'wave', 'layout', 'menu', 'breadcrumb', 'dropdown', 'tooltip', 'btn', 'typography', 'spin'],
    ...['card', 'row', 'col', 'space', 'tag', 'select', 'skeleton', 'segmented', 'badge', 'scroll', 'empty'],
    // Shown by the shell in the first seconds now and then: a picture avatar, a page's error, a
    // message or a live notification.
    ...['avatar', 'result', 'message', 'notification'],
  ],
} as const;
type Part = keyof typeof CRITICAL_PARTS;

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

const virtualId = (part: Part) => `virtual:antd-${part}-css`;
const placeholder = (part: Part) => `__QUAYSIDE_ANTD_${part.toUpperCase()}_CSS__`;
const PARTS = Object.keys(CRITICAL_PARTS) as Part[];

/**
 * `import href from 'virtual:antd-login-css'` (or `-shell-css`): the address of that part of antd's
 * stylesheet, built as a hashed asset of its own (in development: the whole stylesheet). In the
 * build the address is written into each importer as a string, as Vite does for `?url` imports (a
 * module of its own would be one more file to fetch before the first screen's script).
 */
export function criticalCssParts(): Plugin {
  let build = false;
  const refs = new Map<Part, string>();
  return {
    name: 'quayside:critical-css',
    configResolved(config) {
      build = config.command === 'build' && !config.isWorker;
    },
    buildStart() {
      if (!build) return;
      const require = createRequire(import.meta.url);
      const css = readFileSync(require.resolve('antd/dist/antd.css'), 'utf8');
      for (const part of PARTS) {
        const source = criticalCss(css, CRITICAL_PARTS[part]);
        refs.set(part, this.emitFile({ type: 'asset', name: `antd-${part}.css`, source }));
      }
    },
    resolveId: (id) => (PARTS.some((part) => id === virtualId(part)) ? `\0${id}` : undefined),
    load: (id) =>
      PARTS.some((part) => id === `\0${virtualId(part)}`)
        ? `export { default } from 'antd/dist/antd.css?url';`
        : undefined,
    transform(code) {
      if (!build || !code.includes('virtual:antd-')) return undefined;
      let out = code;
      for (const part of PARTS) {
        const re = new RegExp(`import\\s+(\\w+)\\s+from\\s+['"]${virtualId(part)}['"];?`);
        out = out.replace(re, `const $1 = ${JSON.stringify(placeholder(part))};`);
      }
      return out === code ? undefined : { code: out, map: null };
    },
    renderChunk(code) {
      let out = code;
      for (const [part, ref] of refs) out = out.replaceAll(placeholder(part), `/${this.getFileName(ref)}`);
      return out === code ? null : { code: out, map: null };
    },
  };
}
