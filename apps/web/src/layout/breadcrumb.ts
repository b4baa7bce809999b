import { joinPath } from '@/shared/routes/resolve';
import type { ResolvedRoute } from '@/shared/routes/types';

export interface Crumb {
  /** i18n key of the title. */
  title: string;
  /** Where the crumb links to; absent for the current page. */
  to?: string;
  /** `title` is text to show as it is (what the page shows), not an i18n key. */
  raw?: boolean;
}

export const DASHBOARD_CRUMB: Crumb = { title: 'route.dashboard', to: '/dashboard' };

/** The breadcrumb always starts with the dashboard unless the user is on it (spec §2). */
export function buildBreadcrumb(resolved: ResolvedRoute | null): Crumb[] {
  if (!resolved) return [];
  if (resolved.route.name === 'Dashboard') return [{ title: DASHBOARD_CRUMB.title }];
  const crumbs: Crumb[] = [];
  let path = '';
  resolved.chain.forEach((route, index) => {
    path = joinPath(path, route.path);
    const title = route.meta?.title;
    if (!title) return;
    const last = index === resolved.chain.length - 1;
    // A parent and its single page often share a title (Products › Products): say it once.
    if (crumbs.at(-1)?.title === title) crumbs.pop();
    crumbs.push(last ? { title } : { title, to: route.redirect ?? path });
  });
  return [DASHBOARD_CRUMB, ...crumbs];
}
