import type { CustomerTransfer } from '@quayside/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/shared/request';

/**
 * An admin hands customers to another user (POST /api/customer/transfer/): the listed ones, or all
 * of one user's, with their open documents and, optionally, her mailbox assignments. Everything
 * that hangs off a customer may have moved (lists, details, documents, mail, dashboard): every
 * query is asked again. Refusals are told by the request wrapper (the server's msg).
 */
export function useTransferCustomers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerTransfer) => post<{ count: number }>('/customer/transfer/', body),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
