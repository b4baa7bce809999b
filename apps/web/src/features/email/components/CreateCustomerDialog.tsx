import type { Customer, EmailAddress } from '@quayside/contract';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFeedback } from '@/shared/feedback';
import { useFormOverlay } from '@/shared/form/useFormOverlay';
import { useSubmit } from '@/shared/form/useSubmit';
import { showFormError } from '@/shared/form-errors';
import { LookupSelect } from '@/shared/lookups/LookupSelect';
import { RequestError } from '@/shared/request';
import { useCreateCustomer } from '../api';
import { customerFromSender } from '../email-format';

interface Values {
  company_name: string;
  name: string;
  email: string;
  nation: number | null;
  grade: number | null;
}

/** "Create customer from this sender": the form filled in from the email (POST /api/customer/create/). */
export function CreateCustomerDialog({
  party,
  senderNation,
  onClose,
  onCreated,
}: {
  party: EmailAddress;
  senderNation: number;
  onClose: () => void;
  onCreated: (customer: Customer) => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const create = useCreateCustomer();
  const [conflict, setConflict] = useState<{ text: string; id: number | null } | null>(null);
  const prefill = customerFromSender(party, senderNation);
  const moreHref = `/customer/create?${new URLSearchParams({
    email: prefill.email,
    name: prefill.name,
    company_name: prefill.company_name,
    ...(prefill.nation ? { nation: String(prefill.nation) } : {}),
    situation: String(prefill.situation),
  }).toString()}`;

  const { requestClose, leave } = useFormOverlay('create-customer', () => form.isFieldsTouched(), onClose);
  const { submit, submitting } = useSubmit(async (values: Values) => {
    setConflict(null);
    try {
      const customer = await create.mutateAsync({ ...values, situation: prefill.situation });
      void message.success(t('email.customer.created', { name: customer.company_name || customer.name }));
      onCreated(customer);
      leave();
    } catch (err) {
      if (err instanceof RequestError && err.status === 409) {
        // The server names the customer who has this address already.
        const id = (err.details as { customer?: { id?: unknown } } | undefined)?.customer?.id;
        setConflict({ text: err.message, id: typeof id === 'number' ? id : null });
      } else showFormError(form, err);
    }
  });

  return (
    <Modal
      open
      title={t('email.customer.createTitle')}
      okText={t('common.create')}
      cancelText={t('common.cancel')}
      confirmLoading={submitting}
      onOk={() => form.submit()}
      onCancel={requestClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ ...prefill, grade: 1 }}
        onFinish={(v) => void submit(v)}
        className="create-customer"
      >
        {conflict && (
          <Alert
            type="warning"
            showIcon
            className="create-customer__conflict"
            title={conflict.text}
            action={
              conflict.id ? (
                <Link to={`/customer/detail/${conflict.id}`} onClick={() => leave(false)}>
                  {t('email.customer.openExisting')}
                </Link>
              ) : undefined
            }
          />
        )}
        <Form.Item
          name="company_name"
          label={t('email.customer.company')}
          dependencies={['name']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, v: string) =>
                v?.trim() || String(getFieldValue('name') ?? '').trim()
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('email.customer.needName'))),
            }),
          ]}
        >
          <Input autoFocus maxLength={200} />
        </Form.Item>
        <Form.Item name="name" label={t('email.customer.name')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('email.customer.email')}
          rules={[{ type: 'email', message: t('email.customer.badEmail') }]}
        >
          <Input maxLength={254} />
        </Form.Item>
        <div className="create-customer__pair">
          <Form.Item name="nation" label={t('email.customer.country')}>
            <LookupSelect table="nation" placeholder={t('email.customer.choose')} />
          </Form.Item>
          <Form.Item name="grade" label={t('email.customer.grade')}>
            <LookupSelect table="grade" placeholder={t('email.customer.choose')} />
          </Form.Item>
        </div>
        <Link to={moreHref} onClick={() => leave(false)} className="create-customer__more">
          {t('email.customer.moreFields')}
        </Link>
      </Form>
    </Modal>
  );
}
