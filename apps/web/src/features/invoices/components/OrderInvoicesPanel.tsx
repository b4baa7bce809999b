import type { InvoiceKind, Order } from '@quayside/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LinkedDocuments } from '@/features/orders/components/LinkedDocuments';
import { notify } from '@/shared/notify';
import { useIssueInvoice } from '../api';

/** The order page's invoices: the ones issued from it, and one click to issue a proforma or commercial one. */
export function OrderInvoicesPanel({ order }: { order: Order }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const issue = useIssueInvoice();
  const issueKind = async (kind: InvoiceKind) => {
    const made = await issue.mutateAsync({ order_id: order.id, kind });
    notify.message('success', t('invoice.issued', { number: made.number }));
    navigate(`/invoice/detail/${made.id}`);
  };
  return (
    <LinkedDocuments
      testId="order-invoices"
      title={t('invoice.panelTitle')}
      documents={order.invoices}
      pathOf={(id) => `/invoice/detail/${id}`}
      footer={
        <div className="invoice-panel__actions">
          <Button size="small" loading={issue.isPending} onClick={() => void issueKind('proforma')}>
            {t('invoice.issueProforma')}
          </Button>
          <Button size="small" loading={issue.isPending} onClick={() => void issueKind('commercial')}>
            {t('invoice.issueCommercial')}
          </Button>
        </div>
      }
    />
  );
}
