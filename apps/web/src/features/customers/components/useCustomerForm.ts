import type { Customer } from '@quayside/contract';
import { Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';
import { useSubmit } from '@/shared/form/useSubmit';
import { showFormError } from '@/shared/form-errors';
import { useUser } from '@/shared/session';
import { type CustomerCreate, useCreateCustomer, useUpdateCustomer } from '../api';
import { type DuplicateCustomer, duplicateOf } from '../duplicate';
import { customerTitle, emptyValue, FIELD_ORDER, FIELDS, type FieldName } from '../fields';

export type CustomerFormValues = Record<FieldName, string | number | null>;

/** The form's values for a customer, or for a new one (prefilled, owned by the user). */
export function initialValues(
  customer: Customer | null,
  prefill: Partial<CustomerFormValues>,
  meId: number | null,
): CustomerFormValues {
  const values = {} as CustomerFormValues;
  for (const name of FIELD_ORDER) values[name] = customer ? customer[name] : emptyValue(FIELDS[name]);
  if (!customer) values.owner_id = meId;
  return { ...values, ...(customer ? {} : prefill) };
}

/** The request body: texts trimmed, empty choices null. */
export function toBody(values: CustomerFormValues): CustomerCreate {
  const body: Record<string, unknown> = {};
  for (const name of FIELD_ORDER) {
    const def = FIELDS[name];
    const v = values[name];
    body[name] = def.kind === 'lookup' || def.kind === 'owner' ? (v ?? null) : String(v ?? '').trim();
  }
  return body as CustomerCreate;
}

/**
 * Create or edit a customer: validation, saving, server field errors on their fields and the
 * duplicate email's owner for a link.
 */
export function useCustomerForm(
  customer: Customer | null,
  onSaved: (saved: Customer) => void,
  prefill: Partial<CustomerFormValues> = {},
) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const me = useUser();
  const [form] = Form.useForm<CustomerFormValues>();
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const [duplicate, setDuplicate] = useState<DuplicateCustomer | null>(null);

  const { submit: save, submitting } = useSubmit(async () => {
    let values: CustomerFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // antd shows the messages next to the fields
    }
    setDuplicate(null);
    const body = toBody({ ...form.getFieldsValue(true), ...values });
    try {
      const saved = customer
        ? await update.mutateAsync({ id: customer.id, ...body })
        : await create.mutateAsync(body);
      void message.success(
        t(customer ? 'customers.saved' : 'customers.created', { name: customerTitle(saved) }),
      );
      onSaved(saved);
    } catch (err) {
      setDuplicate(duplicateOf(err));
      showFormError(form, err);
    }
  });

  return {
    form,
    save,
    saving: submitting,
    duplicate,
    initial: initialValues(customer, prefill, me?.id ?? null),
  };
}
