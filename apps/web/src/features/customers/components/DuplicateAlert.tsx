import { Alert } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DuplicateCustomer } from '../duplicate';
import { customerTitle } from '../fields';

/** "This email already belongs to <customer>": the way to the existing record instead of a second one. */
export function DuplicateAlert({ customer, onOpen }: { customer: DuplicateCustomer; onOpen?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      className="customer-duplicate"
      title={t('customers.duplicateTitle')}
      description={
        <Trans
          t={t}
          i18nKey="customers.duplicateText"
          values={{ name: customerTitle(customer) }}
          components={{ open: <Link to={`/customer/detail/${customer.id}`} onClick={onOpen} /> }}
        />
      }
    />
  );
}
