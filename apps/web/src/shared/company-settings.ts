import type { CompanySettings } from '@quayside/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '@/shared/request';

const KEY = ['settings', 'company'] as const;

/**
 * The company settings (admin): letterhead, bank block (invoices) and the customer pool's rules
 * (customers). Saved whole: a screen sends what it read with its own part changed, and then shows
 * the server's answer, never what it sent.
 */
export const useCompanySettings = (enabled: boolean) =>
  useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => get<CompanySettings>('/settings/company/', {}, { signal }),
    enabled,
  });

/** Quiet: the form shows a refused field next to it. */
export const useSaveCompanySettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanySettings) => post<CompanySettings>('/settings/company/', body, { quiet: true }),
    onSuccess: (saved) => queryClient.setQueryData(KEY, saved),
  });
};
