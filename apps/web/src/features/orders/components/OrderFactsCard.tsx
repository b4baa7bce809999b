import { type Order, TRADE_TERMS } from '@quayside/contract';
import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '@/shared/i18n';

/** Who the order is for, where it came from (the quotation and its version) and its terms. */
export function OrderFactsCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const term = TRADE_TERMS.find((x) => x.id === order.trade_term)?.[lang] ?? '';
  return (
    <Card variant="borderless" title={t('order.details')}>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('order.customer')}>
          <Link to={`/customer/detail/${order.customer_id}`}>{order.customer_name}</Link>
        </Descriptions.Item>
        {order.name && <Descriptions.Item label={t('order.name')}>{order.name}</Descriptions.Item>}
        <Descriptions.Item label={t('order.quotation')}>
          {order.quotation_id ? (
            <span data-testid="order-quotation">
              <Link to={`/order/updateQuotation/${order.quotation_id}`}>{order.quotation_number}</Link>{' '}
              <Link to={`/order/quotation/history/${order.quotation_id}`}>
                {t('order.quotationVersion', { version: order.quotation_version })}
              </Link>
            </span>
          ) : (
            t('order.fromScratch')
          )}
        </Descriptions.Item>
        {(order.contact_name || order.contact_email) && (
          <Descriptions.Item label={t('order.contact')}>
            {[order.contact_name, order.contact_email].filter(Boolean).join(' · ')}
          </Descriptions.Item>
        )}
        {term && <Descriptions.Item label={t('order.tradeTerm')}>{term}</Descriptions.Item>}
        {(order.port_of_loading || order.port_of_destination) && (
          <Descriptions.Item label={t('order.ports')}>
            {`${order.port_of_loading || '—'} → ${order.port_of_destination || '—'}`}
          </Descriptions.Item>
        )}
        {order.payment_terms && (
          <Descriptions.Item label={t('order.paymentTerms')}>{order.payment_terms}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('order.deliveryDate')}>{order.delivery_date ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('order.owner')}>{order.owner_name || '—'}</Descriptions.Item>
        {order.remark && <Descriptions.Item label={t('order.remark')}>{order.remark}</Descriptions.Item>}
      </Descriptions>
    </Card>
  );
}
