import { Card, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { parseTime } from '@/shared/format';
import { usePackingListList } from '../api';

/** On a customer's page (admin): the customer's packing lists, newest first. */
export function CustomerPackingLists({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { data } = usePackingListList({ customer_id: customerId, page_size: 20 });
  return (
    <Card variant="borderless" title={t('packing.title')} data-testid="customer-packing-lists">
      <List
        size="small"
        dataSource={data?.items ?? []}
        locale={{ emptyText: t('packing.empty') }}
        renderItem={(p) => (
          <List.Item>
            <Link to={`/packing/detail/${p.id}`}>{p.number}</Link>
            <Link to={`/order/detail/${p.order_id}`}>{p.order_number}</Link>
            <span>{`${p.total_cartons} ${t('packing.totalCartons')} · ${p.total_cbm} CBM`}</span>
            <span>{parseTime(p.created_at, '{y}-{m}-{d}')}</span>
          </List.Item>
        )}
      />
    </Card>
  );
}
