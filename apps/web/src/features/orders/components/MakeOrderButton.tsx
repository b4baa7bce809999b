import { ShoppingCartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCanOpen } from '@/shared/routes/pages';
import { useOrderFromQuotation, useOrderList } from '../api';

/**
 * On a saved quotation (admin): "Make order" in one click — the order gets the quotation's lines and
 * total, the quotation turns accepted. Once made, the button opens that order instead.
 */
export function MakeOrderButton({ quotationId }: { quotationId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const allowed = useCanOpen()('/order/list');
  const existing = useOrderList({ quotation_id: quotationId, page_size: 1 }, allowed);
  const make = useOrderFromQuotation();
  if (!allowed) return null;
  const order = existing.data?.items[0];
  if (order) {
    return (
      <Button icon={<ShoppingCartOutlined />} onClick={() => navigate(`/order/detail/${order.id}`)}>
        {t('order.openOrder', { number: order.number })}
      </Button>
    );
  }
  return (
    <Button
      icon={<ShoppingCartOutlined />}
      loading={make.isPending || existing.isLoading}
      onClick={async () => {
        const made = await make.mutateAsync(quotationId);
        navigate(`/order/detail/${made.id}`);
      }}
    >
      {t('order.makeOrder')}
    </Button>
  );
}
