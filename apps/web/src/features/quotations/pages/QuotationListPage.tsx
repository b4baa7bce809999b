import { formatMoney, QUOTATION_STATUSES, type QuotationListItem } from '@quayside/contract';
import { Button, Card, Space, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CommaSelect, DocumentFilters } from '@/shared/documents/DocumentFilters';
import { DocumentTable } from '@/shared/documents/DocumentTable';
import { useDocumentList } from '@/shared/documents/useDocumentList';
import { parseTime } from '@/shared/format';
import { ExportButton } from '@/shared/list/ExportButton';
import type { ListColumn } from '@/shared/list/ListTable';
import { PageHeader } from '@/shared/ui/PageHeader';
import { useQuotationList } from '../api';
import { QUOTATION_KNOWN, QUOTATION_LIST, QUOTATION_PREFS } from '../list-config';
import '../quotations.css';

const STATUS_COLORS: Record<string, string> = {
  draft: 'default',
  sent: 'blue',
  accepted: 'green',
  rejected: 'red',
  expired: 'orange',
};

const time = (v: string) => parseTime(v, '{y}-{m}-{d} {h}:{i}');

/** /order/quotation (admin): every quotation at its current version, filters in the URL. */
export default function QuotationListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, update, params, exportParams, onPaging } = useDocumentList(QUOTATION_LIST, QUOTATION_KNOWN);
  const list = useQuotationList(params);

  const pinStart = useMemo(
    (): ListColumn<QuotationListItem>[] => [
      {
        key: 'number',
        label: t('quotations.number'),
        title: t('quotations.number'),
        sortField: 'number',
        width: 140,
        render: (_v, r) => <Link to={`/order/updateQuotation/${r.id}`}>{r.number}</Link>,
      },
    ],
    [t],
  );
  const columns = useMemo(
    (): ListColumn<QuotationListItem>[] => [
      {
        key: 'customer',
        label: t('quotations.customer'),
        title: t('quotations.customer'),
        dataIndex: 'customer_name',
        width: 220,
        ellipsis: true,
      },
      {
        key: 'total',
        label: t('quotations.total'),
        title: t('quotations.total'),
        sortField: 'total',
        descendFirst: true,
        align: 'right',
        width: 150,
        render: (_v, r) => `${formatMoney(r.total, r.currency)} ${r.currency}`,
      },
      {
        key: 'status',
        label: t('quotations.status'),
        title: t('quotations.status'),
        width: 110,
        render: (_v, r) => <Tag color={STATUS_COLORS[r.status]}>{t(`quotations.statuses.${r.status}`)}</Tag>,
      },
      {
        key: 'versions',
        label: t('quotations.versions'),
        title: t('quotations.versions'),
        align: 'right',
        width: 90,
        render: (_v, r) => <Link to={`/order/quotation/history/${r.id}`}>{r.version}</Link>,
      },
      {
        key: 'validUntil',
        label: t('quotations.validUntil'),
        title: t('quotations.validUntil'),
        sortField: 'valid_until',
        dataIndex: 'valid_until',
        width: 120,
      },
      {
        key: 'owner',
        label: t('quotations.owner'),
        title: t('quotations.owner'),
        dataIndex: 'owner_name',
        width: 110,
        ellipsis: true,
      },
      {
        key: 'created',
        label: t('quotations.created'),
        title: t('quotations.created'),
        sortField: 'created_at',
        descendFirst: true,
        defaultHidden: true,
        width: 150,
        render: (_v, r) => time(r.created_at),
      },
      {
        key: 'updated',
        label: t('quotations.updated'),
        title: t('quotations.updated'),
        sortField: 'updated_at',
        descendFirst: true,
        width: 150,
        render: (_v, r) => time(r.updated_at),
      },
    ],
    [t],
  );

  return (
    <div className="page quotation-list">
      <PageHeader
        title={t('quotations.title')}
        subtitle={t('quotations.subtitle')}
        extra={
          <Space>
            <ExportButton path="/quotation/export/" params={exportParams} total={list.data?.total} />
            <Button type="primary" onClick={() => navigate('/order/createQuotation')}>
              {t('quotations.new')}
            </Button>
          </Space>
        }
      />
      <Card variant="borderless" className="search-card">
        <DocumentFilters
          className="quotation-list__filters"
          values={{ q: state.q, ...state.filters }}
          onChange={update}
          labels={{
            search: t('quotations.search'),
            customer: t('quotations.customer'),
            owner: t('quotations.owner'),
            dates: t('quotations.created'),
            datesPlaceholder: [t('quotations.createdFrom'), t('quotations.createdTo')],
            currency: t('quotations.currency'),
          }}
        >
          <CommaSelect
            label={t('quotations.status')}
            value={state.filters.status}
            options={QUOTATION_STATUSES.map((s) => ({ value: s, label: t(`quotations.statuses.${s}`) }))}
            onChange={(status) => update({ filters: { status } })}
          />
        </DocumentFilters>
      </Card>
      <DocumentTable<QuotationListItem>
        prefKey={QUOTATION_PREFS.columns}
        columns={columns}
        pinStart={pinStart}
        list={list}
        paging={state}
        defaultSort={QUOTATION_LIST.defaultSort}
        onPagingChange={onPaging}
        empty={t('quotations.empty')}
      />
    </div>
  );
}
