import { AccountBookOutlined, MailOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Badge, Empty, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerEmails } from '../api';
import { EmailHistory } from './EmailHistory';

function ComingWith({ icon, text }: { icon: ReactNode; text: string }) {
  return <Empty image={<span className="activity-empty__icon">{icon}</span>} description={text} />;
}

/** The customer's activity: emails now; quotations and orders arrive with their modules. */
export function ActivityTabs({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const emails = useCustomerEmails(customerId, 1);
  const count = emails.isError ? 0 : (emails.data?.total ?? 0);
  return (
    <Tabs
      className="activity-tabs"
      items={[
        {
          key: 'emails',
          label: (
            <span>
              <MailOutlined /> {t('customers.tabEmails')}{' '}
              {count > 0 && (
                <Badge count={count} overflowCount={999} color="var(--qs-primary)" size="small" />
              )}
            </span>
          ),
          children: <EmailHistory customerId={customerId} />,
        },
        {
          key: 'quotations',
          label: (
            <span>
              <AccountBookOutlined /> {t('customers.tabQuotations')}
            </span>
          ),
          children: <ComingWith icon={<AccountBookOutlined />} text={t('customers.quotationsComing')} />,
        },
        {
          key: 'orders',
          label: (
            <span>
              <ShoppingCartOutlined /> {t('customers.tabOrders')}
            </span>
          ),
          children: <ComingWith icon={<ShoppingCartOutlined />} text={t('customers.ordersComing')} />,
        },
      ]}
    />
  );
}
