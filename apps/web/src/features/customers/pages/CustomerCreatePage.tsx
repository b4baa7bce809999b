import { Button, Card, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { tagsStore } from '@/layout/tags-store';
import { useDiscardGuard } from '@/shared/form/useDiscardGuard';
import { PageHeader } from '@/shared/ui/PageHeader';
import { CustomerFormBody } from '../components/CustomerFormBody';
import { useCustomerForm } from '../components/useCustomerForm';
import { prefillFrom } from '../prefill';
import '../customers.css';

const PATH = '/customer/create';

/** /customer/create: the customer form as a page; saving opens the new customer. */
export default function CustomerCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const prefill = useMemo(() => prefillFrom(search), [search]);
  const close = (to: string) => {
    navigate(to);
    tagsStore.close(PATH, to);
  };
  const confirmClose = useDiscardGuard(() => form.isFieldsTouched());
  const { form, save, saving, duplicate, initial } = useCustomerForm(
    null,
    (saved) => close(`/customer/detail/${saved.id}`),
    prefill,
  );

  return (
    <div className="page customer-create">
      <PageHeader title={t('customers.createTitle')} subtitle={t('customers.createSubtitle')} />
      <Card variant="borderless" className="customer-create__card">
        <CustomerFormBody
          form={form}
          customer={null}
          initial={initial}
          duplicate={duplicate}
          onSubmit={save}
        />
        <div className="customer-create__actions">
          <Space>
            <Button onClick={() => confirmClose(() => close('/customer/list'))}>{t('common.cancel')}</Button>
            <Button type="primary" loading={saving} onClick={save}>
              {t('common.create')}
            </Button>
          </Space>
        </div>
      </Card>
    </div>
  );
}
