import { DeleteOutlined } from '@ant-design/icons';
import type { Order } from '@quayside/contract';
import { Button, Popconfirm, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { tagsStore } from '@/layout/tags-store';
import { notify } from '@/shared/notify';
import { useDeleteOrders } from '../api';

/** Deletes the order after a confirmation; not while invoices or packing lists made from it exist. */
export function DeleteOrderButton({ order }: { order: Order }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteOrders();
  const made = order.invoices.length + order.packing_lists.length;
  if (made > 0) {
    return (
      <Tooltip title={t('order.deleteBlocked', { count: made })}>
        <Button danger icon={<DeleteOutlined />} disabled>
          {t('order.delete')}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Popconfirm
      title={t('order.deleteConfirm', { number: order.number })}
      okText={t('order.delete')}
      cancelText={t('order.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={async () => {
        await remove.mutateAsync([order.id]);
        notify.message('success', t('order.deleted', { number: order.number }));
        navigate('/order/list');
        tagsStore.close(`/order/detail/${order.id}`, '/order/list');
      }}
    >
      <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
        {t('order.delete')}
      </Button>
    </Popconfirm>
  );
}
