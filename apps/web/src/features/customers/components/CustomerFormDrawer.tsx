import type { Customer } from '@quayside/contract';
import { Button, Drawer, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormOverlay } from '@/shared/form/useFormOverlay';
import { customerTitle } from '../fields';
import { CustomerFormBody } from './CustomerFormBody';
import { useCustomerForm } from './useCustomerForm';

/** Create (customer = null) or edit a customer beside the list or the detail page. */
export function CustomerFormDrawer({
  customer,
  onClose,
  onSaved,
}: {
  customer: Customer | null;
  onClose: () => void;
  onSaved?: (saved: Customer) => void;
}) {
  const { t } = useTranslation();
  const { form, save, saving, duplicate, initial } = useCustomerForm(customer, (saved) => {
    onSaved?.(saved);
    leave();
  });
  const { requestClose, leave } = useFormOverlay('customer-form', () => form.isFieldsTouched(), onClose);
  const title = customer
    ? t('customers.editTitle', { name: customerTitle(customer) })
    : t('customers.createTitle');
  return (
    <Drawer
      open
      title={title}
      size={720}
      onClose={requestClose}
      destroyOnHidden
      // The drawer takes the focus when it opens; hand it to the first field.
      afterOpenChange={(open) => open && form.getFieldInstance('company_name')?.focus()}
      className="customer-drawer"
      footer={
        <div className="customer-drawer__footer">
          <Typography.Text type="secondary" className="customer-drawer__hint">
            {t('customers.saveHint')}
          </Typography.Text>
          <Space>
            <Button onClick={requestClose}>{t('common.cancel')}</Button>
            <Button type="primary" loading={saving} onClick={save}>
              {customer ? t('common.save') : t('common.create')}
            </Button>
          </Space>
        </div>
      }
    >
      <CustomerFormBody
        form={form}
        customer={customer}
        initial={initial}
        duplicate={duplicate}
        onSubmit={save}
        onOpenDuplicate={() => leave(false)}
      />
    </Drawer>
  );
}
