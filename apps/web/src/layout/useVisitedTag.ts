import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ROUTES } from '@/shared/routes/paths';
import { flattenRoutes, matchRoute, normalizePath } from '@/shared/routes/resolve';
import type { TagView } from './tags';
import { tagsStore } from './tags-store';

const affixViews: TagView[] = flattenRoutes(ROUTES)
  .filter((r) => r.route.meta?.affix && r.route.name)
  .map((r) => ({
    path: r.fullPath,
    fullPath: r.fullPath,
    name: r.route.name as string,
    title: r.route.meta?.title ?? '',
    affix: true,
    noCache: Boolean(r.route.meta?.noCache),
  }));

/** Adds a tab for every visited named route; the fixed (affix) tabs are always there. */
export function useVisitedTag() {
  const location = useLocation();
  useEffect(() => {
    for (const view of affixViews) tagsStore.add(view);
  }, []);
  useEffect(() => {
    const path = normalizePath(location.pathname);
    const match = matchRoute(ROUTES, path);
    const route = match?.resolved.route;
    if (!route?.name) return;
    tagsStore.add({
      path,
      fullPath: `${path}${location.search}`,
      name: route.name,
      title: route.meta?.title ?? route.name,
      affix: Boolean(route.meta?.affix),
      noCache: Boolean(route.meta?.noCache),
      suffix: match?.params.id,
    });
  }, [location.pathname, location.search]);
}
