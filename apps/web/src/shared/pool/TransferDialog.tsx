import { Alert, Checkbox, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';
import { useFormOverlay } from '@/shared/form/useFormOverlay';
import { useSubmit } from '@/shared/form/useSubmit';
import { staffLabel, staffOptions, useStaff } from '@/shared/lookups/useStaff';
import { useTransferCustomers } from './api';
import { transferBody } from './transfer';

type Values = { from_user_id?: number; to_user_id?: number; with_mail_accounts: boolean };

/**
 * "Transfer…" (admin): the selected customers (`ids`), or every customer of one user (`fromUserId`,
 * chosen here when not given), to another active user, with their open inquiries, quotations and
 * orders and, when ticked, the mailbox assignments of the user they come from. The answer's count
 * is told; a refusal keeps the dialog open with the server's message.
 */
export function TransferDialog({
  ids,
  fromUserId,
  onClose,
  onDone,
}: {
  ids?: readonly number[];
  fromUserId?: number;
  onClose: () => void;
  onDone?: (count: number) => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const staff = useStaff(true);
  const transfer = useTransferCustomers();
  const byIds = ids !== undefined && ids.length > 0;
  const from = Form.useWatch('from_user_id', form);
  const to = Form.useWatch('to_user_id', form);
  const name = (id: number | undefined) => {
    const user = staff.data?.find((u) => u.id === id);
    return user ? staffLabel(user) : '';
  };

  const { requestClose, leave } = useFormOverlay('transfer-customers', () => form.isFieldsTouched(), onClose);
  const { submit, submitting } = useSubmit(async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // antd shows the message next to the field
    }
    if (values.to_user_id === undefined) return;
    const { count } = await transfer.mutateAsync(
      transferBody(ids, { ...values, to_user_id: values.to_user_id }),
    );
    void message.success(t('pool.transferred', { count, name: name(values.to_user_id) }));
    onDone?.(count);
    leave();
  });

  const people = staffOptions(staff.data);
  return (
    <Modal
      open
      title={byIds ? t('pool.transferTitle', { count: ids.length }) : t('pool.transferAllTitle')}
      okText={t('pool.transferDo')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={requestClose}
      confirmLoading={submitting}
      okButtonProps={{ disabled: !to }}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="transfer-customers"
        initialValues={{ from_user_id: fromUserId, with_mail_accounts: false }}
        onFinish={submit}
      >
        {!byIds && (
          <Form.Item
            label={t('pool.from')}
            name="from_user_id"
            rules={[{ required: true, message: t('common.required', { field: t('pool.from') }) }]}
          >
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              loading={staff.isLoading}
              placeholder={t('pool.choosePerson')}
              options={people}
              aria-label={t('pool.from')}
            />
          </Form.Item>
        )}
        <Form.Item
          label={t('pool.to')}
          name="to_user_id"
          rules={[{ required: true, message: t('common.required', { field: t('pool.to') }) }]}
        >
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            loading={staff.isLoading}
            placeholder={t('pool.choosePerson')}
            options={people.filter((o) => byIds || o.value !== from)}
            aria-label={t('pool.to')}
            autoFocus
          />
        </Form.Item>
        <Form.Item name="with_mail_accounts" valuePropName="checked" extra={t('pool.withMailHint')}>
          <Checkbox>{t('pool.withMail')}</Checkbox>
        </Form.Item>
      </Form>
      <Alert
        type="info"
        showIcon
        title={
          byIds
            ? t('pool.transferWhat', { count: ids.length })
            : t('pool.transferAllWhat', { name: name(from) || '…' })
        }
      />
    </Modal>
  );
}
