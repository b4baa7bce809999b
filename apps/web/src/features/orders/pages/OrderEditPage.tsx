import type { Order } from '@quayside/contract';
import { Card, Col, DatePicker, Form, Row, Spin } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { tagsStore } from '@/layout/tags-store';
import { useTabLabel } from '@/layout/useTabLabel';
import { CustomerPicker } from '@/shared/documents/CustomerPicker';
import { LinesWithTotals, SaveAction, StaleAlert, TermsColumns } from '@/shared/documents/DocumentEditParts';
import { type EditLine, editLinesOf, toBody } from '@/shared/documents/lines';
import { useDocumentEditor } from '@/shared/documents/useDocumentEditor';
import { notify } from '@/shared/notify';
import type { PageProps } from '@/shared/routes/types';
import { PageHeader } from '@/shared/ui/PageHeader';
import { useCreateOrder, useOrder, useUpdateOrder } from '../api';
import '../orders.css';

type Header = {
  name: string;
  customer_id: number | null;
  contact_name: string;
  contact_email: string;
  currency: string;
  trade_term: string | null;
  port_of_loading: string;
  port_of_destination: string;
  payment_terms: string;
  delivery_date: string | null;
  discount: string;
  shipping_cost: string;
  remark: string;
};

const emptyHeader = (customerId: number | null): Header => ({
  name: '',
  customer_id: customerId,
  contact_name: '',
  contact_email: '',
  currency: 'USD',
  trade_term: null,
  port_of_loading: '',
  port_of_destination: '',
  payment_terms: '',
  delivery_date: null,
  discount: '0',
  shipping_cost: '0',
  remark: '',
});

function fromOrder(o: Order): { header: Header; lines: EditLine[] } {
  return {
    header: {
      name: o.name,
      customer_id: o.customer_id,
      contact_name: o.contact_name,
      contact_email: o.contact_email,
      currency: o.currency,
      trade_term: o.trade_term,
      port_of_loading: o.port_of_loading,
      port_of_destination: o.port_of_destination,
      payment_terms: o.payment_terms,
      delivery_date: o.delivery_date,
      discount: o.discount,
      shipping_cost: o.shipping_cost,
      remark: o.remark,
    },
    lines: editLinesOf(o.items),
  };
}

/** /order/create (?customer_id=) and /order/update/{id}: every save of an order is a new version. */
export default function OrderEditPage({ id }: PageProps) {
  const orderId = id ? Number(id) : null;
  const { data, isLoading } = useOrder(orderId);
  if (orderId && (isLoading || !data)) return <Spin className="page" />;
  return <Editor key={data ? `${data.id}-${data.version}` : 'new'} order={data ?? null} />;
}

function Editor({ order }: { order: Order | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const create = useCreateOrder();
  const update = useUpdateOrder();
  const editor = useDocumentEditor<Header>({
    initial: () => {
      if (order) return fromOrder(order);
      const customer = Number(new URLSearchParams(search).get('customer_id'));
      return { header: emptyHeader(customer > 0 ? customer : null), lines: [] as EditLine[] };
    },
    persist: (h, items) => {
      const body = { ...h, customer_id: h.customer_id ?? 0, items: toBody(items) };
      return order
        ? update.mutateAsync({ ...body, id: order.id, version: order.version })
        : create.mutateAsync(body);
    },
    onSaved: (saved) => {
      notify.message('success', t('order.saved', { number: saved.number, version: saved.version }));
      const to = `/order/detail/${saved.id}`;
      navigate(to);
      tagsStore.close(order ? `/order/update/${order.id}` : '/order/create', to);
    },
  });
  const { header, set, stale, save, item, field } = editor;
  useTabLabel(order ? t('order.editTab', { number: order.number }) : undefined);

  return (
    <div className="page order-edit">
      <PageHeader
        title={
          order
            ? t('order.updateTitle', { number: order.number, version: order.version })
            : t('order.createTitle')
        }
        subtitle={t('order.saveHint')}
      />
      <StaleAlert ns="order" version={stale} />
      <Card variant="borderless">
        <Form layout="vertical">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              {item(
                'customer_id',
                t('order.customer'),
                <CustomerPicker
                  aria-label={t('order.customer')}
                  placeholder={t('order.pickCustomer')}
                  initialLabel={order?.customer_name}
                  value={header.customer_id ?? undefined}
                  onChange={(customer_id) => set({ customer_id })}
                />,
                true,
              )}
            </Col>
            <Col xs={24} md={12}>
              {field('name', t('order.name'))}
            </Col>
            <TermsColumns ns="order" editor={editor} />
            <Col xs={12} md={6}>
              {item(
                'delivery_date',
                t('order.deliveryDate'),
                <DatePicker
                  style={{ width: '100%' }}
                  value={header.delivery_date ? dayjs(header.delivery_date) : null}
                  onChange={(d) => set({ delivery_date: d ? d.format('YYYY-MM-DD') : null })}
                />,
              )}
            </Col>
            <Col xs={12} md={6}>
              {field('payment_terms', t('order.paymentTerms'), 1000)}
            </Col>
          </Row>
        </Form>
        <LinesWithTotals
          ns="order"
          editor={editor}
          currency={header.currency}
          itemsError
          totalTestId="order-total"
        />
        <Form layout="vertical">{field('remark', t('order.remark'), 5000)}</Form>
        <SaveAction ns="order" loading={create.isPending || update.isPending} onSave={() => void save()} />
      </Card>
    </div>
  );
}
