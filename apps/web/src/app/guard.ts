import {
  FORBIDDEN_PATH,
  FORBIDDEN_REDIRECT,
  LOGIN_PATH,
  NOT_FOUND_PATH,
  PASSWORD_PATH,
} from '@/shared/routes/paths';
import { canAccess } from '@/shared/routes/permission';
import { matchRoute, normalizePath } from '@/shared/routes/resolve';
import type { AppRoute } from '@/shared/routes/types';

/** Reachable without a token. */
export const WHITE_LIST: readonly string[] = [LOGIN_PATH];
/** Pages outside the layout, open to any signed-in user. */
export const PUBLIC_PAGES: readonly string[] = [LOGIN_PATH, FORBIDDEN_PATH, NOT_FOUND_PATH];

export interface GuardInput {
  pathname: string;
  search: string;
  hasToken: boolean;
  /** null while the user info is not loaded. */
  roles: readonly string[] | null;
  /** The server answers nothing but the password change until it is done. */
  mustChangePassword?: boolean;
}

export type GuardDecision =
  | { kind: 'render' }
  | { kind: 'redirect'; to: string }
  /** Token but no user info yet: fetch it, then decide again. */
  | { kind: 'load-user' };

/** Where an anonymous visitor goes: the login page, remembering the page asked for. */
export function loginRedirect(pathname: string, search: string): string {
  const target = `${pathname}${search}`;
  if (!target || target === '/') return `${LOGIN_PATH}?redirect=${encodeURIComponent('/')}`;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}`;
}

/** The navigation guard of spec §2/§4 and SHELL.md, as a pure decision. */
export function decideGuard(input: GuardInput, routes: readonly AppRoute[]): GuardDecision {
  const path = normalizePath(input.pathname);
  if (!input.hasToken) {
    if (WHITE_LIST.includes(path)) return { kind: 'render' };
    return { kind: 'redirect', to: loginRedirect(path, input.search) };
  }
  // Signed in on the login page: back to the page asked for before login, or the root.
  if (path === LOGIN_PATH)
    return { kind: 'redirect', to: safeRedirect(new URLSearchParams(input.search).get('redirect')) };
  if (input.roles === null) return { kind: 'load-user' };
  if (input.mustChangePassword) {
    if (path === PASSWORD_PATH) return { kind: 'render' };
    return {
      kind: 'redirect',
      to: `${PASSWORD_PATH}?redirect=${encodeURIComponent(`${path}${input.search}`)}`,
    };
  }
  if (path === PASSWORD_PATH)
    return { kind: 'redirect', to: safeRedirect(new URLSearchParams(input.search).get('redirect')) };
  if (PUBLIC_PAGES.includes(path)) return { kind: 'render' };

  const match = matchRoute(routes, path);
  if (!match) return { kind: 'redirect', to: NOT_FOUND_PATH };
  if (!canAccess(input.roles, match.resolved.chain)) return { kind: 'redirect', to: FORBIDDEN_REDIRECT };
  const { redirect } = match.resolved.route;
  if (redirect && !match.resolved.route.name) return { kind: 'redirect', to: `${redirect}${input.search}` };
  return { kind: 'render' };
}

const SAME_ORIGIN = 'http://quayside.invalid';

/**
 * Only a path of this site is followed after login (`?redirect=`): one leading `/`, no `//` or `/\`
 * (browsers read both as another host), no backslash, no control characters (tab and newline are
 * dropped by URL parsing, so `/\t/evil` would become `//evil`), no scheme. Anything else goes to the root.
 */
export function safeRedirect(target: string | null): string {
  if (!target?.startsWith('/') || target.startsWith('//')) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(target)) return '/';
  let url: URL;
  try {
    url = new URL(target, SAME_ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== SAME_ORIGIN) return '/';
  const path = normalizePath(url.pathname);
  if (path === LOGIN_PATH || path === PASSWORD_PATH) return '/';
  return target;
}
