import { CURRENCIES, formatMoney, ORDER_STATUSES, type OrderListItem } from '@quayside/contract';
import { Button, Card, DatePicker, Input, Select, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { parseTime } from '@/shared/format';
import { linkId, linkList } from '@/shared/list/link-params';
import { staffLabel, useStaff } from '@/shared/lookups/useStaff';
import { PageHeader } from '@/shared/ui/PageHeader';
import { orderExportUrl, useOrderList } from '../api';
import { CurrencyTotals } from '../components/CurrencyTotals';
import { CustomerPicker } from '../components/CustomerPicker';
import { OrderStatusTag } from '../components/StatusTag';
import '../orders.css';

const PAGE_SIZE = 20;

/** /order/list (admin): orders with search and filters, the filtered list's totals per currency, export. */
export default function OrderListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const staff = useStaff(true);
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<string[]>(() => linkList('status'));
  const [customerId, setCustomerId] = useState<number | undefined>();
  const [ownerId, setOwnerId] = useState<number | undefined>(() => linkId('owner_id'));
  const [currency, setCurrency] = useState<string[]>([]);
  const [dates, setDates] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);
  const filters = {
    ...(q ? { q } : {}),
    ...(status.length ? { status: status.join(',') } : {}),
    ...(customerId ? { customer_id: customerId } : {}),
    ...(ownerId ? { owner_id: ownerId } : {}),
    ...(currency.length ? { currency: currency.join(',') } : {}),
    ...(dates?.[0] ? { date_from: dates[0].format('YYYY-MM-DD') } : {}),
    ...(dates?.[1] ? { date_to: dates[1].format('YYYY-MM-DD') } : {}),
  };
  const { data, isFetching } = useOrderList({ ...filters, page, page_size: PAGE_SIZE });
  const filtered =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <div className="page order-list">
      <PageHeader
        title={t('order.title')}
        subtitle={t('order.subtitle')}
        extra={
          <Space>
            <Button href={orderExportUrl(filters)}>{t('order.export')}</Button>
            <Button type="primary" onClick={() => navigate('/order/create')}>
              {t('order.new')}
            </Button>
          </Space>
        }
      />
      <Card variant="borderless">
        <Space wrap className="order-list__filters">
          <Input.Search
            allowClear
            maxLength={200}
            placeholder={t('order.search')}
            aria-label={t('order.search')}
            style={{ width: 280 }}
            onSearch={(v) => filtered(setQ)(v.trim())}
          />
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 160 }}
            placeholder={t('order.status')}
            aria-label={t('order.status')}
            value={status}
            onChange={filtered(setStatus)}
            options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`order.statuses.${s}`) }))}
          />
          <CustomerPicker
            allowClear
            style={{ width: 220 }}
            placeholder={t('order.customer')}
            aria-label={t('order.customer')}
            value={customerId}
            onChange={filtered(setCustomerId)}
          />
          <Select<number>
            allowClear
            style={{ width: 160 }}
            placeholder={t('order.owner')}
            aria-label={t('order.owner')}
            value={ownerId}
            onChange={filtered(setOwnerId)}
            showSearch={{ optionFilterProp: 'label' }}
            options={(staff.data ?? []).map((u) => ({ value: u.id, label: staffLabel(u) }))}
          />
          <DatePicker.RangePicker
            aria-label={t('order.created')}
            value={dates}
            onChange={(v) => filtered(setDates)(v)}
          />
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 140 }}
            placeholder={t('order.currency')}
            aria-label={t('order.currency')}
            value={currency}
            onChange={filtered(setCurrency)}
            options={CURRENCIES.map((c) => ({ value: c.id, label: c.id }))}
          />
        </Space>
        <CurrencyTotals totals={data?.totals ?? []} />
        <Table<OrderListItem>
          rowKey="id"
          size="middle"
          loading={isFetching}
          dataSource={data?.items ?? []}
          locale={{ emptyText: t('order.empty') }}
          scroll={{ x: 1100 }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          columns={[
            {
              title: t('order.number'),
              width: 140,
              render: (_v, r) => <Link to={`/order/detail/${r.id}`}>{r.number}</Link>,
            },
            { title: t('order.customer'), dataIndex: 'customer_name', ellipsis: true },
            { title: t('order.name'), dataIndex: 'name', ellipsis: true },
            {
              title: t('order.total'),
              align: 'right',
              width: 150,
              render: (_v, r) => `${formatMoney(r.total, r.currency)} ${r.currency}`,
            },
            {
              title: t('order.balance'),
              align: 'right',
              width: 130,
              render: (_v, r) => formatMoney(r.balance, r.currency),
            },
            {
              title: t('order.status'),
              width: 110,
              render: (_v, r) => <OrderStatusTag status={r.status} />,
            },
            { title: t('order.deliveryDate'), dataIndex: 'delivery_date', width: 120 },
            { title: t('order.owner'), dataIndex: 'owner_name', width: 110, ellipsis: true },
            {
              title: t('order.created'),
              width: 150,
              render: (_v, r) => parseTime(r.created_at, '{y}-{m}-{d} {h}:{i}'),
            },
          ]}
        />
      </Card>
    </div>
  );
}
