import { formatMoney, ORDER_STATUSES, type OrderListItem } from '@quayside/contract';
import { Button, Card, Space } from 'antd';
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
import { useOrderList } from '../api';
import { CurrencyTotals } from '../components/CurrencyTotals';
import { OrderStatusTag } from '../components/StatusTag';
import { ORDER_KNOWN, ORDER_LIST, ORDER_PREFS } from '../list-config';
import '../orders.css';

const time = (v: string) => parseTime(v, '{y}-{m}-{d} {h}:{i}');

/** /order/list (admin): orders with search and filters in the URL, the filtered list's totals per currency, export. */
export default function OrderListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, update, params, exportParams, onPaging } = useDocumentList(ORDER_LIST, ORDER_KNOWN);
  const list = useOrderList(params);

  const pinStart = useMemo(
    (): ListColumn<OrderListItem>[] => [
      {
        key: 'number',
        label: t('order.number'),
        title: t('order.number'),
        sortField: 'number',
        width: 140,
        render: (_v, r) => <Link to={`/order/detail/${r.id}`}>{r.number}</Link>,
      },
    ],
    [t],
  );
  const columns = useMemo(
    (): ListColumn<OrderListItem>[] => [
      {
        key: 'customer',
        label: t('order.customer'),
        title: t('order.customer'),
        dataIndex: 'customer_name',
        width: 200,
        ellipsis: true,
      },
      {
        key: 'name',
        label: t('order.name'),
        title: t('order.name'),
        dataIndex: 'name',
        width: 180,
        ellipsis: true,
      },
      {
        key: 'total',
        label: t('order.total'),
        title: t('order.total'),
        sortField: 'total',
        descendFirst: true,
        align: 'right',
        width: 150,
        render: (_v, r) => `${formatMoney(r.total, r.currency)} ${r.currency}`,
      },
      {
        key: 'balance',
        label: t('order.balance'),
        title: t('order.balance'),
        align: 'right',
        width: 130,
        render: (_v, r) => formatMoney(r.balance, r.currency),
      },
      {
        key: 'status',
        label: t('order.status'),
        title: t('order.status'),
        width: 110,
        render: (_v, r) => <OrderStatusTag status={r.status} />,
      },
      {
        key: 'delivery',
        label: t('order.deliveryDate'),
        title: t('order.deliveryDate'),
        sortField: 'delivery_date',
        dataIndex: 'delivery_date',
        width: 120,
      },
      {
        key: 'owner',
        label: t('order.owner'),
        title: t('order.owner'),
        dataIndex: 'owner_name',
        width: 110,
        ellipsis: true,
      },
      {
        key: 'created',
        label: t('order.created'),
        title: t('order.created'),
        sortField: 'created_at',
        descendFirst: true,
        width: 150,
        render: (_v, r) => time(r.created_at),
      },
      {
        key: 'updated',
        label: t('order.updated'),
        title: t('order.updated'),
        sortField: 'updated_at',
        descendFirst: true,
        defaultHidden: true,
        width: 150,
        render: (_v, r) => time(r.updated_at),
      },
    ],
    [t],
  );

  return (
    <div className="page order-list">
      <PageHeader
        title={t('order.title')}
        subtitle={t('order.subtitle')}
        extra={
          <Space>
            <ExportButton path="/order/export/" params={exportParams} total={list.data?.total} />
            <Button type="primary" onClick={() => navigate('/order/create')}>
              {t('order.new')}
            </Button>
          </Space>
        }
      />
      <Card variant="borderless" className="search-card">
        <DocumentFilters
          className="order-list__filters"
          values={{ q: state.q, ...state.filters }}
          onChange={update}
          labels={{
            search: t('order.search'),
            customer: t('order.customer'),
            owner: t('order.owner'),
            dates: t('order.created'),
            currency: t('order.currency'),
          }}
        >
          <CommaSelect
            label={t('order.status')}
            value={state.filters.status}
            options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`order.statuses.${s}`) }))}
            onChange={(status) => update({ filters: { status } })}
          />
        </DocumentFilters>
      </Card>
      <DocumentTable<OrderListItem>
        prefKey={ORDER_PREFS.columns}
        columns={columns}
        pinStart={pinStart}
        list={list}
        paging={state}
        defaultSort={ORDER_LIST.defaultSort}
        onPagingChange={onPaging}
        empty={t('order.empty')}
        above={<CurrencyTotals totals={list.data?.totals ?? []} />}
      />
    </div>
  );
}
