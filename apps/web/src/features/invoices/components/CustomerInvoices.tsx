import { formatMoney } from '@quayside/contract';
import { Card, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useInvoiceList } from '../api';
import { InvoiceKindTag } from './InvoiceKindTag';

/** On a customer's page (admin): the customer's invoices, newest first. */
export function CustomerInvoices({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { data } = useInvoiceList({ customer_id: customerId, page_size: 20 });
  return (
    <Card variant="borderless" title={t('invoice.title')} data-testid="customer-invoices">
      <List
        size="small"
        dataSource={data?.items ?? []}
        locale={{ emptyText: t('invoice.noneYet') }}
        renderItem={(i) => (
          <List.Item>
            <Link to={`/invoice/detail/${i.id}`}>{i.number}</Link>
            <InvoiceKindTag kind={i.kind} />
            <span>{`${formatMoney(i.total, i.currency)} ${i.currency}`}</span>
            <span>{i.issue_date}</span>
          </List.Item>
        )}
      />
    </Card>
  );
}
