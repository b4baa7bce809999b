import type {
  ListAnswer,
  PackingList,
  PackingListDiff,
  PackingListItem,
  PackingListVersion,
  packingListUpdate,
} from '@quayside/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { buildUrl, get, post } from '@/shared/request';

export type PackingUpdateBody = z.input<typeof packingListUpdate>;
export type ListParams = Record<string, string | number>;

export const packingKeys = {
  all: ['packing-lists'] as const,
  list: (params: ListParams) => ['packing-lists', 'list', params] as const,
  detail: (id: number, version?: number) => ['packing-lists', 'detail', id, version ?? 0] as const,
  history: (id: number) => ['packing-lists', 'history', id] as const,
  diff: (id: number, from: number, to: number) => ['packing-lists', 'diff', id, from, to] as const,
};

export const usePackingListList = (params: ListParams, enabled = true) =>
  useQuery({
    queryKey: packingKeys.list(params),
    queryFn: ({ signal }) => get<ListAnswer<PackingListItem>>('/packing_list/list/', params, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const usePackingList = (id: number, version?: number) =>
  useQuery({
    queryKey: packingKeys.detail(id, version),
    queryFn: ({ signal }) =>
      get<PackingList>('/packing_list/detail/', { id, ...(version ? { version } : {}) }, { signal }),
    enabled: id > 0,
  });

export const usePackingHistory = (id: number) =>
  useQuery({
    queryKey: packingKeys.history(id),
    queryFn: ({ signal }) => get<PackingListVersion[]>('/packing_list/history/', { id }, { signal }),
  });

export const usePackingDiff = (id: number, from: number, to: number) =>
  useQuery({
    queryKey: packingKeys.diff(id, from, to),
    queryFn: ({ signal }) => get<PackingListDiff>('/packing_list/diff/', { id, from, to }, { signal }),
    enabled: from > 0 && to > 0 && from !== to,
  });

/** Every packing-list write refreshes the packing lists and the orders (their pages list them). */
function usePackingMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: packingKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

export const useCreatePackingList = () =>
  usePackingMutation((body: { order_id: number; invoice_id: number | null }) =>
    post<PackingList>('/packing_list/create_from_order/', body),
  );
/** Quiet: the editor shows field errors and the 409 itself, keeping the edits on screen. */
export const useUpdatePackingList = () =>
  usePackingMutation((body: PackingUpdateBody) =>
    post<PackingList>('/packing_list/update/', body, { quiet: true }),
  );
export const useDeletePackingLists = () =>
  usePackingMutation((ids: number[]) => post<{ count: number }>('/packing_list/delete/', { ids }));

export const packingPdfUrl = (id: number, version: number, lang: string, download = false) =>
  buildUrl('/packing_list/pdf/', { id, version, lang, ...(download ? { download: 'true' } : {}) });
export const packingXlsxUrl = (id: number, version: number, lang: string) =>
  buildUrl('/packing_list/xlsx/', { id, version, lang });
