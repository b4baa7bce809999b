import type {
  Order,
  OrderDiff,
  OrderListAnswer,
  OrderVersion,
  orderCreate,
  orderPaymentCreate,
  orderUpdate,
} from '@quayside/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { buildUrl, get, post } from '@/shared/request';

export type OrderCreateBody = z.input<typeof orderCreate>;
export type OrderUpdateBody = z.input<typeof orderUpdate>;
export type PaymentBody = z.input<typeof orderPaymentCreate>;
export type ListParams = Record<string, string | number>;

export const orderKeys = {
  all: ['orders'] as const,
  list: (params: ListParams) => ['orders', 'list', params] as const,
  detail: (id: number, version?: number) => ['orders', 'detail', id, version ?? 0] as const,
  history: (id: number) => ['orders', 'history', id] as const,
  diff: (id: number, from: number, to: number) => ['orders', 'diff', id, from, to] as const,
};

export const useOrderList = (params: ListParams, enabled = true) =>
  useQuery({
    queryKey: orderKeys.list(params),
    queryFn: ({ signal }) => get<OrderListAnswer>('/order/list/', params, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useOrder = (id: number | null) =>
  useQuery({
    queryKey: orderKeys.detail(id ?? 0),
    queryFn: ({ signal }) => get<Order>('/order/detail/', { id: id ?? 0 }, { signal }),
    enabled: id !== null && id > 0,
  });

export const useOrderHistory = (id: number) =>
  useQuery({
    queryKey: orderKeys.history(id),
    queryFn: ({ signal }) => get<OrderVersion[]>('/order/history/', { id }, { signal }),
  });

export const useOrderDiff = (id: number, from: number, to: number) =>
  useQuery({
    queryKey: orderKeys.diff(id, from, to),
    queryFn: ({ signal }) => get<OrderDiff>('/order/diff/', { id, from, to }, { signal }),
    enabled: from > 0 && to > 0 && from !== to,
  });

/** Every order write refreshes the orders (and quotations: making an order accepts one). */
function useOrderMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['quotations'] });
    },
  });
}

/** Saves are quiet: the page shows field errors and the 409 itself, keeping the edits on screen. */
export const useCreateOrder = () =>
  useOrderMutation((body: OrderCreateBody) => post<Order>('/order/create/', body, { quiet: true }));
export const useUpdateOrder = () =>
  useOrderMutation((body: OrderUpdateBody) => post<Order>('/order/update/', body, { quiet: true }));
export const useOrderFromQuotation = () =>
  useOrderMutation((quotationId: number) =>
    post<Order>('/order/create_from_quotation/', { quotation_id: quotationId }),
  );
export const useSetOrderStatus = () =>
  useOrderMutation((body: { id: number; status: Order['status'] }) =>
    post<Order>('/order/set_status/', body),
  );
export const useAddPayment = () =>
  useOrderMutation((body: PaymentBody) => post<Order>('/order/add_payment/', body, { quiet: true }));
export const useDeletePayment = () =>
  useOrderMutation((body: { order_id: number; payment_id: number }) =>
    post<Order>('/order/delete_payment/', body),
  );
export const useDeleteOrders = () =>
  useOrderMutation((ids: number[]) => post<{ count: number }>('/order/delete/', { ids }));

export const orderPdfUrl = (id: number, version: number, lang: string, download = false) =>
  buildUrl('/order/pdf/', { id, version, lang, ...(download ? { download: 'true' } : {}) });
