import { CURRENCIES, formatMoney, INVOICE_KINDS, type InvoiceListItem } from '@quayside/contract';
import { Button, Card, DatePicker, Input, Select, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CustomerPicker } from '@/features/orders/components/CustomerPicker';
import { PageHeader } from '@/shared/ui/PageHeader';
import { invoiceExportUrl, useInvoiceList } from '../api';
import { BankDetailsDrawer } from '../components/BankDetailsDrawer';
import { InvoiceKindTag } from '../components/InvoiceKindTag';
import '../invoices.css';

const PAGE_SIZE = 20;

/** /invoice/list (admin): invoices with search and filters (kind, customer, currency, issue dates), export. */
export default function InvoiceListPage() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [kind, setKind] = useState<string | undefined>();
  const [customerId, setCustomerId] = useState<number | undefined>();
  const [currency, setCurrency] = useState<string[]>([]);
  const [dates, setDates] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);
  const [bankOpen, setBankOpen] = useState(false);
  const filters = {
    ...(q ? { q } : {}),
    ...(kind ? { kind } : {}),
    ...(customerId ? { customer_id: customerId } : {}),
    ...(currency.length ? { currency: currency.join(',') } : {}),
    ...(dates?.[0] ? { date_from: dates[0].format('YYYY-MM-DD') } : {}),
    ...(dates?.[1] ? { date_to: dates[1].format('YYYY-MM-DD') } : {}),
  };
  const { data, isFetching } = useInvoiceList({ ...filters, page, page_size: PAGE_SIZE });
  const filtered =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <div className="page invoice-list">
      <PageHeader
        title={t('invoice.title')}
        subtitle={t('invoice.subtitle')}
        extra={
          <Space>
            <Button onClick={() => setBankOpen(true)}>{t('invoice.bankDetails')}</Button>
            <Button href={invoiceExportUrl(filters)}>{t('invoice.export')}</Button>
          </Space>
        }
      />
      <Card variant="borderless">
        <Space wrap className="invoice-list__filters">
          <Input.Search
            allowClear
            maxLength={200}
            placeholder={t('invoice.search')}
            aria-label={t('invoice.search')}
            style={{ width: 280 }}
            onSearch={(v) => filtered(setQ)(v.trim())}
          />
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('invoice.kind')}
            aria-label={t('invoice.kind')}
            value={kind}
            onChange={filtered(setKind)}
            options={INVOICE_KINDS.map((k) => ({ value: k, label: t(`invoice.kinds.${k}`) }))}
          />
          <CustomerPicker
            allowClear
            style={{ width: 220 }}
            placeholder={t('invoice.customer')}
            aria-label={t('invoice.customer')}
            value={customerId}
            onChange={filtered(setCustomerId)}
          />
          <DatePicker.RangePicker
            aria-label={t('invoice.issueDate')}
            value={dates}
            onChange={(v) => filtered(setDates)(v)}
          />
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 140 }}
            placeholder={t('invoice.currency')}
            aria-label={t('invoice.currency')}
            value={currency}
            onChange={filtered(setCurrency)}
            options={CURRENCIES.map((c) => ({ value: c.id, label: c.id }))}
          />
        </Space>
        <Table<InvoiceListItem>
          rowKey="id"
          size="middle"
          loading={isFetching}
          dataSource={data?.items ?? []}
          locale={{ emptyText: t('invoice.empty') }}
          scroll={{ x: 1040 }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          columns={[
            {
              title: t('invoice.number'),
              width: 150,
              render: (_v, r) => <Link to={`/invoice/detail/${r.id}`}>{r.number}</Link>,
            },
            { title: t('invoice.kind'), width: 110, render: (_v, r) => <InvoiceKindTag kind={r.kind} /> },
            {
              title: t('invoice.order'),
              width: 140,
              render: (_v, r) => <Link to={`/order/detail/${r.order_id}`}>{r.order_number}</Link>,
            },
            { title: t('invoice.customer'), dataIndex: 'customer_name', ellipsis: true },
            {
              title: t('invoice.total'),
              align: 'right',
              width: 150,
              render: (_v, r) => `${formatMoney(r.total, r.currency)} ${r.currency}`,
            },
            { title: t('invoice.issueDate'), dataIndex: 'issue_date', width: 120 },
            { title: t('invoice.dueDate'), dataIndex: 'due_date', width: 120 },
            { title: t('invoice.version'), dataIndex: 'version', width: 80, align: 'right' },
          ]}
        />
      </Card>
      <BankDetailsDrawer open={bankOpen} onClose={() => setBankOpen(false)} />
    </div>
  );
}
