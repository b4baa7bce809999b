import { formatMoney, INVOICE_KINDS, type InvoiceListItem } from '@quayside/contract';
import { Button, Card, Select, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentFilters } from '@/shared/documents/DocumentFilters';
import { DocumentTable } from '@/shared/documents/DocumentTable';
import { useDocumentList } from '@/shared/documents/useDocumentList';
import { parseTime } from '@/shared/format';
import { ExportButton } from '@/shared/list/ExportButton';
import type { ListColumn } from '@/shared/list/ListTable';
import { useUser } from '@/shared/session';
import { PageHeader } from '@/shared/ui/PageHeader';
import { useInvoiceList } from '../api';
import { BankDetailsDrawer } from '../components/BankDetailsDrawer';
import { InvoiceKindTag } from '../components/InvoiceKindTag';
import { INVOICE_KNOWN, INVOICE_LIST, INVOICE_PREFS } from '../list-config';
import '../invoices.css';

/** /invoice/list (admin): invoices with search and filters in the URL (kind, customer, currency, issue dates), export. */
export default function InvoiceListPage() {
  const { t } = useTranslation();
  const { state, update, params, exportParams, onPaging } = useDocumentList(INVOICE_LIST, INVOICE_KNOWN);
  const list = useInvoiceList(params);
  const [bankOpen, setBankOpen] = useState(false);
  // The bank block is a company setting: the admin's (a salesperson reads invoices only).
  const mayEditBank = Boolean(useUser()?.roles.includes('admin'));

  const pinStart = useMemo(
    (): ListColumn<InvoiceListItem>[] => [
      {
        key: 'number',
        label: t('invoice.number'),
        title: t('invoice.number'),
        sortField: 'number',
        width: 150,
        render: (_v, r) => <Link to={`/invoice/detail/${r.id}`}>{r.number}</Link>,
      },
    ],
    [t],
  );
  const columns = useMemo(
    (): ListColumn<InvoiceListItem>[] => [
      {
        key: 'kind',
        label: t('invoice.kind'),
        title: t('invoice.kind'),
        width: 110,
        render: (_v, r) => <InvoiceKindTag kind={r.kind} />,
      },
      {
        key: 'order',
        label: t('invoice.order'),
        title: t('invoice.order'),
        width: 140,
        render: (_v, r) => <Link to={`/order/detail/${r.order_id}`}>{r.order_number}</Link>,
      },
      {
        key: 'customer',
        label: t('invoice.customer'),
        title: t('invoice.customer'),
        dataIndex: 'customer_name',
        width: 220,
        ellipsis: true,
      },
      {
        key: 'total',
        label: t('invoice.total'),
        title: t('invoice.total'),
        sortField: 'total',
        descendFirst: true,
        align: 'right',
        width: 150,
        render: (_v, r) => `${formatMoney(r.total, r.currency)} ${r.currency}`,
      },
      {
        key: 'issueDate',
        label: t('invoice.issueDate'),
        title: t('invoice.issueDate'),
        sortField: 'issue_date',
        descendFirst: true,
        dataIndex: 'issue_date',
        width: 120,
      },
      {
        key: 'dueDate',
        label: t('invoice.dueDate'),
        title: t('invoice.dueDate'),
        sortField: 'due_date',
        dataIndex: 'due_date',
        width: 120,
      },
      {
        key: 'version',
        label: t('invoice.version'),
        title: t('invoice.version'),
        dataIndex: 'version',
        width: 80,
        align: 'right',
      },
      {
        key: 'updated',
        label: t('invoice.updated'),
        title: t('invoice.updated'),
        sortField: 'updated_at',
        descendFirst: true,
        defaultHidden: true,
        width: 150,
        render: (_v, r) => parseTime(r.updated_at, '{y}-{m}-{d} {h}:{i}'),
      },
    ],
    [t],
  );

  return (
    <div className="page invoice-list">
      <PageHeader
        title={t('invoice.title')}
        subtitle={t('invoice.subtitle')}
        extra={
          <Space>
            {mayEditBank && <Button onClick={() => setBankOpen(true)}>{t('invoice.bankDetails')}</Button>}
            <ExportButton path="/invoice/export/" params={exportParams} total={list.data?.total} />
          </Space>
        }
      />
      <Card variant="borderless" className="search-card">
        <DocumentFilters
          className="invoice-list__filters"
          values={{ q: state.q, ...state.filters }}
          onChange={update}
          labels={{
            search: t('invoice.search'),
            customer: t('invoice.customer'),
            dates: t('invoice.issueDate'),
            currency: t('invoice.currency'),
          }}
        >
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('invoice.kind')}
            aria-label={t('invoice.kind')}
            value={typeof params.kind === 'string' ? params.kind : undefined}
            onChange={(v?: string) => update({ filters: { kind: v ?? '' } })}
            options={INVOICE_KINDS.map((k) => ({ value: k, label: t(`invoice.kinds.${k}`) }))}
          />
        </DocumentFilters>
      </Card>
      <DocumentTable<InvoiceListItem>
        prefKey={INVOICE_PREFS.columns}
        columns={columns}
        pinStart={pinStart}
        list={list}
        paging={state}
        defaultSort={INVOICE_LIST.defaultSort}
        onPagingChange={onPaging}
        empty={t('invoice.empty')}
      />
      {mayEditBank && <BankDetailsDrawer open={bankOpen} onClose={() => setBankOpen(false)} />}
    </div>
  );
}
