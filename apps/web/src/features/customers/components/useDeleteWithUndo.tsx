import { useDeleteWithUndo as useSharedDeleteWithUndo } from '@/shared/list/useDeleteWithUndo';
import { useDeleteCustomers, useRestoreCustomers } from '../api';

/** Delete (admin) with an Undo in the confirmation message: the customers go to the recycle bin. */
export function useDeleteWithUndo() {
  return useSharedDeleteWithUndo({
    remove: useDeleteCustomers(),
    restore: useRestoreCustomers(),
    texts: 'customers',
    messageKey: 'customer-delete',
  });
}
