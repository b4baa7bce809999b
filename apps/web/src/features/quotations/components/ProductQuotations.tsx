import type { ProductUsage } from '@quayside/contract';
import { formatMoney } from '@quayside/contract';
import { useQuery } from '@tanstack/react-query';
import { List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { parseTime } from '@/shared/format';
import { get } from '@/shared/request';

/** In a product's detail (admin): the quotations whose current version quotes it, newest first. */
export function ProductQuotations({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const { data, isLoading } = useQuery({
    queryKey: ['quotations', 'product', productId],
    queryFn: ({ signal }) => get<ProductUsage>('/product/usage/', { id: productId }, { signal }),
  });
  return (
    <section className="product-detail__usage">
      <Typography.Title level={5}>{t('products.usageTitle')}</Typography.Title>
      <List
        size="small"
        loading={isLoading}
        dataSource={data?.quotations ?? []}
        locale={{ emptyText: t('products.usageEmpty') }}
        renderItem={(q) => (
          <List.Item>
            <Link to={`/order/updateQuotation/${q.id}`}>{q.number}</Link>
            <span className="product-detail__usage-customer">{q.customer_name}</span>
            <Tag>{t(`quotations.statuses.${q.status}`)}</Tag>
            <span className="num">{`${formatMoney(q.total, q.currency)} ${q.currency}`}</span>
            <span className="muted">{parseTime(q.updated_at, '{y}-{m}-{d}')}</span>
          </List.Item>
        )}
      />
    </section>
  );
}
