import type { BankDetails } from '@quayside/contract';
import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const FIELDS = ['beneficiary', 'bank_name', 'bank_address', 'account_number', 'swift', 'iban'] as const;

/** The bank block as this version of the invoice carries it (a snapshot from the settings). */
export function BankCard({ bank }: { bank: BankDetails }) {
  const { t } = useTranslation();
  const filled = FIELDS.filter((f) => bank[f]);
  return (
    <Card variant="borderless" title={t('invoice.bank.title')} data-testid="invoice-bank">
      {filled.length === 0 ? (
        <Typography.Text type="secondary">{t('invoice.bank.none')}</Typography.Text>
      ) : (
        <Descriptions
          size="small"
          column={1}
          items={filled.map((f) => ({
            key: f,
            label: t(`invoice.bank.${f}`),
            children: <span className="invoice-bank">{bank[f]}</span>,
          }))}
        />
      )}
    </Card>
  );
}
