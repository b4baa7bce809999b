import { formatMoney } from '@quayside/contract';
import { Button, Card, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { parseTime } from '@/shared/format';
import { useOrderList } from '../api';
import { CurrencyTotals } from './CurrencyTotals';
import { OrderStatusTag } from './StatusTag';
import '../orders.css';

/** On a customer's page (who may open the documents): the customer's orders, newest first, with what they still owe. */
export function CustomerOrders({
  customerId,
  mayCreate = true,
}: {
  customerId: number;
  /** False for a customer of the pool a salesperson has not claimed (documents are made for her own). */
  mayCreate?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useOrderList({ customer_id: customerId, page_size: 20 });
  return (
    <Card
      variant="borderless"
      className="customer-orders"
      title={t('order.title')}
      data-testid="customer-orders"
      extra={
        mayCreate && (
          <Button size="small" onClick={() => navigate(`/order/create?customer_id=${customerId}`)}>
            {t('order.new')}
          </Button>
        )
      }
    >
      <CurrencyTotals totals={data?.totals ?? []} />
      <List
        size="small"
        dataSource={data?.items ?? []}
        locale={{ emptyText: t('order.empty') }}
        renderItem={(o) => (
          <List.Item>
            <Link to={`/order/detail/${o.id}`}>{o.number}</Link>
            <span>{`${formatMoney(o.total, o.currency)} ${o.currency}`}</span>
            <span>{t('order.balanceOf', { amount: formatMoney(o.balance, o.currency) })}</span>
            <OrderStatusTag status={o.status} />
            <span>{parseTime(o.created_at, '{y}-{m}-{d}')}</span>
          </List.Item>
        )}
      />
    </Card>
  );
}
