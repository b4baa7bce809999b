import { PlusOutlined } from '@ant-design/icons';
import { formatMoney, type Order } from '@quayside/contract';
import { Button, Card, DatePicker, Form, Input, Modal, Popconfirm, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorMap } from '@/shared/form-errors';
import { parseTime } from '@/shared/format';
import { RequestError } from '@/shared/request';
import '@/shared/documents/document-edit.css';
import { useAddPayment, useDeletePayment } from '../api';

/** Payments received against the order, "Record payment", and what is still due. */
export function PaymentsCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState<Dayjs | null>(dayjs());
  const [amount, setAmount] = useState('');
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddPayment();
  const remove = useDeletePayment();
  const money = (v: string) => formatMoney(v, order.currency);

  const start = () => {
    setDate(dayjs());
    setAmount(order.balance.startsWith('-') ? '' : order.balance);
    setRemark('');
    setErrors({});
    setOpen(true);
  };
  const submit = async () => {
    setErrors({});
    try {
      await add.mutateAsync({
        order_id: order.id,
        date: date ? date.format('YYYY-MM-DD') : '',
        amount: amount.trim(),
        remark,
      });
      setOpen(false);
    } catch (err) {
      setErrors(fieldErrorMap(err));
      if (!(err instanceof RequestError) || err.code !== 'VALIDATION_FAILED') throw err;
    }
  };

  return (
    <Card
      variant="borderless"
      title={t('order.payments')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={start}>
          {t('order.recordPayment')}
        </Button>
      }
    >
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={order.payments}
        locale={{ emptyText: t('order.noPayments') }}
        columns={[
          { title: t('order.paymentDate'), dataIndex: 'date', width: 120 },
          {
            title: t('order.amount'),
            align: 'right',
            width: 140,
            render: (_v, p) => <span className="order-detail__amount">{money(p.amount)}</span>,
          },
          { title: t('order.remark'), dataIndex: 'remark', ellipsis: true },
          {
            title: t('order.recordedBy'),
            width: 210,
            render: (_v, p) => `${p.created_by_name} · ${parseTime(p.created_at, '{y}-{m}-{d}')}`,
          },
          {
            title: '',
            width: 70,
            render: (_v, p) => (
              <Popconfirm
                title={t('order.deletePaymentConfirm', { amount: money(p.amount) })}
                onConfirm={() => remove.mutateAsync({ order_id: order.id, payment_id: p.id })}
              >
                <Button type="link" size="small" danger>
                  {t('order.delete')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <div className="order-detail__figures">
        <dl className="document-figures">
          <dt>{t('order.total')}</dt>
          <dd>{`${money(order.total)} ${order.currency}`}</dd>
          <dt>{t('order.paid')}</dt>
          <dd data-testid="order-paid">{money(order.paid)}</dd>
          <dt>{t('order.balance')}</dt>
          <dd className="document-figures__strong" data-testid="order-balance">
            {money(order.balance)}
          </dd>
        </dl>
      </div>
      <Modal
        open={open}
        title={t('order.recordPaymentTitle', { number: order.number })}
        okText={t('order.save')}
        cancelText={t('order.cancel')}
        confirmLoading={add.isPending}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item
            label={t('order.paymentDate')}
            required
            validateStatus={errors.date ? 'error' : undefined}
            help={errors.date}
          >
            <DatePicker style={{ width: '100%' }} value={date} onChange={setDate} />
          </Form.Item>
          <Form.Item
            label={`${t('order.amount')} (${order.currency})`}
            required
            validateStatus={errors.amount ? 'error' : undefined}
            help={errors.amount}
          >
            <Input
              aria-label={t('order.amount')}
              inputMode="decimal"
              value={amount}
              maxLength={40}
              onChange={(e) => setAmount(e.target.value)}
            />
          </Form.Item>
          <Form.Item
            label={t('order.remark')}
            validateStatus={errors.remark ? 'error' : undefined}
            help={errors.remark}
          >
            <Input
              aria-label={t('order.paymentRemark')}
              value={remark}
              maxLength={500}
              onChange={(e) => setRemark(e.target.value)}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
