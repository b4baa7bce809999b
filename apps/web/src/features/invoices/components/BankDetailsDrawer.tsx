import type { BankDetails } from '@quayside/contract';
import { Alert, Button, Drawer, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanySettings, useSaveCompanySettings } from '@/shared/company-settings';
import { fieldErrorMap } from '@/shared/form-errors';
import { notify } from '@/shared/notify';
import { RequestError } from '@/shared/request';

const FIELDS = ['beneficiary', 'bank_name', 'bank_address', 'account_number', 'swift', 'iban'] as const;
const MAX: Record<keyof BankDetails, number> = {
  beneficiary: 200,
  bank_name: 200,
  bank_address: 500,
  account_number: 100,
  swift: 11,
  iban: 42,
};

/** The bank block of the company settings (printed on invoices), saved with the rest of the settings. */
export function BankDetailsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: settings } = useCompanySettings(open);
  const save = useSaveCompanySettings();
  const [bank, setBank] = useState<BankDetails | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (open && settings) setBank(settings.bank);
    if (!open) setErrors({});
  }, [open, settings]);

  const submit = async () => {
    if (!settings || !bank) return;
    setErrors({});
    try {
      await save.mutateAsync({ ...settings, bank });
      notify.message('success', t('invoice.bank.saved'));
      onClose();
    } catch (err) {
      setErrors(fieldErrorMap(err));
      if (!(err instanceof RequestError) || err.code !== 'VALIDATION_FAILED') throw err;
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('invoice.bank.title')}
      width={440}
      footer={
        <Button type="primary" loading={save.isPending} disabled={!bank} onClick={() => void submit()}>
          {t('invoice.bank.save')}
        </Button>
      }
    >
      <Alert type="info" showIcon message={t('invoice.bank.hint')} className="invoice-bank__hint" />
      {bank && (
        <Form layout="vertical" data-testid="bank-form">
          {FIELDS.map((field) => {
            const error = errors[`bank.${field}`] ?? errors[field];
            return (
              <Form.Item
                key={field}
                label={t(`invoice.bank.${field}`)}
                validateStatus={error ? 'error' : undefined}
                help={error}
              >
                {field === 'bank_address' ? (
                  <Input.TextArea
                    aria-label={t(`invoice.bank.${field}`)}
                    autoSize={{ minRows: 2, maxRows: 4 }}
                    maxLength={MAX[field]}
                    value={bank[field]}
                    onChange={(e) => setBank({ ...bank, [field]: e.target.value })}
                  />
                ) : (
                  <Input
                    aria-label={t(`invoice.bank.${field}`)}
                    maxLength={MAX[field]}
                    value={bank[field]}
                    onChange={(e) => setBank({ ...bank, [field]: e.target.value })}
                  />
                )}
              </Form.Item>
            );
          })}
        </Form>
      )}
    </Drawer>
  );
}
