import { useDeleteWithUndo as useSharedDeleteWithUndo } from '@/shared/list/useDeleteWithUndo';
import { useDeleteProducts, useRestoreProducts } from '../api';

/** Delete with an Undo in the confirmation message: the products go to the bin. */
export function useDeleteWithUndo() {
  return useSharedDeleteWithUndo({
    remove: useDeleteProducts(),
    restore: useRestoreProducts(),
    texts: 'products',
    messageKey: 'product-delete',
  });
}
