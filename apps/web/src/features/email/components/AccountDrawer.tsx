import { ApiOutlined, CheckCircleFilled, CloseCircleFilled, MinusCircleFilled } from '@ant-design/icons';
import type { EmailAccount } from '@quayside/contract';
import { Alert, Button, Drawer, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';
import { useFormOverlay } from '@/shared/form/useFormOverlay';
import { useSubmit } from '@/shared/form/useSubmit';
import { showFormError } from '@/shared/form-errors';
import { parseTime } from '@/shared/format';
import { staffOptions, useStaff } from '@/shared/lookups/useStaff';
import {
  type AccountFormValues,
  accountBody,
  formValuesOf,
  guessSmtpHost,
  portAfterTls,
  testPassed,
} from '../account-form';
import { type AccountTest, useSaveAccount, useTestAccount } from '../api';

/** Add or edit a mail account: IMAP and SMTP settings, who may use it, and a connection test. */
export function AccountDrawer({ account, onClose }: { account: EmailAccount | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<AccountFormValues>();
  const staff = useStaff(true);
  const save = useSaveAccount();
  const test = useTestAccount();
  const [result, setResult] = useState<AccountTest | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  // The answer shows at the top of the form: bring it into view from the button at the bottom.
  useEffect(() => {
    if (result) resultRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [result]);
  const editing = account !== null;
  const initial = formValuesOf(account);
  // What the address and IMAP host were, to tell a field filled in for the admin from one they typed.
  const before = useRef({ address: initial.address, imapHost: initial.imap_host });

  const { requestClose, leave } = useFormOverlay('account-form', () => form.isFieldsTouched(), onClose);
  const { submit, submitting } = useSubmit(async (values: AccountFormValues) => {
    try {
      const saved = await save.mutateAsync(accountBody(values, account?.id ?? null));
      void message.success(
        t(editing ? 'email.accounts.saved' : 'email.accounts.created', { address: saved.address }),
      );
      leave();
    } catch (err) {
      showFormError(form, err);
    }
  });

  const runTest = async () => {
    setResult(null);
    try {
      const values = await form.validateFields();
      setResult(await test.mutateAsync(accountBody(values, account?.id ?? null)));
    } catch (err) {
      showFormError(form, err);
    }
  };

  // Filling in as the admin types: the login is usually the address, SMTP sits beside IMAP.
  const onValuesChange = (changed: Partial<AccountFormValues>, all: AccountFormValues) => {
    if (changed.address !== undefined) {
      for (const field of ['imap_user', 'smtp_user'] as const) {
        if (!all[field] || all[field] === before.current.address) form.setFieldValue(field, changed.address);
      }
      before.current.address = changed.address;
    }
    if (changed.imap_host !== undefined) {
      if (!all.smtp_host || all.smtp_host === guessSmtpHost(before.current.imapHost))
        form.setFieldValue('smtp_host', guessSmtpHost(changed.imap_host));
      before.current.imapHost = changed.imap_host;
    }
    if ('imap_secure' in changed)
      form.setFieldValue('imap_port', portAfterTls('imap', Boolean(changed.imap_secure), all.imap_port));
    if ('smtp_secure' in changed)
      form.setFieldValue('smtp_port', portAfterTls('smtp', Boolean(changed.smtp_secure), all.smtp_port));
    setResult(null);
  };

  const unchanged = t('email.accounts.unchanged');

  return (
    <Drawer
      open
      size={620}
      title={
        editing ? t('email.accounts.editTitle', { address: account.address }) : t('email.accounts.newTitle')
      }
      onClose={requestClose}
      destroyOnHidden
      footer={
        <div className="account-drawer__footer">
          <Button icon={<ApiOutlined />} loading={test.isPending} onClick={() => void runTest()}>
            {t('email.accounts.test')}
          </Button>
          <Space>
            <Button onClick={requestClose}>{t('common.cancel')}</Button>
            <Button type="primary" loading={submitting} onClick={() => form.submit()}>
              {editing ? t('common.save') : t('common.create')}
            </Button>
          </Space>
        </div>
      }
    >
      {account?.last_error && (
        <Alert
          type="error"
          showIcon
          className="account-drawer__alert"
          title={t('email.accounts.lastError')}
          description={account.last_error}
        />
      )}
      {result && (
        <div ref={resultRef}>
          <TestResult result={result} smtpConfigured={Boolean(form.getFieldValue('smtp_host'))} />
        </div>
      )}
      <Form<AccountFormValues>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={initial}
        onValuesChange={onValuesChange}
        onFinish={(v) => void submit(v)}
        className="account-form"
      >
        <div className="account-form__pair">
          <Form.Item
            name="address"
            label={t('email.accounts.address')}
            rules={[
              { required: true, message: t('email.accounts.addressRequired') },
              { type: 'email', message: t('email.accounts.addressInvalid') },
            ]}
          >
            <Input autoFocus={!editing} placeholder="sales@yourcompany.com" maxLength={254} />
          </Form.Item>
          <Form.Item name="name" label={t('email.accounts.name')}>
            <Input placeholder={t('email.accounts.namePlaceholder')} maxLength={100} />
          </Form.Item>
        </div>
        <div className="account-form__pair">
          <Form.Item name="user_ids" label={t('email.accounts.users')} extra={t('email.accounts.usersHint')}>
            <Select<number[]>
              mode="multiple"
              allowClear
              placeholder={t('email.accounts.usersPlaceholder')}
              options={staffOptions(staff.data)}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
          <Form.Item
            name="enabled"
            label={t('email.accounts.enabled')}
            valuePropName="checked"
            extra={t('email.accounts.enabledHint')}
          >
            <Switch />
          </Form.Item>
        </div>

        <ServerFields
          protocol="imap"
          required
          editing={editing}
          hasPassword={Boolean(account?.has_imap_password)}
          unchanged={unchanged}
        />
        <ServerFields
          protocol="smtp"
          required={false}
          editing={editing}
          hasPassword={Boolean(account?.has_smtp_password)}
          unchanged={unchanged}
        />

        <Form.Item
          name="signature"
          label={t('email.accounts.signature')}
          extra={t('email.accounts.signatureHint')}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={20_000} />
        </Form.Item>
        {account && (
          <p className="account-form__synced">
            {account.last_synced_at
              ? t('email.accounts.syncedAt', { time: parseTime(account.last_synced_at) })
              : t('email.accounts.neverSynced')}
          </p>
        )}
      </Form>
    </Drawer>
  );
}

/** Host, port, TLS, login and password of one protocol. */
function ServerFields({
  protocol,
  required,
  editing,
  hasPassword,
  unchanged,
}: {
  protocol: 'imap' | 'smtp';
  required: boolean;
  editing: boolean;
  hasPassword: boolean;
  unchanged: string;
}) {
  const { t } = useTranslation();
  const p = protocol;
  const needsPassword = p === 'imap' && !(editing && hasPassword);
  return (
    <fieldset className="account-form__server">
      <legend>{t(`email.accounts.${p}`)}</legend>
      <div className="account-form__host">
        <Form.Item
          name={`${p}_host`}
          label={t('email.accounts.host')}
          rules={required ? [{ required: true, message: t('email.accounts.hostRequired') }] : []}
          extra={p === 'smtp' ? t('email.accounts.smtpHint') : undefined}
        >
          <Input placeholder={`${p}.yourcompany.com`} maxLength={253} />
        </Form.Item>
        <Form.Item
          name={`${p}_port`}
          label={t('email.accounts.port')}
          rules={[{ required: true, message: t('email.accounts.portRequired') }]}
        >
          <InputNumber min={1} max={65535} precision={0} className="full-width" />
        </Form.Item>
        <Form.Item name={`${p}_secure`} label={t('email.accounts.tls')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </div>
      <div className="account-form__pair">
        <Form.Item
          name={`${p}_user`}
          label={t('email.accounts.user')}
          rules={required ? [{ required: true, message: t('email.accounts.userRequired') }] : []}
        >
          <Input autoComplete="off" maxLength={254} />
        </Form.Item>
        <Form.Item
          name={`${p}_password`}
          label={t('email.accounts.password')}
          rules={needsPassword ? [{ required: true, message: t('email.accounts.passwordRequired') }] : []}
          extra={editing && hasPassword ? t('email.accounts.passwordKept') : undefined}
        >
          <Input.Password
            autoComplete="new-password"
            maxLength={500}
            placeholder={editing && hasPassword ? unchanged : undefined}
          />
        </Form.Item>
      </div>
    </fieldset>
  );
}

/**
 * The connection test: per protocol, ok or what the server said. An account without an SMTP
 * server only receives: that is a choice, not a failure.
 */
export function TestResult({ result, smtpConfigured }: { result: AccountTest; smtpConfigured: boolean }) {
  const { t } = useTranslation();
  const rows = (['imap', 'smtp'] as const)
    .map((p) => ({ p, ok: testPassed(result[p]), text: result[p] }))
    .filter((r) => r.p === 'imap' || smtpConfigured);
  const allOk = rows.every((r) => r.ok);
  return (
    <Alert
      type={allOk ? 'success' : rows.some((r) => r.ok) ? 'warning' : 'error'}
      className="account-test"
      title={allOk ? t('email.accounts.testOk') : t('email.accounts.testProblems')}
      description={
        <ul className="account-test__list" data-testid="account-test">
          {rows.map((r) => (
            <li key={r.p} className={r.ok ? 'account-test__ok' : 'account-test__bad'}>
              {r.ok ? <CheckCircleFilled /> : <CloseCircleFilled />}
              <strong>{t(`email.accounts.${r.p}Short`)}</strong>
              <span>{r.ok ? t('email.accounts.connected') : r.text}</span>
            </li>
          ))}
          {!smtpConfigured && (
            <li className="account-test__off">
              <MinusCircleFilled />
              <strong>{t('email.accounts.smtpShort')}</strong>
              <span>{t('email.accounts.receiveOnly')}</span>
            </li>
          )}
        </ul>
      }
    />
  );
}
