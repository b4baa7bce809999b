import type {
  Customer,
  customerBulkUpdate,
  customerCreate,
  customerMerge,
  customerUpdate,
  EmailListItem,
  ImportAnswer,
  ListAnswer,
} from '@quayside/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DuplicateMode } from '@/shared/list/ImportDialog';
import { get, post } from '@/shared/request';

export type CustomerCreate = z.input<typeof customerCreate>;
export type CustomerUpdate = z.input<typeof customerUpdate>;
export type CustomerBulkUpdate = z.input<typeof customerBulkUpdate>;
export type CustomerMerge = z.input<typeof customerMerge>;
export type ListParams = Record<string, string | number>;

export const CUSTOMER_API = {
  export: '/customer/export/',
  template: '/customer/import_template/',
} as const;

export const customerKeys = {
  all: ['customers'] as const,
  list: (params: ListParams) => ['customers', 'list', params] as const,
  bin: (params: ListParams) => ['customers', 'bin', params] as const,
  detail: (id: number) => ['customers', 'detail', id] as const,
  emails: (id: number, page: number) => ['customers', 'emails', id, page] as const,
};

export function useCustomerList(params: ListParams) {
  return useQuery({
    queryKey: customerKeys.list(params),
    queryFn: ({ signal }) => get<ListAnswer<Customer>>('/customer/list/', params, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The recycle bin (admin): customers deleted in the last 30 days. */
export function useDeletedCustomers(params: ListParams, enabled: boolean) {
  return useQuery({
    queryKey: customerKeys.bin(params),
    queryFn: ({ signal }) => get<ListAnswer<Customer>>('/customer/deleted/', params, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One customer; a missing one is told by the page itself (quiet). */
export function useCustomer(id: number) {
  return useQuery({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => get<Customer>('/customer/detail/', { id }, { signal, quiet: true }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/**
 * Emails with the customer (GET /api/email/history/). Quiet: until the email module answers, the
 * activity area shows its empty state instead of an error.
 */
export function useCustomerEmails(customerId: number, page: number) {
  return useQuery({
    queryKey: customerKeys.emails(customerId, page),
    queryFn: ({ signal }) =>
      get<ListAnswer<EmailListItem>>(
        '/email/history/',
        { customer_id: customerId, page, page_size: 10 },
        { signal, quiet: true },
      ),
    placeholderData: keepPreviousData,
  });
}

function useCustomerMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

/** Form saves are quiet: the form shows field errors and the duplicate next to the fields. */
export const useCreateCustomer = () =>
  useCustomerMutation((body: CustomerCreate) => post<Customer>('/customer/create/', body, { quiet: true }));
export const useUpdateCustomer = () =>
  useCustomerMutation((body: CustomerUpdate) => post<Customer>('/customer/update/', body, { quiet: true }));
export const useBulkUpdateCustomers = () =>
  useCustomerMutation((body: CustomerBulkUpdate) => post<{ count: number }>('/customer/bulk_update/', body));
export const useDeleteCustomers = () =>
  useCustomerMutation((ids: number[]) => post<{ count: number }>('/customer/delete/', { ids }));
export const useRestoreCustomers = () =>
  useCustomerMutation((ids: number[]) => post<{ count: number }>('/customer/restore/', { ids }));
/**
 * The pool (issue 32): a salesperson claims customers without an owner, releases her own. Told by
 * the request wrapper when refused (409 names who claimed first, or the cap). Either way the lists
 * are asked again: a claimed row leaves the pool view, one another claimed first too.
 */
function usePoolMutation(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => post<{ count: number }>(path, { ids }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
export const useClaimCustomers = () => usePoolMutation('/customer/claim/');
export const useReleaseCustomers = () => usePoolMutation('/customer/release/');
export const useMergeCustomers = () =>
  useCustomerMutation((body: CustomerMerge) => post<Customer>('/customer/merge/', body));
export const useImportCustomers = () =>
  useCustomerMutation(
    ({
      file,
      onDuplicate,
      confirmDuplicate,
    }: {
      file: File;
      onDuplicate: DuplicateMode;
      confirmDuplicate: boolean;
    }) => {
      const data = new FormData();
      data.append('file', file, file.name);
      return post<ImportAnswer>('/customer/import/', data, {
        params: { on_duplicate: onDuplicate, confirm_duplicate: confirmDuplicate },
        // A large sheet takes a while to check row by row.
        timeout: 10 * 60_000,
        // The import dialog shows a refused file and asks about a file imported before.
        quiet: true,
      });
    },
  );
