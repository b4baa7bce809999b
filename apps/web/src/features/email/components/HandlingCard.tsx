import type { EmailDetail, EmailStatusId, EmailTypeId } from '@quayside/contract';
import { Card, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseTime } from '@/shared/format';
import { LookupSelect } from '@/shared/lookups/LookupSelect';
import { staffLabel, staffOptions, useStaff } from '@/shared/lookups/useStaff';
import { useRunAction } from './BulkActions';

/** Type, status and handler of one email, changed in place (spec: change_type, update_status, update_handler). */
export function HandlingCard({ email }: { email: EmailDetail }) {
  const { t } = useTranslation();
  const staff = useStaff(true);
  const { run } = useRunAction();
  const ids = [email.id];
  const handlerOptions = [
    // The current handler stays listed even when disabled since.
    ...(email.handler_id && !staff.data?.some((u) => u.id === email.handler_id)
      ? [{ value: email.handler_id, label: email.handler_name }]
      : []),
    ...staffOptions(staff.data),
  ];

  return (
    <Card variant="borderless" size="small" className="side-card" title={t('email.handling')}>
      <div className="handling">
        <div className="handling__field">
          <span className="handling__label">{t('email.col.type')}</span>
          <LookupSelect<string>
            table="email_type"
            allowClear={false}
            aria-label={t('email.col.type')}
            value={email.type}
            onChange={(v) => v && void run({ kind: 'type', ids, type: v as EmailTypeId })}
          />
        </div>
        <div className="handling__field">
          <span className="handling__label">{t('email.col.status')}</span>
          <LookupSelect<string>
            table="email_status"
            allowClear={false}
            aria-label={t('email.col.status')}
            value={email.status}
            onChange={(v) => v && void run({ kind: 'status', ids, status: v as EmailStatusId })}
          />
        </div>
        <div className="handling__field">
          <span className="handling__label">{t('email.col.handler')}</span>
          <Select<number>
            allowClear
            aria-label={t('email.col.handler')}
            placeholder={t('email.noHandler')}
            value={email.handler_id ?? undefined}
            options={handlerOptions}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(v) => {
              const user = staff.data?.find((u) => u.id === v);
              void run({
                kind: 'handler',
                ids,
                handlerId: v ?? null,
                handlerName: user ? staffLabel(user) : '',
              });
            }}
          />
        </div>
        {email.read_at && (
          <div className="handling__read">
            {t('email.readAt', { time: parseTime(email.read_at, '{y}-{m}-{d} {h}:{i}') })}
          </div>
        )}
      </div>
    </Card>
  );
}
