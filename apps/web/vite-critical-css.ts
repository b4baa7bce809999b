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
 *   owner select) and their motions included (30 kB over the wire); e2e/first-screen.spec.ts keeps it in step with
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
    // The popups' motions: a tooltip zooms in, a select's list slides down, a message moves up.
    ...['zoom', 'slide', 'move'],
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

/** The stylesheets built from antd's: its parts, and the whole file as it is. */
type Sheet = Part | 'whole';
const SHEETS: readonly Sheet[] = [...(Object.keys(CRITICAL_PARTS) as Part[]), 'whole'];
const virtualId = (sheet: Sheet) => `virtual:antd-${sheet}-css`;
const placeholder = (sheet: Sheet) => `__QUAYSIDE_ANTD_${sheet.toUpperCase()}_CSS__`;

/**
 * `import href from 'virtual:antd-login-css'` (or `-shell-css`, `-whole-css`): the address of that
 * part of antd's stylesheet, or of the whole file, built as a hashed asset of its own (in
 * development: the whole stylesheet). In the build the address is written into each importer as a
 * string: a module of its own (as a `?url` import is) would be one more file to fetch before the
 * first screen's script, or, for the whole file's, a part of the libraries' chunk, which
 * first-screen.ts would then wait for.
 */
export function criticalCssParts(): Plugin {
  let build = false;
  const refs = new Map<Sheet, string>();
  return {
    name: 'quayside:critical-css',
    configResolved(config) {
      build = config.command === 'build' && !config.isWorker;
    },
    buildStart() {
      if (!build) return;
      const require = createRequire(import.meta.url);
      const css = readFileSync(require.resolve('antd/dist/antd.css'), 'utf8');
      for (const sheet of SHEETS) {
        const source = sheet === 'whole' ? css : criticalCss(css, CRITICAL_PARTS[sheet]);
        const name = sheet === 'whole' ? 'antd.css' : `antd-${sheet}.css`;
        refs.set(sheet, this.emitFile({ type: 'asset', name, source }));
      }
    },
    resolveId: (id) => (SHEETS.some((sheet) => id === virtualId(sheet)) ? `\0${id}` : undefined),
    load: (id) =>
      SHEETS.some((sheet) => id === `\0${virtualId(sheet)}`)
        ? `export { default } from 'antd/dist/antd.css?url';`
        : undefined,
    transform(code) {
      if (!build || !code.includes('virtual:antd-')) return undefined;
      let out = code;
      for (const sheet of SHEETS) {
        const re = new RegExp(`import\\s+(\\w+)\\s+from\\s+['"]${virtualId(sheet)}['"];?`);
        out = out.replace(re, `const $1 = ${JSON.stringify(placeholder(sheet))};`);
      }
      return out === code ? undefined : { code: out, map: null };
    },
    renderChunk(code) {
      let out = code;
      for (const [sheet, ref] of refs) out = out.replaceAll(placeholder(sheet), `/${this.getFileName(ref)}`);
      return out === code ? null : { code: out, map: null };
    },
  };
}
