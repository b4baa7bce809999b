import type {
  Invoice,
  InvoiceDiff,
  InvoiceKind,
  InvoiceListItem,
  InvoiceVersion,
  invoiceUpdate,
  ListAnswer,
} from '@quayside/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { buildUrl, get, post } from '@/shared/request';

export type InvoiceUpdateBody = z.input<typeof invoiceUpdate>;
export type ListParams = Record<string, string | number>;

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (params: ListParams) => ['invoices', 'list', params] as const,
  detail: (id: number, version?: number) => ['invoices', 'detail', id, version ?? 0] as const,
  history: (id: number) => ['invoices', 'history', id] as const,
  diff: (id: number, from: number, to: number) => ['invoices', 'diff', id, from, to] as const,
};

export const useInvoiceList = (params: ListParams, enabled = true) =>
  useQuery({
    queryKey: invoiceKeys.list(params),
    queryFn: ({ signal }) => get<ListAnswer<InvoiceListItem>>('/invoice/list/', params, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useInvoice = (id: number | null) =>
  useQuery({
    queryKey: invoiceKeys.detail(id ?? 0),
    queryFn: ({ signal }) => get<Invoice>('/invoice/detail/', { id: id ?? 0 }, { signal }),
    enabled: id !== null && id > 0,
  });

export const useInvoiceHistory = (id: number) =>
  useQuery({
    queryKey: invoiceKeys.history(id),
    queryFn: ({ signal }) => get<InvoiceVersion[]>('/invoice/history/', { id }, { signal }),
  });

export const useInvoiceDiff = (id: number, from: number, to: number) =>
  useQuery({
    queryKey: invoiceKeys.diff(id, from, to),
    queryFn: ({ signal }) => get<InvoiceDiff>('/invoice/diff/', { id, from, to }, { signal }),
    enabled: from > 0 && to > 0 && from !== to,
  });

/** Every invoice write refreshes the invoices and the orders (an order page lists its invoices). */
function useInvoiceMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

export const useIssueInvoice = () =>
  useInvoiceMutation((body: { order_id: number; kind: InvoiceKind }) =>
    post<Invoice>('/invoice/create_from_order/', body),
  );
/** Quiet: the editor shows field errors and the 409 itself, keeping the edits on screen. */
export const useUpdateInvoice = () =>
  useInvoiceMutation((body: InvoiceUpdateBody) => post<Invoice>('/invoice/update/', body, { quiet: true }));
export const useDeleteInvoices = () =>
  useInvoiceMutation((ids: number[]) => post<{ count: number }>('/invoice/delete/', { ids }));

export const invoicePdfUrl = (id: number, version: number, lang: string, download = false) =>
  buildUrl('/invoice/pdf/', { id, version, lang, ...(download ? { download: 'true' } : {}) });
export const invoiceXlsxUrl = (id: number, version: number, lang: string) =>
  buildUrl('/invoice/xlsx/', { id, version, lang });
