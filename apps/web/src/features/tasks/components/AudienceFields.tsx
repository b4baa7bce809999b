import type { TaskAudienceCount } from '@quayside/contract';
import { Alert, Button, Checkbox, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LookupSelect } from '@/shared/lookups/LookupSelect';
import { countAudience, type TaskAudienceBody } from '../api';

export type AudienceValues = {
  use_filter: boolean;
  grade?: number[];
  source?: number[];
  nation?: number[];
  mine?: boolean;
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
          ...(v.mine ? { owner: 'me' } : {}),
        }
      : null,
    addresses: (v.addresses_text ?? '').split('\n').filter((l) => l.trim()),
  };
}

/** Customers by the list's filters and/or pasted addresses, with the count before saving. */
export function AudienceFields({ read }: { read: () => AudienceValues }) {
  const { t } = useTranslation();
  const [count, setCount] = useState<TaskAudienceCount | null>(null);
  const [busy, setBusy] = useState(false);
  const useFilter = Form.useWatch('use_filter');

  const recount = async () => {
    setBusy(true);
    try {
      setCount(await countAudience(audienceBody(read())));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Form.Item name="use_filter" valuePropName="checked" style={{ marginBottom: 8 }}>
        <Checkbox>{t('tasks.byFilter')}</Checkbox>
      </Form.Item>
      {useFilter && (
        <Space wrap align="start">
          <Form.Item name="grade" label={t('tasks.grade')}>
            <LookupSelect
              table="grade"
              mode="multiple"
              style={{ minWidth: 160 }}
              aria-label={t('tasks.grade')}
            />
          </Form.Item>
          <Form.Item name="source" label={t('tasks.source')}>
            <LookupSelect
              table="source"
              mode="multiple"
              style={{ minWidth: 160 }}
              aria-label={t('tasks.source')}
            />
          </Form.Item>
          <Form.Item name="nation" label={t('tasks.nation')}>
            <LookupSelect
              table="nation"
              mode="multiple"
              style={{ minWidth: 200 }}
              aria-label={t('tasks.nation')}
            />
          </Form.Item>
          <Form.Item name="mine" valuePropName="checked" label=" ">
            <Checkbox>{t('tasks.myCustomers')}</Checkbox>
          </Form.Item>
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
