import { Alert, Button, Drawer, Form, InputNumber, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanySettings, useSaveCompanySettings } from '@/shared/company-settings';
import { useFeedback } from '@/shared/feedback';
import { useSubmit } from '@/shared/form/useSubmit';
import { fieldErrorMap } from '@/shared/form-errors';
import { RequestError } from '@/shared/request';

/** The contract's bounds (packages/contract settings.ts). */
const CAP = { min: 1, max: 1_000_000 };
const DAYS = { min: 7, max: 3650, suggested: 90 };

type Draft = { cap: number | null; autoReturn: boolean; days: number | null };

/**
 * The pool's rules (admin), company settings of their own: the most customers a salesperson may
 * own, and whether a customer without activity for N days returns to the pool. What shows after a
 * save is the server's answer.
 */
export function PoolSettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const settings = useCompanySettings(open);
  const save = useSaveCompanySettings();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const data = settings.data;

  // Filled once per opening, from the server's fresh answer: a later refetch never overwrites
  // what is being typed.
  const fresh = open && data !== undefined && !settings.isFetching;
  useEffect(() => {
    if (!open) {
      setDraft(null);
      setErrors({});
    } else if (fresh && data) {
      setDraft(
        (current) =>
          current ?? {
            cap: data.customer_cap,
            autoReturn: data.auto_return_days !== null,
            days: data.auto_return_days ?? DAYS.suggested,
          },
      );
    }
  }, [open, fresh, data]);

  const { submit, submitting } = useSubmit(async () => {
    if (!data || !draft || draft.cap === null || (draft.autoReturn && draft.days === null)) return;
    setErrors({});
    try {
      const saved = await save.mutateAsync({
        ...data,
        customer_cap: draft.cap,
        auto_return_days: draft.autoReturn ? draft.days : null,
      });
      void message.success(
        saved.auto_return_days === null
          ? t('customers.poolSavedNoReturn', { cap: saved.customer_cap })
          : t('customers.poolSaved', { cap: saved.customer_cap, days: saved.auto_return_days }),
      );
      onClose();
    } catch (err) {
      if (!(err instanceof RequestError)) throw err;
      // Quiet call: our fields' refusals show next to them, anything else as a message.
      const fields = fieldErrorMap(err);
      setErrors(fields);
      if (!fields.customer_cap && !fields.auto_return_days) void message.error(err.message);
    }
  });

  const invalid = !draft || draft.cap === null || (draft.autoReturn && draft.days === null);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('customers.poolRulesTitle')}
      width={440}
      footer={
        <Button type="primary" loading={submitting} disabled={invalid} onClick={() => void submit()}>
          {t('common.save')}
        </Button>
      }
    >
      <Alert type="info" showIcon title={t('customers.poolRulesHint')} className="pool-rules__hint" />
      {draft && (
        <Form layout="vertical" data-testid="pool-rules">
          <Form.Item
            label={t('customers.cap')}
            extra={t('customers.capHint')}
            validateStatus={errors.customer_cap ? 'error' : undefined}
            help={errors.customer_cap}
          >
            <InputNumber<number>
              aria-label={t('customers.cap')}
              min={CAP.min}
              max={CAP.max}
              precision={0}
              value={draft.cap}
              onChange={(cap) => setDraft({ ...draft, cap })}
              style={{ width: 160 }}
            />
          </Form.Item>
          <Form.Item
            label={t('customers.autoReturn')}
            extra={t('customers.autoReturnHint')}
            validateStatus={errors.auto_return_days ? 'error' : undefined}
            help={errors.auto_return_days}
          >
            <Space>
              <Switch
                aria-label={t('customers.autoReturn')}
                checked={draft.autoReturn}
                onChange={(autoReturn) => setDraft({ ...draft, autoReturn })}
              />
              <InputNumber<number>
                aria-label={t('customers.autoReturnDays')}
                min={DAYS.min}
                max={DAYS.max}
                precision={0}
                disabled={!draft.autoReturn}
                value={draft.days}
                onChange={(days) => setDraft({ ...draft, days })}
                suffix={t('customers.daysUnit')}
                style={{ width: 140 }}
              />
            </Space>
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
