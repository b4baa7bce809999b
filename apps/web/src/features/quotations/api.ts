import type {
  Customer,
  ListAnswer,
  ProductOption,
  Quotation,
  QuotationDiff,
  QuotationListItem,
  QuotationVersion,
  quotationCreate,
  quotationUpdate,
} from '@quayside/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { buildUrl, get, post } from '@/shared/request';

export type QuotationCreateBody = z.input<typeof quotationCreate>;
export type QuotationUpdateBody = z.input<typeof quotationUpdate>;
export type ListParams = Record<string, string | number>;

export const quotationKeys = {
  all: ['quotations'] as const,
  list: (params: ListParams) => ['quotations', 'list', params] as const,
  detail: (id: number, version?: number) => ['quotations', 'detail', id, version ?? 0] as const,
  history: (id: number) => ['quotations', 'history', id] as const,
  diff: (id: number, from: number, to: number) => ['quotations', 'diff', id, from, to] as const,
};

export const useQuotationList = (params: ListParams) =>
  useQuery({
    queryKey: quotationKeys.list(params),
    queryFn: ({ signal }) => get<ListAnswer<QuotationListItem>>('/quotation/list/', params, { signal }),
    placeholderData: keepPreviousData,
  });

export const useQuotation = (id: number | null) =>
  useQuery({
    queryKey: quotationKeys.detail(id ?? 0),
    queryFn: ({ signal }) => get<Quotation>('/quotation/detail/', { id: id ?? 0 }, { signal }),
    enabled: id !== null && id > 0,
  });

export const useQuotationHistory = (id: number) =>
  useQuery({
    queryKey: quotationKeys.history(id),
    queryFn: ({ signal }) => get<QuotationVersion[]>('/quotation/history/', { id }, { signal }),
  });

export const useQuotationDiff = (id: number, from: number, to: number) =>
  useQuery({
    queryKey: quotationKeys.diff(id, from, to),
    queryFn: ({ signal }) => get<QuotationDiff>('/quotation/diff/', { id, from, to }, { signal }),
    enabled: from > 0 && to > 0 && from !== to,
  });

function useQuotationMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quotationKeys.all }),
  });
}

/** Saves are quiet: the page shows field errors and the 409 itself, keeping the edits on screen. */
export const useCreateQuotation = () =>
  useQuotationMutation((body: QuotationCreateBody) =>
    post<Quotation>('/quotation/create/', body, { quiet: true }),
  );
export const useUpdateQuotation = () =>
  useQuotationMutation((body: QuotationUpdateBody) =>
    post<Quotation>('/quotation/update/', body, { quiet: true }),
  );
export const useRestoreVersion = () =>
  useQuotationMutation((body: { id: number; version: number; from_version: number }) =>
    post<Quotation>('/quotation/restore/', body),
  );
export const useSendQuotation = () =>
  useQuotationMutation((body: { id: number; lang: 'en' | 'zh' }) =>
    post<{ email_id: number }>('/quotation/send/', body),
  );

export const pdfUrl = (id: number, version: number, lang: string, download = false) =>
  buildUrl('/quotation/pdf/', { id, version, lang, ...(download ? { download: 'true' } : {}) });
export const xlsxUrl = (id: number, version: number, lang: string) =>
  buildUrl('/quotation/xlsx/', { id, version, lang });

export const searchProducts = (q: string) => get<ProductOption[]>('/product/options/', { q, limit: 20 });
export const searchCustomers = (q: string) =>
  get<ListAnswer<Customer>>('/customer/list/', { q, page_size: 20 }).then((r) => r.items);
export const getCustomer = (id: number) => get<Customer>('/customer/detail/', { id });
