import { INQUIRY_STATES, type Inquiry, type InquiryListAnswer, LOST_REASONS } from '@quayside/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Input, Segmented, Select, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { subscribeEvent } from '@/shared/events';
import { parseTime } from '@/shared/format';
import { linkParam } from '@/shared/list/link-params';
import { get, post } from '@/shared/request';
import { PageHeader } from '@/shared/ui/PageHeader';
import { CreateQuotationFromInquiry } from '../components/CreateQuotationFromInquiry';
import '../quotations.css';

type Params = Record<string, string | number>;

/** /inquiry/list (admin): every inquiry with its pipeline state; counts per state at the top. */
export default function InquiryListPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const queryClient = useQueryClient();
  const [state, setState] = useState<string>(() => linkParam('state') ?? 'all');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const params: Params = { page, page_size: 20, ...(q ? { q } : {}), ...(state !== 'all' ? { state } : {}) };
  const { data, isFetching } = useQuery({
    queryKey: ['inquiries', 'list', params],
    queryFn: ({ signal }) => get<InquiryListAnswer>('/inquiry/list/', params, { signal }),
    placeholderData: keepPreviousData,
  });
  // New mail (a website inquiry, a synced one) shows without a reload.
  useEffect(
    () => subscribeEvent('email', () => void queryClient.invalidateQueries({ queryKey: ['inquiries'] })),
    [queryClient],
  );
  const change = useMutation({
    mutationFn: (body: { ids: number[]; state: string; lost_reason?: string }) =>
      post<{ count: number }>('/inquiry/update_state/', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['inquiries'] }),
  });
  const counts = data?.counts;
  const all = counts ? INQUIRY_STATES.reduce((n, s) => n + counts[s], 0) : 0;

  return (
    <div className="page inquiry-list">
      <PageHeader title={t('quotations.inquiries')} />
      <Card variant="borderless">
        <Space wrap className="inquiry-list__filters">
          <Segmented
            value={state}
            onChange={(v) => {
              setState(String(v));
              setPage(1);
            }}
            options={[
              { value: 'all', label: `${t('common.all', { defaultValue: 'All' })} ${all}` },
              ...INQUIRY_STATES.map((s) => ({
                value: s,
                label: `${t(`quotations.inquiryStates.${s}`)} ${counts?.[s] ?? 0}`,
              })),
            ]}
          />
          <Input.Search
            allowClear
            maxLength={200}
            aria-label={t('quotations.search')}
            style={{ width: 280 }}
            onSearch={(v) => {
              setQ(v.trim());
              setPage(1);
            }}
          />
        </Space>
        <Table<Inquiry>
          rowKey="email_id"
          loading={isFetching}
          dataSource={data?.items ?? []}
          locale={{ emptyText: t('quotations.noInquiries') }}
          pagination={{
            current: page,
            pageSize: 20,
            total: data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          columns={[
            {
              title: t('quotations.updated'),
              width: 110,
              render: (_v, r) => parseTime(r.date, '{y}-{m}-{d}'),
            },
            {
              title: t('quotations.inquiries'),
              render: (_v, r) => (
                <>
                  <Link to={`/email/emailDetail/${r.email_id}`}>{r.subject}</Link>
                  <div className="inquiry-list__from">{r.from_name || r.from_address}</div>
                </>
              ),
            },
            { title: t('quotations.customer'), render: (_v, r) => r.customer_name || '—' },
            { title: t('quotations.owner'), render: (_v, r) => r.handler_name || '—' },
            {
              title: t('quotations.status'),
              width: 240,
              render: (_v, r) => (
                <Space wrap>
                  <Select
                    size="small"
                    value={r.state}
                    style={{ width: 110 }}
                    aria-label={t('quotations.status')}
                    options={INQUIRY_STATES.filter((s) => s !== 'lost')
                      .map((s): { value: string; label: string } => ({
                        value: s,
                        label: t(`quotations.inquiryStates.${s}`),
                      }))
                      .concat(
                        LOST_REASONS.map((reason) => ({
                          value: `lost:${reason.id}`,
                          label: `${t('quotations.inquiryStates.lost')}: ${reason[lang]}`,
                        })),
                      )}
                    onChange={(v: string) => {
                      const [next, reason] = v.split(':');
                      change.mutate({
                        ids: [r.email_id],
                        state: next ?? v,
                        ...(reason ? { lost_reason: reason } : {}),
                      });
                    }}
                  />
                  {r.state === 'lost' && r.lost_reason && (
                    <Tag>{LOST_REASONS.find((x) => x.id === r.lost_reason)?.[lang]}</Tag>
                  )}
                </Space>
              ),
            },
            {
              title: t('quotations.title'),
              render: (_v, r) => (
                <Space wrap>
                  {r.quotations.map((quote) => (
                    <Link key={quote.id} to={`/order/updateQuotation/${quote.id}`}>
                      {quote.number}
                    </Link>
                  ))}
                  <CreateQuotationFromInquiry emailId={r.email_id} />
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
