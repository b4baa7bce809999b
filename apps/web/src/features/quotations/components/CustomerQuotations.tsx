import '../quotations.css';
import type { InquiryListAnswer } from '@quayside/contract';
import { formatMoney } from '@quayside/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, List, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { parseTime } from '@/shared/format';
import { get } from '@/shared/request';
import { useQuotationList } from '../api';

/** On a customer's page (who may open the documents): the customer's quotations and inquiries, newest first. */
export function CustomerQuotations({
  customerId,
  mayCreate = true,
}: {
  customerId: number;
  /** False for a customer of the pool a salesperson has not claimed (documents are made for her own). */
  mayCreate?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: quotations } = useQuotationList({ customer_id: customerId, page_size: 20 });
  const { data: inquiries } = useQuery({
    queryKey: ['inquiries', 'customer', customerId],
    queryFn: ({ signal }) =>
      get<InquiryListAnswer>('/inquiry/list/', { customer_id: customerId, page_size: 20 }, { signal }),
  });
  return (
    <Card
      variant="borderless"
      className="customer-quotations"
      title={t('quotations.title')}
      extra={
        mayCreate && (
          <Button size="small" onClick={() => navigate(`/order/createQuotation?customer_id=${customerId}`)}>
            {t('quotations.new')}
          </Button>
        )
      }
    >
      <List
        size="small"
        dataSource={quotations?.items ?? []}
        locale={{ emptyText: t('quotations.empty') }}
        renderItem={(q) => (
          <List.Item>
            <Link to={`/order/updateQuotation/${q.id}`}>{q.number}</Link>
            <span>{`${formatMoney(q.total, q.currency)} ${q.currency}`}</span>
            <Tag>{t(`quotations.statuses.${q.status}`)}</Tag>
          </List.Item>
        )}
      />
      <h4 className="customer-quotations__heading">{t('quotations.inquiries')}</h4>
      <List
        size="small"
        dataSource={inquiries?.items ?? []}
        locale={{ emptyText: t('quotations.noInquiries') }}
        renderItem={(i) => (
          <List.Item
            actions={[
              <Link
                key="q"
                to={`/order/createQuotation?customer_id=${customerId}&inquiry_email_id=${i.email_id}`}
              >
                {t('quotations.createFromInquiry')}
              </Link>,
            ]}
          >
            <Link to={`/email/emailDetail/${i.email_id}`}>{i.subject}</Link>
            <span>{parseTime(i.date, '{y}-{m}-{d}')}</span>
            <Tag>{t(`quotations.inquiryStates.${i.state}`)}</Tag>
          </List.Item>
        )}
      />
    </Card>
  );
}
