import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteProducts, useRestoreProducts } from '../api';

/** Delete with an Undo in the confirmation message: the products go to the bin. */
export function useDeleteWithUndo() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const remove = useDeleteProducts();
  const restore = useRestoreProducts();
  const run = async (ids: number[]) => {
    const { count } = await remove.mutateAsync(ids);
    const key = `product-delete-${ids.join('-')}`;
    void message.success({
      key,
      duration: 8,
      content: (
        <span>
          {t('products.deleted', { count })}{' '}
          <Button
            type="link"
            size="small"
            className="message-action"
            onClick={async () => {
              message.destroy(key);
              const restored = await restore.mutateAsync(ids);
              void message.success(t('products.restored', { count: restored.count }));
            }}
          >
            {t('products.undo')}
          </Button>
        </span>
      ),
    });
    return count;
  };
  return { run, pending: remove.isPending };
}
