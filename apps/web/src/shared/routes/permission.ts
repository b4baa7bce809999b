import type { Role } from '@quayside/contract';
import type { AppRoute } from './types';

/** The role that passes every check (spec §6). */
export const SUPER_ROLE: Role = 'admin';

/** A route passes when it has no roles meta or the user holds one of them; admin passes everything. */
export function hasPermission(roles: readonly string[], route: AppRoute): boolean {
  if (roles.includes(SUPER_ROLE)) return true;
  const allowed = route.meta?.roles;
  if (!allowed || allowed.length === 0) return true;
  return roles.some((r) => (allowed as readonly string[]).includes(r));
}

/** A page may be opened when it and every ancestor pass. */
export function canAccess(roles: readonly string[], chain: readonly AppRoute[]): boolean {
  return chain.every((route) => hasPermission(roles, route));
}

/**
 * The routes a user may see, children filtered recursively. A parent that passes stays even
 * when all its children are filtered out (spec §6, SHELL.md).
 */
export function filterRoutes(routes: readonly AppRoute[], roles: readonly string[]): AppRoute[] {
  const out: AppRoute[] = [];
  for (const route of routes) {
    if (!hasPermission(roles, route)) continue;
    out.push(route.children ? { ...route, children: filterRoutes(route.children, roles) } : { ...route });
  }
  return out;
}
