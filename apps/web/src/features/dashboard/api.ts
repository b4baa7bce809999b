import type { DashboardCharts, DashboardSummary, DemoSeeded, DemoStatus } from '@quayside/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '@/shared/request';

const demoKey = ['demo'] as const;

/** Admins only: whether this database is new enough to take sample data. */
export function useDemoStatus(enabled: boolean) {
  return useQuery({
    queryKey: demoKey,
    queryFn: ({ signal }) => get<DemoStatus>('/demo/', undefined, { signal, quiet: true }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
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
export function useDashboardSummary(params: { from: string; to: string; owner_id?: number }) {
  return useQuery({
    queryKey: ['dashboard', 'summary', params],
    queryFn: ({ signal }) => get<DashboardSummary>('/dashboard/summary/', params, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The period's charts (GET /api/dashboard/charts/), same parameters as the summary. */
export function useDashboardCharts(params: { from: string; to: string; owner_id?: number }) {
  return useQuery({
    queryKey: ['dashboard', 'charts', params],
    queryFn: ({ signal }) => get<DashboardCharts>('/dashboard/charts/', params, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
