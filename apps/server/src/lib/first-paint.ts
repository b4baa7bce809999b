import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  avatarColor,
  avatarInitial,
  type FirstPaint,
  type LoginPaint,
  type UserInfo,
} from '@quayside/contract';
import type { FastifyRequest } from 'fastify';
import { userInfo } from '../modules/auth/service';
import { TOKEN_COOKIE } from './access';
import { escapeHtml } from './html';
import { requestLanguage } from './i18n';
import { findSession } from './sessions';

const DASHBOARD = new Set(['/', '/dashboard']);
const LOGIN = '/login';
/** The boot screen of index.html, which the first paint takes the place of. */
const BOOT = /<div class="boot"[^>]*>[\s\S]*?<\/div>/;

export function loadFirstPaint(dist: string): FirstPaint | null {
  const file = path.join(dist, 'first-paint.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as FirstPaint) : null;
}

/** A template's `%prefix:name%` places filled in (functions, so `$&` in a value stays as it is). */
const fill = (template: string, prefix: string, values: Record<string, string>) =>
  template.replace(new RegExp(`%${prefix}:([a-z-]+)%`, 'g'), (whole, key: string) => values[key] ?? whole);

function avatarHtml(user: UserInfo, name: string): string {
  if (user.avatar) return `<span class="fp-avatar"><img src="${escapeHtml(user.avatar)}" alt=""></span>`;
  return `<span class="fp-avatar" style="background-color:${avatarColor(name)}">${escapeHtml(avatarInitial(name))}</span>`;
}

/** The dashboard's first paint for this user, or null without texts in any language. */
export function renderFirstPaint(
  fp: FirstPaint,
  user: UserInfo,
  lang: string,
  sidebarClosed: boolean,
): string | null {
  const texts = fp.texts[lang] ?? fp.texts.en;
  if (!texts) return null;
  const name = user.name || user.username;
  // i18next's `{{name}}` in the greetings; the date is the page's script's to fill.
  const greet = (text: string) => text.replaceAll('{{name}}', () => name);
  const values: Record<string, string> = {
    sidebar: sidebarClosed ? 'fp--collapsed' : '',
    tab: escapeHtml(texts.tab),
    avatar: avatarHtml(user, name),
    morning: escapeHtml(greet(texts.morning)),
    afternoon: escapeHtml(greet(texts.afternoon)),
    evening: escapeHtml(greet(texts.evening)),
    intro: escapeHtml(texts.intro),
    roles: user.roles.map((r) => `<span class="fp-tag">${escapeHtml(texts.roles[r] ?? r)}</span>`).join(''),
    today: escapeHtml(texts.today),
    'today-format': escapeHtml(texts.todayFormat),
    weekdays: escapeHtml(texts.weekdays),
  };
  return fill(fp.template, 'fp', values);
}

/** The login page's first paint in this language, or null without its texts. */
export function renderLoginPaint(lp: LoginPaint, lang: string, year: number): string | null {
  const texts = lp.texts[lang] ?? lp.texts.en;
  if (!texts) return null;
  const values: Record<string, string> = {
    tagline: escapeHtml(texts.tagline),
    'feature-customers': escapeHtml(texts.featureCustomers),
    'feature-quotes': escapeHtml(texts.featureQuotes),
    'feature-campaigns': escapeHtml(texts.featureCampaigns),
    title: escapeHtml(texts.title),
    subtitle: escapeHtml(texts.subtitle),
    username: escapeHtml(texts.username),
    password: escapeHtml(texts.password),
    submit: escapeHtml(texts.submit),
    footer: escapeHtml(texts.footer),
    year: String(year),
    // Whole attributes: the template's checker takes no placeholder for a true/false value.
    'en-pressed': `aria-pressed="${lang !== 'zh'}"`,
    'zh-pressed': `aria-pressed="${lang === 'zh'}"`,
  };
  return fill(lp.template, 'lp', values);
}

/** A page with a first paint: its HTML, the CSP source of its inline script, whether it is the user's own. */
export interface PaintedPage {
  html: string;
  scriptHash: string;
  personal: boolean;
}

/**
 * index.html for a visit of the dashboard with a live session: the boot screen replaced by the
 * dashboard's first paint (its greeting, name, picture and roles), so a phone shows it with the
 * page's first bytes. The login page or the dashboard without one: the login page's first paint,
 * laid over the app until the login page takes its place and what was typed in it
 * (features/auth/login-paint.ts). Null when neither applies (another page, a password to change
 * first): the plain index.html then goes out.
 */
export async function firstPaintPage(
  request: FastifyRequest,
  fp: FirstPaint,
  index: string,
): Promise<PaintedPage | null> {
  const pathname = (request.url.split('?')[0] ?? '').replace(/\/+$/, '') || '/';
  if (!DASHBOARD.has(pathname) && pathname !== LOGIN) return null;
  // The session cookie only: a page address with ?token= in it is no sign-in.
  const token = request.cookies?.[TOKEN_COOKIE];
  const { db, config } = request.server.ctx;
  const session = token ? await findSession(db, token, config.sessionDays) : null;
  const lang = requestLanguage(request);
  if (!session) {
    const html = renderLoginPaint(fp.login, lang, new Date().getFullYear());
    if (html === null) return null;
    // Outside #root: React leaves it alone, and the login page reads what was typed in it.
    const page = index.replace(BOOT, '').replace('</body>', () => `${html}</body>`);
    return { html: page, scriptHash: fp.login.scriptHash, personal: false };
  }
  // Signed in, the app sends the login page on to the dashboard.
  if (session.mustChangePassword || pathname === LOGIN) return null;
  const user = await userInfo(db, session.id);
  const html = renderFirstPaint(fp, user, lang, request.cookies?.sidebarStatus === '0');
  if (html === null) return null;
  return { html: index.replace(BOOT, () => html), scriptHash: fp.scriptHash, personal: true };
}
