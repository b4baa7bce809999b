import type { OrderStatus } from '@quayside/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <Tag color={status === 'done' ? 'green' : 'blue'}>{t(`order.statuses.${status}`)}</Tag>;
}
