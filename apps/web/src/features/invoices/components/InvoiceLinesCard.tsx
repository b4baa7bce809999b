import { compareDecimals, formatMoney, type Invoice, type LineItem, UNITS } from '@quayside/contract';
import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/shared/i18n';

/** The invoice's lines as saved (read-only), its totals and the amount in words. */
export function InvoiceLinesCard({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const money = (v: string) => formatMoney(v, invoice.currency);
  const unit = (id: string) => UNITS.find((u) => u.id === id)?.[lang] ?? id;
  return (
    <Card variant="borderless" title={t('invoice.lines')}>
      <Table<LineItem & { n: number }>
        rowKey="n"
        size="small"
        pagination={false}
        scroll={{ x: 640 }}
        dataSource={invoice.items.map((item, n) => ({ ...item, n }))}
        columns={[
          { title: '#', width: 40, render: (_v, l) => l.n + 1 },
          { title: t('invoice.model'), dataIndex: 'model', width: 120 },
          { title: t('invoice.description'), dataIndex: 'description' },
          {
            title: t('invoice.quantity'),
            align: 'right',
            width: 110,
            render: (_v, l) => `${l.quantity} ${unit(l.unit)}`,
          },
          {
            title: t('invoice.unitPrice'),
            align: 'right',
            width: 110,
            render: (_v, l) => money(l.unit_price),
          },
          { title: t('invoice.amount'), align: 'right', width: 130, render: (_v, l) => money(l.amount) },
        ]}
      />
      <dl className="invoice-figures">
        <dt>{t('invoice.subtotal')}</dt>
        <dd>{money(invoice.subtotal)}</dd>
        {compareDecimals(invoice.discount, '0') > 0 && (
          <>
            <dt>{t('invoice.discount')}</dt>
            <dd>-{money(invoice.discount)}</dd>
          </>
        )}
        {compareDecimals(invoice.shipping_cost, '0') > 0 && (
          <>
            <dt>{t('invoice.shipping')}</dt>
            <dd>{money(invoice.shipping_cost)}</dd>
          </>
        )}
        <dt>{t('invoice.total')}</dt>
        <dd className="invoice-figures__strong" data-testid="invoice-total">
          {`${money(invoice.total)} ${invoice.currency}`}
        </dd>
      </dl>
      <div className="invoice-words" data-testid="invoice-words" title={t('invoice.amountInWords')}>
        {invoice.amount_in_words}
      </div>
    </Card>
  );
}
