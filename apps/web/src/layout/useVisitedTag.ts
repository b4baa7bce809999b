import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ROUTES } from '@/shared/routes/paths';
import { matchRoute, normalizePath } from '@/shared/routes/resolve';
import { affixViews, tagsStore } from './tags-store';

/** Adds a tab for every visited named route; the fixed (affix) tabs are always there. */
export function useVisitedTag() {
  const location = useLocation();
  // Back after a sign-out emptied them (tags-store.ts has them from the start otherwise).
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
