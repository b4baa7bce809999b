import { ROUTES } from './paths';
import { canAccess } from './permission';
import { matchRoute } from './resolve';

/** Redirects followed at most (the table's chains are one or two long). */
const MAX_HOPS = 5;

/**
 * Whether a link to `path` lands on a page the user may open: the table's redirects are
 * followed, every route on the way must admit the roles, and the page must be built.
 * Menus, tiles, badges and links use it so that none of them leads to 401 (issue 15).
 */
export function canOpenPath(
  roles: readonly string[],
  path: string,
  isBuilt: (name: string) => boolean = () => true,
): boolean {
  let target = path.split(/[?#]/)[0] ?? path;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const match = matchRoute(ROUTES, target);
    if (!match || !canAccess(roles, match.resolved.chain)) return false;
    const { route } = match.resolved;
    if (route.name) return isBuilt(route.name);
    if (!route.redirect) return false;
    target = route.redirect;
  }
  return false;
}
