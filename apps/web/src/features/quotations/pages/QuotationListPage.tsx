import { formatMoney, QUOTATION_STATUSES, type QuotationListItem } from '@quayside/contract';
import { Button, Card, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { parseTime } from '@/shared/format';
import { PageHeader } from '@/shared/ui/PageHeader';
import { exportUrl, useQuotationList } from '../api';
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
  const [status, setStatus] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const params = {
    page,
    page_size: 20,
    ...(q ? { q } : {}),
    ...(status.length ? { status: status.join(',') } : {}),
  };
  const { data, isFetching } = useQuotationList(params);
  const { page: _p, page_size: _s, ...filters } = params;

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
            style={{ width: 320 }}
            onSearch={(v) => {
              setQ(v.trim());
              setPage(1);
            }}
          />
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 220 }}
            placeholder={t('quotations.status')}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            options={QUOTATION_STATUSES.map((s) => ({ value: s, label: t(`quotations.statuses.${s}`) }))}
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
