import type { Customer } from '@quayside/contract';
import { Col, Form, type FormInstance, Input, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { nearLimit } from '@/shared/form/limit';
import { LookupSelect } from '@/shared/lookups/LookupSelect';
import type { DuplicateCustomer } from '../duplicate';
import { FIELD_GROUPS, FIELDS, type FieldDef, fieldLabel, langOf } from '../fields';
import { DuplicateAlert } from './DuplicateAlert';
import { OwnerSelect } from './OwnerSelect';
import type { CustomerFormValues } from './useCustomerForm';

const WIDE = new Set(['address', 'remark']);

/** Every field of a customer (spec §3) plus the owner, in groups; Ctrl+Enter saves. */
export function CustomerFormBody({
  form,
  customer,
  initial,
  duplicate,
  onSubmit,
  onOpenDuplicate,
  autoFocus = true,
}: {
  form: FormInstance<CustomerFormValues>;
  customer: Customer | null;
  initial: CustomerFormValues;
  duplicate: DuplicateCustomer | null;
  onSubmit: () => void;
  onOpenDuplicate?: () => void;
  autoFocus?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const label = (def: FieldDef) => fieldLabel(def.name, lang);

  const rules = (def: FieldDef): Rule[] => {
    const out: Rule[] = [];
    if (def.max)
      out.push({ max: def.max, message: t('customers.tooLong', { field: label(def), max: def.max }) });
    if (def.kind === 'email') out.push({ type: 'email', message: t('customers.badEmail') });
    if (def.name === 'company_name') {
      out.push(({ getFieldValue }) => ({
        validator: (_, value) =>
          String(value ?? '').trim() || String(getFieldValue('name') ?? '').trim()
            ? Promise.resolve()
            : Promise.reject(new Error(t('customers.needName'))),
      }));
    }
    return out;
  };

  const control = (def: FieldDef, first: boolean) => {
    switch (def.kind) {
      case 'lookup':
        return <LookupSelect table={def.table ?? 'grade'} placeholder={t('customers.choose')} />;
      case 'owner':
        return (
          <OwnerSelect
            current={customer ? { id: customer.owner_id, name: customer.owner_name } : undefined}
          />
        );
      case 'textarea':
        return (
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 8 }}
            count={def.max ? nearLimit(def.max) : undefined}
          />
        );
      case 'email':
        return (
          <Input
            type="email"
            inputMode="email"
            autoComplete="off"
            count={def.max ? nearLimit(def.max) : undefined}
          />
        );
      default:
        return (
          <Input
            count={def.max ? nearLimit(def.max) : undefined}
            autoComplete="off"
            autoFocus={autoFocus && first}
          />
        );
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      onSubmit();
    }
  };

  return (
    <Form<CustomerFormValues>
      form={form}
      layout="vertical"
      name={customer ? `customer-${customer.id}` : 'customer-new'}
      initialValues={initial}
      onFinish={onSubmit}
      onKeyDown={onKeyDown}
      requiredMark={false}
      className="customer-form"
    >
      {duplicate && <DuplicateAlert customer={duplicate} onOpen={onOpenDuplicate} />}
      {FIELD_GROUPS.map((group, gi) => (
        <fieldset key={group.key} className="customer-form__group">
          <legend className="customer-form__legend">{t(`customers.group.${group.key}`)}</legend>
          <Row gutter={16}>
            {group.fields.map((name, fi) => {
              const def = FIELDS[name];
              return (
                <Col key={name} xs={24} sm={WIDE.has(name) ? 24 : 12}>
                  <Form.Item
                    name={name}
                    label={label(def)}
                    rules={rules(def)}
                    dependencies={name === 'company_name' ? ['name'] : undefined}
                  >
                    {control(def, gi === 0 && fi === 0)}
                  </Form.Item>
                </Col>
              );
            })}
          </Row>
        </fieldset>
      ))}
      {/* Enter in a text field saves, as in any form. */}
      <button type="submit" hidden aria-hidden tabIndex={-1} />
    </Form>
  );
}
