import type { PackingListItem } from '@quayside/contract';
import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentFilters } from '@/shared/documents/DocumentFilters';
import { DocumentTable } from '@/shared/documents/DocumentTable';
import { useDocumentList } from '@/shared/documents/useDocumentList';
import { parseTime } from '@/shared/format';
import { ExportButton } from '@/shared/list/ExportButton';
import type { ListColumn } from '@/shared/list/ListTable';
import { PageHeader } from '@/shared/ui/PageHeader';
import { usePackingListList } from '../api';
import { PACKING_LIST, PACKING_PREFS } from '../list-config';
import '../packing-lists.css';

const time = (v: string) => parseTime(v, '{y}-{m}-{d} {h}:{i}');

/** /packing/list (admin): packing lists with search and filters in the URL, their cartons, weight and volume, export. */
export default function PackingListPage() {
  const { t } = useTranslation();
  const { state, update, params, exportParams, onPaging } = useDocumentList(PACKING_LIST);
  const list = usePackingListList(params);

  const pinStart = useMemo(
    (): ListColumn<PackingListItem>[] => [
      {
        key: 'number',
        label: t('packing.number'),
        title: t('packing.number'),
        sortField: 'number',
        width: 130,
        render: (_v, r) => <Link to={`/packing/detail/${r.id}`}>{r.number}</Link>,
      },
    ],
    [t],
  );
  const columns = useMemo(
    (): ListColumn<PackingListItem>[] => [
      {
        key: 'order',
        label: t('packing.order'),
        title: t('packing.order'),
        width: 130,
        render: (_v, r) => <Link to={`/order/detail/${r.order_id}`}>{r.order_number}</Link>,
      },
      {
        key: 'invoice',
        label: t('packing.invoice'),
        title: t('packing.invoice'),
        dataIndex: 'invoice_number',
        width: 120,
      },
      {
        key: 'customer',
        label: t('packing.customer'),
        title: t('packing.customer'),
        dataIndex: 'customer_name',
        width: 220,
        ellipsis: true,
      },
      {
        key: 'cartons',
        label: t('packing.totalCartons'),
        title: t('packing.totalCartons'),
        sortField: 'total_cartons',
        descendFirst: true,
        dataIndex: 'total_cartons',
        align: 'right',
        width: 90,
      },
      {
        key: 'gross',
        label: t('packing.totalGross'),
        title: t('packing.totalGross'),
        dataIndex: 'total_gross_weight',
        align: 'right',
        width: 100,
      },
      {
        key: 'cbm',
        label: t('packing.totalCbm'),
        title: t('packing.totalCbm'),
        sortField: 'total_cbm',
        descendFirst: true,
        dataIndex: 'total_cbm',
        align: 'right',
        width: 120,
      },
      {
        key: 'owner',
        label: t('packing.owner'),
        title: t('packing.owner'),
        dataIndex: 'owner_name',
        width: 110,
        ellipsis: true,
      },
      {
        key: 'created',
        label: t('packing.created'),
        title: t('packing.created'),
        sortField: 'created_at',
        descendFirst: true,
        defaultHidden: true,
        width: 140,
        render: (_v, r) => time(r.created_at),
      },
      {
        key: 'updated',
        label: t('packing.updated'),
        title: t('packing.updated'),
        sortField: 'updated_at',
        descendFirst: true,
        width: 140,
        render: (_v, r) => time(r.updated_at),
      },
    ],
    [t],
  );

  return (
    <div className="page packing-list">
      <PageHeader
        title={t('packing.title')}
        subtitle={t('packing.subtitle')}
        extra={<ExportButton path="/packing_list/export/" params={exportParams} total={list.data?.total} />}
      />
      <Card variant="borderless" className="search-card">
        <DocumentFilters
          values={{ q: state.q, ...state.filters }}
          onChange={update}
          labels={{
            search: t('packing.search'),
            customer: t('packing.customer'),
            dates: t('packing.created'),
          }}
        />
      </Card>
      <DocumentTable<PackingListItem>
        prefKey={PACKING_PREFS.columns}
        columns={columns}
        pinStart={pinStart}
        list={list}
        paging={state}
        defaultSort={PACKING_LIST.defaultSort}
        onPagingChange={onPaging}
        empty={t('packing.empty')}
      />
    </div>
  );
}
