import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Card, Result, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmailHistory } from '@/features/customers/components/EmailHistory';
import { OrderInvoicesPanel } from '@/features/invoices/components/OrderInvoicesPanel';
import { OrderPackingLists } from '@/features/packing-lists/components/OrderPackingLists';
import { useTabLabel } from '@/layout/useTabLabel';
import { currentLanguage } from '@/shared/i18n';
import type { PageProps } from '@/shared/routes/types';
import { PageHeader } from '@/shared/ui/PageHeader';
import { orderPdfUrl, useOrder } from '../api';
import { DeleteOrderButton } from '../components/DeleteOrderButton';
import { OrderFactsCard } from '../components/OrderFactsCard';
import { OrderLinesCard } from '../components/OrderLinesCard';
import { PaymentsCard } from '../components/PaymentsCard';
import { StatusCard } from '../components/StatusCard';
import { OrderStatusTag } from '../components/StatusTag';
import { VersionsCard } from '../components/VersionsCard';
import '@/features/customers/customers.css';
import '../orders.css';

/** /order/detail/{id}: lines, payments and balance, status, the quotation it came from, what was made from it. */
export default function OrderDetailPage({ id }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const orderId = Number(id);
  const { data: order, isLoading, isError } = useOrder(orderId);
  useTabLabel(order?.number);
  if (isLoading) return <Spin className="page" />;
  if (isError || !order) return <Result status="404" title={t('order.notFound')} />;
  const lang = currentLanguage();

  return (
    <div className="page order-detail">
      <PageHeader
        title={
          <Space size={8}>
            <span data-testid="order-number">{order.number}</span>
            <OrderStatusTag status={order.status} />
          </Space>
        }
        subtitle={`${order.customer_name} · ${t('order.versionN', { version: order.version })}`}
        extra={
          <Space>
            <DeleteOrderButton order={order} />
            <Button
              icon={<FilePdfOutlined />}
              href={orderPdfUrl(order.id, order.version, lang)}
              target="_blank"
            >
              {t('order.pdf')}
            </Button>
            <Button type="primary" onClick={() => navigate(`/order/update/${order.id}`)}>
              {t('order.edit')}
            </Button>
          </Space>
        }
      />
      <div className="order-detail__grid">
        <div className="order-detail__main">
          <OrderLinesCard order={order} />
          <PaymentsCard order={order} />
          <Card variant="borderless" title={t('order.emails')}>
            <EmailHistory customerId={order.customer_id} />
          </Card>
        </div>
        <div className="order-detail__side">
          <OrderFactsCard order={order} />
          <StatusCard order={order} />
          <OrderInvoicesPanel order={order} />
          <OrderPackingLists order={order} />
          <VersionsCard orderId={order.id} pdfUrl={(v) => orderPdfUrl(order.id, v, lang)} />
        </div>
      </div>
    </div>
  );
}
