import { Button, Form, Input, type InputRef, Select, Space } from 'antd';
import type { TFunction } from 'i18next';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Recipient } from '../addresses';
import type { SendAccount } from '../api';
import type { DraftFields } from '../draft-fields';
import type { Problem, SendField } from '../send-checks';
import { AddressField } from './AddressField';

type AddressRole = 'to' | 'cc' | 'bcc';

/** What a field shows under it: a send problem, else a malformed or blacklisted address. */
function fieldHelp(
  t: TFunction,
  problem: Problem | undefined,
  list: Recipient[] | undefined,
  blacklisted: ReadonlySet<string>,
): { status: 'error' | 'warning' | undefined; help: string | undefined } {
  if (problem) return { status: 'error', help: t(`compose.send.${problem.key}`, problem.values) };
  const bad = (list ?? []).filter((r) => !r.valid).map((r) => r.address);
  if (bad.length > 0) {
    return {
      status: 'warning',
      help: t('compose.address.invalidList', { list: bad.join(', '), count: bad.length }),
    };
  }
  const blocked = (list ?? []).filter((r) => r.valid && blacklisted.has(r.address.toLowerCase()));
  if (blocked.length > 0) {
    const list = blocked.map((r) => r.address).join(', ');
    return { status: 'warning', help: t('compose.address.blacklistedList', { list, count: blocked.length }) };
  }
  return { status: undefined, help: undefined };
}

const accountLabel = (a: SendAccount) => (a.name ? `${a.name} <${a.address}>` : a.address);

/** From, To (Cc and Bcc on a click), Subject. */
export function ComposeFields({
  form,
  accounts,
  problems,
  blacklisted,
  showCc,
  showBcc,
  onShowCc,
  onShowBcc,
  onChange,
  onAccountChange,
  onSubjectBlur,
  subjectRef,
  focusTo,
}: {
  form: DraftFields;
  accounts: SendAccount[];
  problems: Partial<Record<SendField, Problem>>;
  blacklisted: ReadonlySet<string>;
  showCc: boolean;
  showBcc: boolean;
  onShowCc: () => void;
  onShowBcc: () => void;
  onChange: (patch: Partial<DraftFields>) => void;
  onAccountChange: (accountId: number) => void;
  onSubjectBlur: () => void;
  subjectRef: RefObject<InputRef | null>;
  focusTo: boolean;
}) {
  const { t } = useTranslation();
  const taken = new Set([...form.to, ...form.cc, ...form.bcc].map((r) => r.address.toLowerCase()));
  const address = (role: AddressRole, label: string, extra?: React.ReactNode) => {
    const { status, help } = fieldHelp(t, problems[role], form[role], blacklisted);
    return (
      <Form.Item
        label={label}
        htmlFor={`compose-${role}`}
        validateStatus={status}
        help={help}
        className="compose-row"
      >
        <AddressField
          id={`compose-${role}`}
          label={label}
          value={form[role]}
          onChange={(next) => onChange({ [role]: next })}
          blacklisted={blacklisted}
          taken={taken}
          autoFocus={role === 'to' && focusTo}
          suffix={extra}
        />
      </Form.Item>
    );
  };
  const from = fieldHelp(t, problems.account_id, undefined, blacklisted);
  const subject = fieldHelp(t, problems.subject, undefined, blacklisted);

  return (
    <Form
      colon={false}
      labelAlign="left"
      labelCol={{ flex: '76px' }}
      className="compose-fields"
      component="div"
    >
      <Form.Item
        label={t('compose.from')}
        htmlFor="compose-from"
        validateStatus={from.status}
        help={from.help}
        className="compose-row"
      >
        <Select<number>
          id="compose-from"
          variant="borderless"
          // An account that cannot send now (switched off, or no longer the user's) shows no bare id.
          value={accounts.some((a) => a.id === form.account_id) ? form.account_id : undefined}
          placeholder={t('compose.noMailbox')}
          onChange={onAccountChange}
          options={accounts.map((a) => ({ value: a.id, label: accountLabel(a) }))}
          popupMatchSelectWidth={false}
          className="compose-from"
        />
      </Form.Item>
      {address(
        'to',
        t('compose.to'),
        (!showCc || !showBcc) && (
          <Space size={0} className="compose-row__toggles">
            {!showCc && (
              <Button type="link" size="small" onClick={onShowCc}>
                {t('compose.cc')}
              </Button>
            )}
            {!showBcc && (
              <Button type="link" size="small" onClick={onShowBcc}>
                {t('compose.bcc')}
              </Button>
            )}
          </Space>
        ),
      )}
      {showCc && address('cc', t('compose.cc'))}
      {showBcc && address('bcc', t('compose.bcc'))}
      <Form.Item
        label={t('compose.subject')}
        htmlFor="compose-subject"
        validateStatus={subject.status}
        help={subject.help}
        className="compose-row"
      >
        <Input
          id="compose-subject"
          ref={subjectRef}
          variant="borderless"
          value={form.subject}
          maxLength={998}
          onChange={(e) => onChange({ subject: e.target.value })}
          onBlur={onSubjectBlur}
          placeholder={t('compose.subjectPlaceholder')}
        />
      </Form.Item>
    </Form>
  );
}
