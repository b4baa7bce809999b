import { useMemo } from 'react';
import { useCanOpen } from '@/shared/routes/pages';
import { ROUTES } from '@/shared/routes/paths';
import { filterRoutes } from '@/shared/routes/permission';
import { useUser } from '@/shared/session';
import { buildMenu, type MenuEntry, pruneMenu } from './menu';

/** The signed-in user's menu: permitted routes (spec §6) that open a built page. */
export function useMenu(): MenuEntry[] {
  const roles = useUser()?.roles;
  const canOpen = useCanOpen();
  return useMemo(() => pruneMenu(buildMenu(filterRoutes(ROUTES, roles ?? [])), canOpen), [roles, canOpen]);
}
