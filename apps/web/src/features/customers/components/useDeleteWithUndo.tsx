import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteCustomers, useRestoreCustomers } from '../api';

/** Delete (admin) with an Undo in the confirmation message: the customers go to the recycle bin. */
export function useDeleteWithUndo() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const remove = useDeleteCustomers();
  const restore = useRestoreCustomers();

  const run = async (ids: number[]) => {
    const { count } = await remove.mutateAsync(ids);
    const key = `customer-delete-${ids.join('-')}`;
    void message.success({
      key,
      duration: 8,
      content: (
        <span>
          {t('customers.deleted', { count })}{' '}
          <Button
            type="link"
            size="small"
            className="message-action"
            onClick={async () => {
              message.destroy(key);
              const restored = await restore.mutateAsync(ids);
              void message.success(t('customers.restored', { count: restored.count }));
            }}
          >
            {t('customers.undo')}
          </Button>
        </span>
      ),
    });
    return count;
  };
  return { run, pending: remove.isPending };
}
