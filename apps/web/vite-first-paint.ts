import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types.js';
import type { FirstPaint, FirstPaintTexts, LoginPaint, LoginPaintTexts } from '@quayside/contract';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { dayPart, TODAY_FORMAT } from './src/features/dashboard/greeting';
import { WEEKDAYS } from './src/shared/format';

// CommonJS packages, read the same way by Node (the build) and by Vite (the tests).
const require = createRequire(import.meta.url);
const icons: typeof import('@ant-design/icons-svg') = require('@ant-design/icons-svg');
const helpers: typeof import('@ant-design/icons-svg/lib/helpers.js') = require('@ant-design/icons-svg/lib/helpers.js');

const file = (name: string) => fileURLToPath(new URL(name, import.meta.url));
const TEMPLATE = file('./first-paint/dashboard.html');
const LOGIN_TEMPLATE = file('./first-paint/login.html');
const LOGIN_CSS = file('./src/features/auth/pages/login.css');
const FAVICON = file('./public/favicon.svg');
const LANGS = ['en', 'zh'] as const;
/** `THEME_KEY` of shared/settings.ts and `COOKIE.language` (first-paint.test.ts keeps them equal). */
export const THEME_KEY = 'quayside.theme';
export const LANGUAGE_COOKIE = 'language';

/** A first paint's script: the user's theme colour (shared/settings.ts), on the paint's root. */
const themeColour = `try {
    const theme = localStorage.getItem(${JSON.stringify(THEME_KEY)});
    if (/^#[0-9a-f]{6}$/i.test(theme || '')) root.style.setProperty('--qs-primary', theme);
  } catch {}`;

/**
 * The page's own script: the greeting of the visitor's hour, today's date, their theme colour. The
 * greeting's rule is the dashboard's own function, written in here by the build.
 */
export const firstPaintScript = () => `(() => {
  const root = document.currentScript.parentElement;
  const dayPart = ${dayPart.toString()};
  const now = new Date();
  const greeting = root.querySelector('.fp-greeting');
  greeting.textContent = greeting.dataset[dayPart(now.getHours())];
  const today = root.querySelector('.fp-today');
  const pad = (n) => String(n).padStart(2, '0');
  const parts = { y: now.getFullYear(), m: pad(now.getMonth() + 1), d: pad(now.getDate()), a: today.dataset.weekdays.split(',')[now.getDay()] };
  const date = today.dataset.format.replace(/\\{([ymda])\\}/g, (_, k) => parts[k]);
  today.textContent = today.dataset.text.replace('{{date}}', date);
  ${themeColour}
})();`;

/** The user name typed before a language switch, kept for the page that comes back (never the password). */
const KEPT_USERNAME = 'quayside.login-paint.username';

/**
 * The login paint's script: the theme colour; a sign-in asked for before the app has arrived is
 * held (the app makes it: features/auth/login-paint.ts), not sent by the browser as a form; the
 * other language is remembered as the app remembers it (shared/i18n.ts), and the page asked for
 * again, which the server then draws in it, with the user name typed so far.
 */
export const loginPaintScript = () => `(() => {
  const root = document.currentScript.parentElement;
  ${themeColour}
  const form = root.querySelector('form');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    form.dataset.submitted = '';
  });
  const username = form.elements.namedItem('username');
  const KEPT = ${JSON.stringify(KEPT_USERNAME)};
  try {
    const kept = sessionStorage.getItem(KEPT);
    sessionStorage.removeItem(KEPT);
    if (kept && !username.value) username.value = kept;
  } catch {}
  for (const button of root.querySelectorAll('[data-lang]')) {
    button.addEventListener('click', () => {
      if (button.getAttribute('aria-pressed') === 'true') return;
      try {
        if (username.value) sessionStorage.setItem(KEPT, username.value);
      } catch {}
      document.cookie = ${JSON.stringify(`${LANGUAGE_COOKIE}=`)} + button.dataset.lang + '; path=/; max-age=31536000; samesite=lax';
      location.reload();
    });
  }
})();`;

type Lang = (typeof LANGS)[number];
const locale = (lang: Lang) => JSON.parse(readFileSync(file(`./src/locales/${lang}.json`), 'utf8'));
/** CSP source of an inline script ('sha256-…'). */
const cspHash = (script: string) => `sha256-${createHash('sha256').update(script).digest('base64')}`;

function textsOf(lang: Lang): FirstPaintTexts {
  const { dashboard, roles, route } = locale(lang);
  return {
    tab: route.dashboard,
    morning: dashboard.morning,
    afternoon: dashboard.afternoon,
    evening: dashboard.evening,
    intro: dashboard.intro,
    today: dashboard.today,
    todayFormat: TODAY_FORMAT[lang],
    weekdays: (WEEKDAYS[lang] ?? []).join(','),
    roles,
  };
}

function loginTextsOf(lang: Lang): LoginPaintTexts {
  const { app, login } = locale(lang);
  return {
    tagline: app.tagline,
    featureCustomers: login.featureCustomers,
    featureQuotes: login.featureQuotes,
    featureCampaigns: login.featureCampaigns,
    title: login.title,
    subtitle: login.subtitle,
    username: login.username,
    password: login.password,
    submit: login.submit,
    footer: login.footer,
  };
}

/** An antd icon's SVG as @ant-design/icons draws it. */
const icon = (definition: IconDefinition) =>
  helpers.renderIconDefinitionToSVGElement(definition, {
    extraSVGAttrs: { width: '1em', height: '1em', fill: 'currentColor', 'aria-hidden': 'true' },
  });

/** The logo (the favicon's drawing) at `size`, hidden from screen readers, with `attributes`. */
const favicon = (size: number, attributes = '') =>
  readFileSync(FAVICON, 'utf8')
    .trim()
    .replace('<svg ', `<svg width="${size}" height="${size}" aria-hidden="true" ${attributes}`)
    .replace(/<title>.*?<\/title>/, '');

/** The logo as layout/Logo.tsx's LogoMark draws it: in the theme colour. */
const logoMark = (size: number) =>
  favicon(size, 'class="logo-mark" ').replace('fill="#409EFF"', 'fill="var(--qs-primary, #409EFF)"');

/**
 * The login page's first paint (first-paint/login.html): its layout is LoginPage's own stylesheet,
 * written in; the antd parts (inputs, button, language switch) are drawn alike by the template's
 * rules. e2e/login-paint.spec.ts keeps the two in the same places.
 */
export function buildLoginPaint(): LoginPaint {
  const script = loginPaintScript();
  const css = readFileSync(LOGIN_CSS, 'utf8').replace(/\s*\n\s*/g, ' ');
  const template = readFileSync(LOGIN_TEMPLATE, 'utf8')
    .replace('/*lp:login-css*/', () => css)
    .replace('<!-- logo-40 -->', logoMark(40))
    .replace('<!-- logo-36 -->', logoMark(36))
    .replaceAll('<!-- check-icon -->', icon(icons.CheckCircleFilled))
    .replace('<!-- user-icon -->', icon(icons.UserOutlined))
    .replace('<!-- lock-icon -->', icon(icons.LockOutlined))
    .replace('<!-- eye-icon -->', icon(icons.EyeInvisibleOutlined))
    .replace(/<!--.*?-->\s*/g, '')
    .replace('/*lp:script*/', () => script);
  return {
    template,
    scriptHash: cspHash(script),
    texts: Object.fromEntries(LANGS.map((lang) => [lang, loginTextsOf(lang)])),
  };
}

/** What the app loads first on a visit of the dashboard, beside its entry: the shell, the page, its data. */
const FIRST_SCREEN = [
  'src/layout/Layout.tsx',
  'src/features/dashboard/pages/DashboardPage.tsx',
  'src/features/dashboard/prefetch.ts',
];

/** A chunk's files and those it imports, transitively; its stylesheets too. */
function closure(bundle: OutputBundle, roots: OutputChunk[]): { scripts: Set<string>; styles: Set<string> } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (scripts.has(chunk.fileName)) return;
    scripts.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  for (const root of roots) visit(root);
  return { scripts, styles };
}

/**
 * Links that start downloading the shell's and the dashboard's code with the page's first bytes
 * (the browser's preload scanner), not once the app's entry has run: on a phone's line that is a
 * round trip and the entry's download sooner, and the app no longer adds a link per file itself
 * (Vite's preload helper finds them), tens of milliseconds of its busiest moment. What index.html
 * loads already is left out. Stylesheets are preloaded only: the page's stylesheet links stay the
 * app's (these links go when the app replaces the first paint).
 */
export function firstScreenLinks(bundle: OutputBundle): string {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry && c.name === 'index');
  const roots = FIRST_SCREEN.map((source) => {
    const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(source));
    if (!chunk) throw new Error(`first paint: no chunk for ${source}`);
    return chunk;
  });
  const loaded = entry ? closure(bundle, [entry]) : { scripts: new Set<string>(), styles: new Set<string>() };
  const { scripts, styles } = closure(bundle, roots);
  return [
    ...[...scripts]
      .filter((f) => !loaded.scripts.has(f))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ...[...styles]
      .filter((f) => !loaded.styles.has(f))
      .map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
  ].join('');
}

/** The template with its build-time parts in: the logo, the script, the first screen's links. */
export function buildFirstPaint(links = ''): FirstPaint {
  const script = firstPaintScript();
  const mark = favicon(28);
  const template =
    links +
    readFileSync(TEMPLATE, 'utf8').replace('<!-- logo-mark -->', mark).replace('/*fp:script*/', script);
  return {
    template,
    scriptHash: cspHash(script),
    texts: Object.fromEntries(LANGS.map((lang) => [lang, textsOf(lang)])),
    login: buildLoginPaint(),
  };
}

/**
 * The dashboard's first paint (first-paint/dashboard.html), which the server sends inside index.html
 * to a signed-in visit of the dashboard, filled with the user's name, picture and roles: the greeting
 * shows with the page's first bytes, not after the app's half megabyte of code has arrived and run.
 * The app replaces it with the dashboard itself in its first render.
 */
export function firstPaint(): Plugin {
  return {
    name: 'quayside:first-paint',
    apply: 'build',
    generateBundle(_options, bundle) {
      this.emitFile({
        type: 'asset',
        fileName: 'first-paint.json',
        source: JSON.stringify(buildFirstPaint(firstScreenLinks(bundle))),
      });
    },
  };
}
