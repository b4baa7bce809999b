import { matchPath } from 'react-router';
import type { AppRoute, ResolvedRoute } from './types';

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  const base = parent.endsWith('/') ? parent.slice(0, -1) : parent;
  return child ? `${base}/${child}` : base || '/';
}

/** Every route of the table with its absolute path, parents before children. */
export function flattenRoutes(
  routes: readonly AppRoute[],
  parentPath = '',
  parents: AppRoute[] = [],
): ResolvedRoute[] {
  const out: ResolvedRoute[] = [];
  for (const route of routes) {
    const fullPath = joinPath(parentPath, route.path);
    const chain = [...parents, route];
    out.push({ fullPath, route, chain });
    if (route.children) out.push(...flattenRoutes(route.children, fullPath, chain));
  }
  return out;
}

export function normalizePath(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.replace(/\/+$/, '') || '/';
  return pathname;
}

/** Shared between callers (matchRoute keeps its answers): read, never change. */
export interface RouteMatch {
  readonly resolved: ResolvedRoute;
  readonly params: Readonly<Record<string, string | undefined>>;
}

const dynamicCount = (path: string) => (path.match(/[:*]/g) ?? []).length;

/** A table's pages and redirects, static paths first; per table, built once. */
const candidatesOf = new WeakMap<readonly AppRoute[], ResolvedRoute[]>();
/**
 * The answers so far, per table and path. Menus, tiles and links ask for the same few paths on
 * every render (the sidebar alone about forty); flattening the table and compiling each path
 * again was a good part of the shell's first render on a phone.
 */
const answersOf = new WeakMap<readonly AppRoute[], Map<string, RouteMatch | null>>();
/** Enough for every path a session visits; past it the answers start again. */
const ANSWERS_KEPT = 1000;

function candidates(routes: readonly AppRoute[]): ResolvedRoute[] {
  let found = candidatesOf.get(routes);
  if (!found) {
    found = flattenRoutes(routes)
      .filter((r) => r.route.name || r.route.redirect)
      .sort((a, b) => dynamicCount(a.fullPath) - dynamicCount(b.fullPath));
    candidatesOf.set(routes, found);
  }
  return found;
}

/** The route for a pathname; static paths win over ones with params. */
export function matchRoute(routes: readonly AppRoute[], pathname: string): RouteMatch | null {
  const path = normalizePath(pathname);
  let answers = answersOf.get(routes);
  if (!answers) {
    answers = new Map();
    answersOf.set(routes, answers);
  }
  const known = answers.get(path);
  if (known !== undefined) return known;
  let answer: RouteMatch | null = null;
  for (const resolved of candidates(routes)) {
    const m = matchPath({ path: resolved.fullPath, end: true, caseSensitive: false }, path);
    if (m) {
      answer = { resolved, params: m.params };
      break;
    }
  }
  if (answers.size >= ANSWERS_KEPT) answers.clear();
  answers.set(path, answer);
  return answer;
}
