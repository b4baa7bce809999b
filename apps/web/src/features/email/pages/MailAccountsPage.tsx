import {
  ApiOutlined,
  CheckCircleFilled,
  EditOutlined,
  ExclamationCircleFilled,
  LockOutlined,
  PlusOutlined,
  SyncOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import type { EmailAccount } from '@quayside/contract';
import { Button, Card, Empty, Progress, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime, timeAgo, toThousands } from '@/shared/format';
import { staffLabel, useStaff } from '@/shared/lookups/useStaff';
import { PageHeader } from '@/shared/ui/PageHeader';
import { accountBody, formValuesOf } from '../account-form';
import {
  type AccountTest,
  type SyncProgress,
  useEmailAccounts,
  useSaveAccount,
  useSyncProgress,
  useTestAccount,
} from '../api';
import { AccountDrawer, TestResult } from '../components/AccountDrawer';
import '../email.css';
import { useFeedback } from '@/shared/feedback';

function Server({ host, port, secure }: { host: string; port: number; secure: boolean }) {
  const { t } = useTranslation();
  if (!host) return <span className="muted">{t('email.accounts.notSet')}</span>;
  return (
    <span className="account-server">
      <Tooltip title={secure ? t('email.accounts.tlsOn') : t('email.accounts.tlsOff')}>
        {secure ? (
          <LockOutlined className="account-server__tls" />
        ) : (
          <UnlockOutlined className="account-server__plain" />
        )}
      </Tooltip>
      <span className="mono">
        {host}:{port}
      </span>
    </span>
  );
}

/** /email/accounts (admin): the company mail accounts, their sync state, add, edit, test, disable. */
export default function MailAccountsPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const accounts = useEmailAccounts({ live: true });
  const progress = useSyncProgress();
  const staff = useStaff(true);
  const save = useSaveAccount();
  const test = useTestAccount();
  const [editing, setEditing] = useState<EmailAccount | null | undefined>(undefined);
  const [testing, setTesting] = useState<number | null>(null);
  const [results, setResults] = useState<Record<number, AccountTest>>({});
  const names = new Map((staff.data ?? []).map((u) => [u.id, staffLabel(u)]));

  const toggle = async (a: EmailAccount, enabled: boolean) => {
    try {
      await save.mutateAsync({ ...accountBody(formValuesOf(a), a.id), enabled });
      void message.success(
        t(enabled ? 'email.accounts.enabledDone' : 'email.accounts.disabledDone', { address: a.address }),
      );
    } catch {
      // Shown by the request wrapper.
    }
  };
  const runTest = async (a: EmailAccount) => {
    setTesting(a.id);
    try {
      const result = await test.mutateAsync(accountBody(formValuesOf(a), a.id));
      setResults((r) => ({ ...r, [a.id]: result }));
    } catch {
      // Shown by the request wrapper.
    } finally {
      setTesting(null);
    }
  };

  return (
    <div className="page email-accounts">
      <PageHeader
        title={t('email.accounts.title')}
        subtitle={t('email.accounts.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t('email.accounts.new')}
          </Button>
        }
      />
      <Card variant="borderless" className="table-card">
        <Table<EmailAccount>
          rowKey="id"
          size="middle"
          className="list-table"
          loading={accounts.isLoading}
          dataSource={accounts.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <Empty description={t('email.accounts.empty')}>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
                  {t('email.accounts.new')}
                </Button>
              </Empty>
            ),
          }}
          expandable={{
            expandedRowKeys: Object.keys(results).map(Number),
            showExpandColumn: false,
            expandedRowRender: (a) =>
              results[a.id] ? (
                <TestResult result={results[a.id] as AccountTest} smtpConfigured={a.smtp_host !== ''} />
              ) : null,
          }}
          columns={[
            {
              key: 'account',
              title: t('email.accounts.account'),
              render: (_, a) => (
                <div className="account-cell">
                  <span className="account-cell__address">{a.address}</span>
                  {a.name && <span className="account-cell__name">{a.name}</span>}
                </div>
              ),
            },
            {
              key: 'servers',
              title: t('email.accounts.servers'),
              render: (_, a) => (
                <div className="account-servers">
                  <span className="account-servers__protocol">{t('email.accounts.imapShort')}</span>
                  <Server host={a.imap_host} port={a.imap_port} secure={a.imap_secure} />
                  <span className="account-servers__protocol">{t('email.accounts.smtpShort')}</span>
                  <Server host={a.smtp_host} port={a.smtp_port} secure={a.smtp_secure} />
                </div>
              ),
            },
            {
              key: 'users',
              title: t('email.accounts.users'),
              width: 180,
              render: (_, a) =>
                a.user_ids.length === 0 ? (
                  <span className="muted">{t('email.accounts.adminsOnly')}</span>
                ) : (
                  <Typography.Text ellipsis={{ tooltip: true }} className="account-cell__users">
                    {a.user_ids.map((id) => names.get(id) ?? `#${id}`).join(', ')}
                  </Typography.Text>
                ),
            },
            {
              key: 'sync',
              title: t('email.accounts.sync'),
              width: 200,
              render: (_, a) => <SyncState account={a} progress={progress.get(a.id)} />,
            },
            {
              key: 'enabled',
              title: t('email.accounts.enabled'),
              width: 90,
              render: (_, a) => (
                <Switch
                  size="small"
                  checked={a.enabled}
                  aria-label={t('email.accounts.enableName', { address: a.address })}
                  onChange={(v) => void toggle(a, v)}
                />
              ),
            },
            {
              key: 'actions',
              title: '',
              width: 150,
              fixed: 'right',
              render: (_, a) => (
                <Space size={4}>
                  <Button
                    size="small"
                    icon={<ApiOutlined />}
                    loading={testing === a.id}
                    onClick={() => void runTest(a)}
                  >
                    {t('email.accounts.testShort')}
                  </Button>
                  <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(a)}>
                    {t('common.edit')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {editing !== undefined && <AccountDrawer account={editing} onClose={() => setEditing(undefined)} />}
    </div>
  );
}

/** Last sync and last error of an account; while a big sync runs, how far it has come. */
function SyncState({ account: a, progress }: { account: EmailAccount; progress?: SyncProgress }) {
  const { t } = useTranslation();
  if (!a.enabled) return <Tag>{t('email.accounts.off')}</Tag>;
  if (progress)
    return (
      <div className="sync-state" data-testid="sync-progress">
        <span className="sync-state__running">
          <SyncOutlined spin />{' '}
          {t('email.accounts.syncing', {
            done: toThousands(progress.done),
            total: toThousands(progress.total),
          })}
        </span>
        <Progress
          percent={Math.floor((100 * progress.done) / Math.max(progress.total, 1))}
          size="small"
          showInfo={false}
        />
      </div>
    );
  return (
    <div className="sync-state">
      {a.last_error ? (
        <Tooltip title={a.last_error}>
          <span className="sync-state__error">
            <ExclamationCircleFilled /> <span className="sync-state__text">{a.last_error}</span>
          </span>
        </Tooltip>
      ) : (
        <span className="sync-state__ok">
          <CheckCircleFilled /> {t('email.accounts.syncOk')}
        </span>
      )}
      <Tooltip title={parseTime(a.last_synced_at) ?? ''}>
        <span className="sync-state__time">
          {a.last_synced_at
            ? t('email.accounts.lastSync', { time: timeAgo(a.last_synced_at, t) })
            : t('email.accounts.neverSynced')}
        </span>
      </Tooltip>
    </div>
  );
}
