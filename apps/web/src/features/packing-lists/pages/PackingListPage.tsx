import type { PackingListItem } from '@quayside/contract';
import { Button, Card, DatePicker, Input, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CustomerPicker } from '@/features/orders/components/CustomerPicker';
import { parseTime } from '@/shared/format';
import { PageHeader } from '@/shared/ui/PageHeader';
import { packingExportUrl, usePackingListList } from '../api';
import '../packing-lists.css';

const PAGE_SIZE = 20;

/** /packing/list (admin): packing lists with search and filters, their cartons, weight and volume, export. */
export default function PackingListPage() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [customerId, setCustomerId] = useState<number | undefined>();
  const [dates, setDates] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);
  const filters = {
    ...(q ? { q } : {}),
    ...(customerId ? { customer_id: customerId } : {}),
    ...(dates?.[0] ? { date_from: dates[0].format('YYYY-MM-DD') } : {}),
    ...(dates?.[1] ? { date_to: dates[1].format('YYYY-MM-DD') } : {}),
  };
  const { data, isFetching } = usePackingListList({ ...filters, page, page_size: PAGE_SIZE });
  const filtered =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <div className="page packing-list">
      <PageHeader
        title={t('packing.title')}
        subtitle={t('packing.subtitle')}
        extra={<Button href={packingExportUrl(filters)}>{t('packing.export')}</Button>}
      />
      <Card variant="borderless">
        <Space wrap style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            maxLength={200}
            placeholder={t('packing.search')}
            aria-label={t('packing.search')}
            style={{ width: 300 }}
            onSearch={(v) => filtered(setQ)(v.trim())}
          />
          <CustomerPicker
            allowClear
            style={{ width: 220 }}
            placeholder={t('packing.customer')}
            aria-label={t('packing.customer')}
            value={customerId}
            onChange={filtered(setCustomerId)}
          />
          <DatePicker.RangePicker
            aria-label={t('packing.created')}
            value={dates}
            onChange={(v) => filtered(setDates)(v)}
          />
        </Space>
        <Table<PackingListItem>
          rowKey="id"
          size="middle"
          loading={isFetching}
          dataSource={data?.items ?? []}
          locale={{ emptyText: t('packing.empty') }}
          scroll={{ x: 1050 }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          columns={[
            {
              title: t('packing.number'),
              width: 130,
              render: (_v, r) => <Link to={`/packing/detail/${r.id}`}>{r.number}</Link>,
            },
            {
              title: t('packing.order'),
              width: 130,
              render: (_v, r) => <Link to={`/order/detail/${r.order_id}`}>{r.order_number}</Link>,
            },
            { title: t('packing.invoice'), dataIndex: 'invoice_number', width: 120 },
            { title: t('packing.customer'), dataIndex: 'customer_name', ellipsis: true },
            { title: t('packing.totalCartons'), dataIndex: 'total_cartons', align: 'right', width: 80 },
            { title: t('packing.totalGross'), dataIndex: 'total_gross_weight', align: 'right', width: 100 },
            { title: t('packing.totalCbm'), dataIndex: 'total_cbm', align: 'right', width: 110 },
            { title: t('packing.owner'), dataIndex: 'owner_name', width: 110, ellipsis: true },
            {
              title: t('packing.updated'),
              width: 140,
              render: (_v, r) => parseTime(r.updated_at, '{y}-{m}-{d} {h}:{i}'),
            },
          ]}
        />
      </Card>
    </div>
  );
}
