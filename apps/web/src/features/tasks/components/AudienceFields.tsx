import type { TaskAudienceCount } from '@quayside/contract';
import { Alert, Button, Checkbox, Form, Input, Select, Space, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LookupSelect } from '@/shared/lookups/LookupSelect';
import { CUSTOMER_LOOKUP_FILTERS } from '@/shared/lookups/lookups';
import { useOwnerOptions } from '@/shared/lookups/useStaff';
import { countAudience, type TaskAudienceBody } from '../api';

export type AudienceValues = {
  use_filter: boolean;
  grade?: number[];
  source?: number[];
  nation?: number[];
  religion?: number[];
  situation?: number[];
  /** "me" or a user id, as the customer list's owner filter. */
  owner?: string;
  addresses_text?: string;
};

/** The form's recipients as the API takes them: the customer list's own query, and pasted lines. */
export function audienceBody(v: AudienceValues): TaskAudienceBody {
  const ids = (list?: number[]) => (list?.length ? list.join(',') : undefined);
  return {
    customer_filter: v.use_filter
      ? {
          grade: ids(v.grade),
          source: ids(v.source),
          nation: ids(v.nation),
          religion: ids(v.religion),
          situation: ids(v.situation),
          ...(v.owner ? { owner: v.owner } : {}),
        }
      : null,
    addresses: (v.addresses_text ?? '').split('\n').filter((l) => l.trim()),
  };
}

/** The fields whose change counts again. */
const WATCHED = [
  'use_filter',
  'owner',
  'addresses_text',
  ...CUSTOMER_LOOKUP_FILTERS.map((f) => f.name),
] as const;

/** Waits until choosing or typing pauses before counting again. */
const RECOUNT_DELAY_MS = 400;

/** Customers by the list's filters and/or pasted addresses, with the count kept up to date before saving. */
export function AudienceFields({ read }: { read: () => AudienceValues }) {
  const { t } = useTranslation();
  const ownerOptions = useOwnerOptions({ value: 'me', label: t('tasks.myCustomers') });
  const [count, setCount] = useState<TaskAudienceCount | null>(null);
  const [busy, setBusy] = useState(false);
  const form = Form.useFormInstance<AudienceValues>();
  const useFilter = Form.useWatch('use_filter', form);
  // Each answer is shown only if no later count was asked for meanwhile.
  const asked = useRef(0);

  const readRef = useRef(read);
  readRef.current = read;

  const recount = useCallback(async () => {
    const values = readRef.current();
    const body = audienceBody(values);
    const ticket = ++asked.current;
    if (!body.customer_filter && body.addresses?.length === 0) {
      setCount(null);
      setBusy(false);
      return;
    }
    setBusy(true);
    try {
      const answer = await countAudience(body);
      if (ticket === asked.current) setCount(answer);
    } catch {
      // A failed count leaves the last one standing; saving names any wrong field.
    } finally {
      if (ticket === asked.current) setBusy(false);
    }
  }, []);

  // Any change of the filters or the pasted addresses counts again once it pauses.
  const watched = Form.useWatch(
    (values: AudienceValues) => JSON.stringify(WATCHED.map((name) => values[name] ?? null)),
    form,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: counts again when a watched field changes
  useEffect(() => {
    const timer = setTimeout(() => void recount(), RECOUNT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [watched, recount]);

  return (
    <>
      <Form.Item name="use_filter" valuePropName="checked" style={{ marginBottom: 8 }}>
        <Checkbox>{t('tasks.byFilter')}</Checkbox>
      </Form.Item>
      {useFilter && (
        <Space wrap align="start">
          <Form.Item name="owner" label={t('tasks.owner')}>
            <Select<string>
              allowClear
              style={{ width: 180 }}
              placeholder={t('tasks.allOwners')}
              aria-label={t('tasks.owner')}
              options={ownerOptions}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
          {CUSTOMER_LOOKUP_FILTERS.map((f) => (
            <Form.Item key={f.name} name={f.name} label={t(`tasks.${f.name}`)}>
              <LookupSelect
                table={f.table}
                mode="multiple"
                style={{ minWidth: f.width }}
                aria-label={t(`tasks.${f.name}`)}
              />
            </Form.Item>
          ))}
        </Space>
      )}
      <Form.Item name="addresses_text" label={t('tasks.pasted')} extra={t('tasks.pastedHelp')}>
        <Input.TextArea
          rows={4}
          aria-label={t('tasks.pasted')}
          placeholder="ann@example.com&#10;Bob <bob@example.com>"
        />
      </Form.Item>
      <Space align="start" style={{ marginBottom: 16 }}>
        <Button onClick={() => void recount()} loading={busy}>
          {t('tasks.countButton')}
        </Button>
        {count && (
          <Alert
            type={count.sendable > 0 ? 'success' : 'warning'}
            role="status"
            message={t('tasks.countResult', { count: count.sendable, skipped: count.skipped.length })}
            description={
              count.skipped.length > 0 && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {count.skipped
                    .slice(0, 8)
                    .map((s) => `${s.address} (${t(`tasks.skipReasons.${s.reason}`)})`)
                    .join(', ')}
                  {count.skipped.length > 8 ? ' …' : ''}
                </Typography.Text>
              )
            }
          />
        )}
      </Space>
    </>
  );
}
