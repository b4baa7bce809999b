import type { OrderLinkedDocument } from '@quayside/contract';
import { Card, List, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { parseTime } from '@/shared/format';

/**
 * The invoices or packing lists made from an order, as links. A slot of the order page: the invoice
 * and packing-list screens may put their own panel in its place.
 */
export function LinkedDocuments({
  title,
  documents,
  pathOf,
  extra,
  footer,
  testId,
}: {
  title: string;
  documents: OrderLinkedDocument[];
  pathOf: (id: number) => string;
  extra?: ReactNode;
  /** Actions under the list (the invoices panel's Issue buttons). */
  footer?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" title={title} extra={extra} data-testid={testId}>
      <List
        size="small"
        dataSource={documents}
        locale={{ emptyText: t('order.noneYet') }}
        renderItem={(d) => (
          <List.Item>
            <Link to={pathOf(d.id)}>{d.number}</Link>
            {d.kind && <Tag>{t(`order.invoiceKinds.${d.kind}`, { defaultValue: d.kind })}</Tag>}
            <span>{parseTime(d.created_at, '{y}-{m}-{d}')}</span>
          </List.Item>
        )}
      />
      {footer}
    </Card>
  );
}
