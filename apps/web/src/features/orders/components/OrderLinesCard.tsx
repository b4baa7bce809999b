import { compareDecimals, formatMoney, type LineItem, type Order, UNITS } from '@quayside/contract';
import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/shared/i18n';
import '@/shared/documents/document-edit.css';

/** The order's lines as saved (read-only), with subtotal, discount, shipping and total. */
export function OrderLinesCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const money = (v: string) => formatMoney(v, order.currency);
  const unit = (id: string) => UNITS.find((u) => u.id === id)?.[lang] ?? id;
  return (
    <Card variant="borderless" title={t('order.lines')}>
      <Table<LineItem & { n: number }>
        rowKey="n"
        size="small"
        pagination={false}
        scroll={{ x: 640 }}
        dataSource={order.items.map((item, n) => ({ ...item, n }))}
        columns={[
          { title: '#', width: 40, render: (_v, l) => l.n + 1 },
          { title: t('order.model'), dataIndex: 'model', width: 120 },
          { title: t('order.description'), dataIndex: 'description' },
          {
            title: t('order.quantity'),
            align: 'right',
            width: 110,
            render: (_v, l) => `${l.quantity} ${unit(l.unit)}`,
          },
          { title: t('order.unitPrice'), align: 'right', width: 110, render: (_v, l) => money(l.unit_price) },
          {
            title: t('order.amount'),
            align: 'right',
            width: 130,
            render: (_v, l) => <span className="order-detail__amount">{money(l.amount)}</span>,
          },
        ]}
      />
      <div className="order-detail__figures">
        <dl className="document-figures">
          <dt>{t('order.subtotal')}</dt>
          <dd>{money(order.subtotal)}</dd>
          {compareDecimals(order.discount, '0') > 0 && (
            <>
              <dt>{t('order.discount')}</dt>
              <dd>-{money(order.discount)}</dd>
            </>
          )}
          {compareDecimals(order.shipping_cost, '0') > 0 && (
            <>
              <dt>{t('order.shipping')}</dt>
              <dd>{money(order.shipping_cost)}</dd>
            </>
          )}
          <dt>{t('order.total')}</dt>
          <dd className="document-figures__strong" data-testid="order-detail-total">
            {`${money(order.total)} ${order.currency}`}
          </dd>
        </dl>
      </div>
    </Card>
  );
}
