import type { UserInfo } from '@quayside/contract';
import type { QueryClient } from '@tanstack/react-query';
import { staffQuery } from '@/shared/lookups/useStaff';
import { chartsQuery, demoStatusQuery, summaryQuery } from './api';
import { rememberedPeriod } from './period';

/**
 * What the dashboard shows first, for the period it opens on (DashboardPage reads the same). Asked
 * for beside the page's code when the visit begins here, so its first render has its figures.
 * Silently: a call that failed is made again by the page, which tells the user once.
 */
export function prefetchDashboard(queryClient: QueryClient, user: UserInfo): Promise<unknown> {
  const { from, to } = rememberedPeriod();
  const isAdmin = user.roles.includes('admin');
  // A salesperson's charts are her own figures (issue 32); the editor has none.
  const hasCharts = isAdmin || user.roles.includes('sales');
  const silently = { silent: true };
  return Promise.all([
    queryClient.prefetchQuery(summaryQuery({ from, to }, silently)),
    ...(hasCharts ? [queryClient.prefetchQuery(chartsQuery({ from, to }, silently))] : []),
    ...(isAdmin
      ? [
          queryClient.prefetchQuery(staffQuery(silently)),
          queryClient.prefetchQuery(demoStatusQuery(silently)),
        ]
      : []),
  ]);
}
