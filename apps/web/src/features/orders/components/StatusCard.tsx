import type { Order } from '@quayside/contract';
import { Button, Card, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseTime } from '@/shared/format';
import { useSetOrderStatus } from '../api';
import { OrderStatusTag } from './StatusTag';

/** The order's status, the button that moves it on (or back), and who changed it when. */
export function StatusCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  const setStatus = useSetOrderStatus();
  const next = order.status === 'done' ? 'in_progress' : 'done';
  return (
    <Card
      variant="borderless"
      title={t('order.status')}
      extra={
        <Button
          loading={setStatus.isPending}
          onClick={() => setStatus.mutate({ id: order.id, status: next })}
        >
          {next === 'done' ? t('order.markDone') : t('order.reopen')}
        </Button>
      }
    >
      <p>
        <OrderStatusTag status={order.status} />
      </p>
      <Timeline
        items={[...order.status_changes].reverse().map((c) => ({
          color: c.status === 'done' ? 'green' : 'blue',
          children: t('order.statusChanged', {
            status: t(`order.statuses.${c.status}`),
            name: c.changed_by_name || '—',
            time: parseTime(c.changed_at, '{y}-{m}-{d} {h}:{i}'),
          }),
        }))}
      />
    </Card>
  );
}
