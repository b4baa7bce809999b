import type {
  ImportResult,
  ListAnswer,
  Picture,
  Product,
  ProductCategory,
  productBulkUpdate,
  productCreate,
  productUpdate,
} from '@quayside/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DuplicateMode } from '@/shared/list/ImportDialog';
import { get, post } from '@/shared/request';

export type ProductCreate = z.input<typeof productCreate>;
export type ProductUpdate = z.input<typeof productUpdate>;
export type ProductBulkUpdate = z.input<typeof productBulkUpdate>;
export type ListParams = Record<string, string | number>;

export const PRODUCT_API = {
  export: '/product/export/',
  template: '/product/import_template/',
} as const;

export const productKeys = {
  all: ['products'] as const,
  list: (params: ListParams) => ['products', 'list', params] as const,
  bin: (params: ListParams) => ['products', 'bin', params] as const,
  detail: (id: number) => ['products', 'detail', id] as const,
  categories: ['products', 'categories'] as const,
};

export function useProductList(params: ListParams) {
  return useQuery({
    queryKey: productKeys.list(params),
    queryFn: ({ signal }) => get<ListAnswer<Product>>('/product/list/', params, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The bin: products deleted in the last 30 days. */
export function useDeletedProducts(params: ListParams, enabled: boolean) {
  return useQuery({
    queryKey: productKeys.bin(params),
    queryFn: ({ signal }) => get<ListAnswer<Product>>('/product/deleted/', params, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useProduct(id: number | null) {
  return useQuery({
    queryKey: productKeys.detail(id ?? 0),
    queryFn: ({ signal }) => get<Product>('/product/detail/', { id: id ?? 0 }, { signal }),
    enabled: id !== null && id > 0,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: productKeys.categories,
    queryFn: ({ signal }) => get<ProductCategory[]>('/product_category/list/', undefined, { signal }),
    staleTime: 60_000,
  });
}

function useProductMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

/** Form saves are quiet: the form shows field errors next to the fields. */
export const useCreateProduct = () =>
  useProductMutation((body: ProductCreate) => post<Product>('/product/create/', body, { quiet: true }));
export const useUpdateProduct = () =>
  useProductMutation((body: ProductUpdate) => post<Product>('/product/update/', body, { quiet: true }));
export const useBulkUpdateProducts = () =>
  useProductMutation((body: ProductBulkUpdate) => post<{ count: number }>('/product/bulk_update/', body));
export const useDeleteProducts = () =>
  useProductMutation((ids: number[]) => post<{ count: number }>('/product/delete/', { ids }));
export const useRestoreProducts = () =>
  useProductMutation((ids: number[]) => post<{ count: number }>('/product/restore/', { ids }));
export const useImportProducts = () =>
  useProductMutation(({ file, onDuplicate }: { file: File; onDuplicate: DuplicateMode }) => {
    const data = new FormData();
    data.append('file', file, file.name);
    return post<ImportResult>('/product/import/', data, {
      params: { on_duplicate: onDuplicate },
      timeout: 10 * 60_000,
    });
  });

/** Thumbnails of an uploaded file (quiet: the uploader shows the refusal on the picture). */
export const preparePicture = (fileId: number) =>
  post<Picture>('/product/prepare_picture/', { file_id: fileId }, { quiet: true });

export const useCategoryMutation = <V>(path: string) =>
  useProductMutation((body: V) => post<unknown>(`/product_category/${path}/`, body));
