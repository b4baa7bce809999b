import type { DashboardCharts, DashboardSummary, DemoSeeded, DemoStatus } from '@quayside/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Asking, get, post } from '@/shared/request';

const demoKey = ['demo'] as const;

export type DashboardParams = { from: string; to: string; owner_id?: number };

/** Admins only: whether this database is new enough to take sample data. */
export const demoStatusQuery = (asking: Asking = {}) =>
  queryOptions({
    queryKey: demoKey,
    queryFn: ({ signal }) => get<DemoStatus>('/demo/', undefined, { signal, quiet: true, ...asking }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useDemoStatus(enabled: boolean) {
  return useQuery({ ...demoStatusQuery(), enabled });
}

/** Adds the sample data; every screen then reloads what it shows. */
export function useSeedDemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => post<DemoSeeded>('/demo/seed/', {}),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

/** The dashboard's figures for a period (and, for an admin, one salesperson). */
export const summaryQuery = (params: DashboardParams, asking: Asking = {}) =>
  queryOptions({
    queryKey: ['dashboard', 'summary', params],
    queryFn: ({ signal }) => get<DashboardSummary>('/dashboard/summary/', params, { signal, ...asking }),
    staleTime: 30_000,
  });

/** The period's charts (GET /api/dashboard/charts/), same parameters as the summary. */
export const chartsQuery = (params: DashboardParams, asking: Asking = {}) =>
  queryOptions({
    queryKey: ['dashboard', 'charts', params],
    queryFn: ({ signal }) => get<DashboardCharts>('/dashboard/charts/', params, { signal, ...asking }),
    staleTime: 30_000,
  });

export function useDashboardSummary(params: DashboardParams) {
  return useQuery({ ...summaryQuery(params), placeholderData: keepPreviousData });
}

export function useDashboardCharts(params: DashboardParams) {
  return useQuery({ ...chartsQuery(params), placeholderData: keepPreviousData });
}
