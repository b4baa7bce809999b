import { type Invoice, TRADE_TERMS } from '@quayside/contract';
import { Card, Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '@/shared/i18n';

/** Order, dates, buyer and terms of the invoice. */
export function InvoiceFactsCard({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const tradeTerm = TRADE_TERMS.find((x) => x.id === invoice.trade_term)?.[lang] ?? '';
  const rows: [string, ReactNode][] = [
    [
      t('invoice.order'),
      <Link key="order" to={`/order/detail/${invoice.order_id}`}>
        {invoice.order_number}
      </Link>,
    ],
    [t('invoice.issueDate'), invoice.issue_date],
    [t('invoice.dueDate'), invoice.due_date],
    [
      t('invoice.buyer'),
      <Link key="buyer" to={`/customer/detail/${invoice.customer_id}`}>
        {invoice.customer_name}
      </Link>,
    ],
    [t('invoice.contactName'), [invoice.contact_name, invoice.contact_email].filter(Boolean).join(' · ')],
    [t('invoice.tradeTerm'), tradeTerm],
    [t('invoice.portOfLoading'), invoice.port_of_loading],
    [t('invoice.portOfDestination'), invoice.port_of_destination],
    [t('invoice.paymentTerms'), invoice.payment_terms],
    [t('invoice.remark'), invoice.remark],
  ];
  return (
    <Card variant="borderless" title={t('invoice.facts')}>
      <Descriptions
        size="small"
        column={1}
        items={rows.filter(([, v]) => v).map(([label, children], i) => ({ key: i, label, children }))}
      />
    </Card>
  );
}
