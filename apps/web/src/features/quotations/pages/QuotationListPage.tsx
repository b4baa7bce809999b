import { CURRENCIES, formatMoney, QUOTATION_STATUSES, type QuotationListItem } from '@quayside/contract';
import { Button, Card, DatePicker, Input, Select, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { parseTime } from '@/shared/format';
import { linkId, linkList } from '@/shared/list/link-params';
import { staffLabel, useStaff } from '@/shared/lookups/useStaff';
import { PageHeader } from '@/shared/ui/PageHeader';
import { exportUrl, searchCustomers, useQuotationList } from '../api';
import '../quotations.css';

const STATUS_COLORS: Record<string, string> = {
  draft: 'default',
  sent: 'blue',
  accepted: 'green',
  rejected: 'red',
  expired: 'orange',
};

/** /order/quotation (admin): every quotation at its current version. */
export default function QuotationListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const staff = useStaff(true);
  const [status, setStatus] = useState<string[]>(() => linkList('status'));
  const [customerId, setCustomerId] = useState<number | undefined>();
  const [customers, setCustomers] = useState<{ value: number; label: string }[]>([]);
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
  const { data, isFetching } = useQuotationList({ ...filters, page, page_size: 20 });
  /** A filter change goes back to the first page. */
  const filtered =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  const findCustomers = async (text: string) =>
    setCustomers(
      (await searchCustomers(text)).map((c) => ({ value: c.id, label: c.company_name || c.name })),
    );

  return (
    <div className="page quotation-list">
      <PageHeader
        title={t('quotations.title')}
        subtitle={t('quotations.subtitle')}
        extra={
          <Space>
            <Button href={exportUrl(filters)}>{t('quotations.export')}</Button>
            <Button type="primary" onClick={() => navigate('/order/createQuotation')}>
              {t('quotations.new')}
            </Button>
          </Space>
        }
      />
      <Card variant="borderless">
        <Space wrap className="quotation-list__filters">
          <Input.Search
            allowClear
            maxLength={200}
            placeholder={t('quotations.search')}
            aria-label={t('quotations.search')}
            style={{ width: 280 }}
            onSearch={(v) => filtered(setQ)(v.trim())}
          />
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 160 }}
            placeholder={t('quotations.status')}
            aria-label={t('quotations.status')}
            value={status}
            onChange={filtered(setStatus)}
            options={QUOTATION_STATUSES.map((s) => ({ value: s, label: t(`quotations.statuses.${s}`) }))}
          />
          <Select<number>
            allowClear
            showSearch
            filterOption={false}
            style={{ width: 220 }}
            placeholder={t('quotations.customer')}
            aria-label={t('quotations.customer')}
            value={customerId}
            options={customers}
            onSearch={(text) => void findCustomers(text)}
            onFocus={() => customers.length === 0 && void findCustomers('')}
            onChange={filtered(setCustomerId)}
          />
          <Select<number>
            allowClear
            style={{ width: 160 }}
            placeholder={t('quotations.owner')}
            aria-label={t('quotations.owner')}
            value={ownerId}
            onChange={filtered(setOwnerId)}
            showSearch={{ optionFilterProp: 'label' }}
            options={(staff.data ?? []).map((u) => ({ value: u.id, label: staffLabel(u) }))}
          />
          <DatePicker.RangePicker
            aria-label={t('quotations.created')}
            placeholder={[t('quotations.createdFrom'), t('quotations.createdTo')]}
            value={dates}
            onChange={(v) => filtered(setDates)(v)}
          />
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 140 }}
            placeholder={t('quotations.currency')}
            aria-label={t('quotations.currency')}
            value={currency}
            onChange={filtered(setCurrency)}
            options={CURRENCIES.map((c) => ({ value: c.id, label: c.id }))}
          />
        </Space>
        <Table<QuotationListItem>
          rowKey="id"
          loading={isFetching}
          dataSource={data?.items ?? []}
          locale={{ emptyText: t('quotations.empty') }}
          pagination={{
            current: page,
            pageSize: 20,
            total: data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          columns={[
            {
              title: t('quotations.number'),
              render: (_v, r) => <Link to={`/order/updateQuotation/${r.id}`}>{r.number}</Link>,
            },
            { title: t('quotations.customer'), dataIndex: 'customer_name' },
            {
              title: t('quotations.total'),
              align: 'right',
              render: (_v, r) => `${formatMoney(r.total, r.currency)} ${r.currency}`,
            },
            {
              title: t('quotations.status'),
              render: (_v, r) => (
                <Tag color={STATUS_COLORS[r.status]}>{t(`quotations.statuses.${r.status}`)}</Tag>
              ),
            },
            {
              title: t('quotations.versions'),
              align: 'right',
              render: (_v, r) => <Link to={`/order/quotation/history/${r.id}`}>{r.version}</Link>,
            },
            { title: t('quotations.validUntil'), dataIndex: 'valid_until' },
            { title: t('quotations.owner'), dataIndex: 'owner_name' },
            {
              title: t('quotations.updated'),
              render: (_v, r) => parseTime(r.updated_at, '{y}-{m}-{d} {h}:{i}'),
            },
          ]}
        />
      </Card>
    </div>
  );
}
