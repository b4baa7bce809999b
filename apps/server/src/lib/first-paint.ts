import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { avatarColor, avatarInitial, type FirstPaint, type UserInfo } from '@quayside/contract';
import type { FastifyRequest } from 'fastify';
import { userInfo } from '../modules/auth/service';
import { TOKEN_COOKIE } from './access';
import { escapeHtml } from './html';
import { requestLanguage } from './i18n';
import { findSession } from './sessions';

const DASHBOARD = new Set(['/', '/dashboard']);
/** The boot screen of index.html, which the first paint takes the place of. */
const BOOT = /<div class="boot"[^>]*>[\s\S]*?<\/div>/;

export function loadFirstPaint(dist: string): FirstPaint | null {
  const file = path.join(dist, 'first-paint.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as FirstPaint) : null;
}

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
  return fp.template.replace(/%fp:([a-z-]+)%/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * index.html for a visit of the dashboard with a live session: the boot screen replaced by the
 * dashboard's first paint (its greeting, name, picture and roles), so a phone shows it with the
 * page's first bytes. Null when that does not apply (another page, no session, a password to
 * change first): the plain index.html then goes out.
 */
export async function firstPaintPage(
  request: FastifyRequest,
  fp: FirstPaint,
  index: string,
): Promise<string | null> {
  const pathname = (request.url.split('?')[0] ?? '').replace(/\/+$/, '') || '/';
  if (!DASHBOARD.has(pathname)) return null;
  // The session cookie only: a page address with ?token= in it is no sign-in.
  const token = request.cookies?.[TOKEN_COOKIE];
  if (!token) return null;
  const { db, config } = request.server.ctx;
  const session = await findSession(db, token, config.sessionDays);
  if (!session || session.mustChangePassword) return null;
  const user = await userInfo(db, session.id);
  const html = renderFirstPaint(fp, user, requestLanguage(request), request.cookies?.sidebarStatus === '0');
  return html && index.replace(BOOT, () => html);
}
