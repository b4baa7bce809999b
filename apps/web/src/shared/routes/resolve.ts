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

export interface RouteMatch {
  resolved: ResolvedRoute;
  params: Record<string, string | undefined>;
}

const dynamicCount = (path: string) => (path.match(/[:*]/g) ?? []).length;

/** The route for a pathname; static paths win over ones with params. */
export function matchRoute(routes: readonly AppRoute[], pathname: string): RouteMatch | null {
  const path = normalizePath(pathname);
  const candidates = flattenRoutes(routes)
    .filter((r) => r.route.name || r.route.redirect)
    .sort((a, b) => dynamicCount(a.fullPath) - dynamicCount(b.fullPath));
  for (const resolved of candidates) {
    const m = matchPath({ path: resolved.fullPath, end: true, caseSensitive: false }, path);
    if (m) return { resolved, params: m.params };
  }
  return null;
}
