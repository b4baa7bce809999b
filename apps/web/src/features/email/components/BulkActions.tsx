import {
  CheckCircleOutlined,
  DeleteOutlined,
  DownOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  RedoOutlined,
  StopOutlined,
  TagOutlined,
  UndoOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import type { EmailFolder, EmailStatusId, EmailTypeId } from '@quayside/contract';
import { Button, Dropdown, Popconfirm, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';
import { useLookups } from '@/shared/lookups/useLookups';
import { staffLabel, useStaff } from '@/shared/lookups/useStaff';
import { useCanOpen } from '@/shared/routes/pages';
import { actionDoneKey, type EmailAction } from '../actions';
import { useEmailAction } from '../api';
import { useRetrySend } from '../compose/api';
import { BlockSendersDialog } from './BlockSendersDialog';

/** Runs an action and confirms it; trashing offers an undo. */
export function useRunAction() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const action = useEmailAction();
  /** True when done; a refusal was already shown by the request wrapper. */
  const run = async (a: EmailAction): Promise<boolean> => {
    try {
      await action.mutateAsync(a);
    } catch {
      return false;
    }
    const text = t(actionDoneKey(a), { count: a.ids.length });
    if (a.kind !== 'trash') {
      void message.success(text);
      return true;
    }
    const key = `trash-${a.ids.join(',')}`;
    void message.success({
      key,
      duration: 6,
      content: (
        <span>
          {text}{' '}
          <Button
            type="link"
            size="small"
            className="undo-link"
            onClick={() => {
              message.destroy(key);
              void action
                .mutateAsync({ kind: 'restore', ids: a.ids })
                .then(() => message.success(t('email.done.restore', { count: a.ids.length })))
                .catch(() => {});
            }}
          >
            {t('email.undo')}
          </Button>
        </span>
      ),
    });
    return true;
  };
  return { run, pending: action.isPending };
}

/** What can be done to the selected emails of a folder. */
export function BulkActions({
  folder,
  ids,
  senders,
  onLeave,
}: {
  folder: EmailFolder;
  ids: number[];
  /** Sender addresses of the selected emails (for blocking). */
  senders: string[];
  /** The selected emails left the folder (trash, restore, delete): the selection is over. */
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const lookups = useLookups();
  const staff = useStaff(true);
  const { run, pending } = useRunAction();
  const retry = useRetrySend();
  const [blocking, setBlocking] = useState(false);
  const mayBlock = useCanOpen()('/email/blacklist');
  const inTrash = folder === 'trash';

  const leave = async (a: EmailAction) => {
    if (await run(a)) onLeave();
  };

  return (
    <Space size={6} wrap>
      <Tooltip title={t('email.markRead')}>
        <Button
          size="small"
          icon={<EyeOutlined />}
          aria-label={t('email.markRead')}
          onClick={() => void run({ kind: 'read', ids, read: true })}
        />
      </Tooltip>
      <Tooltip title={t('email.markUnread')}>
        <Button
          size="small"
          icon={<EyeInvisibleOutlined />}
          aria-label={t('email.markUnread')}
          onClick={() => void run({ kind: 'read', ids, read: false })}
        />
      </Tooltip>
      <Dropdown
        trigger={['click']}
        menu={{
          items: lookups.options<string>('email_type').map((o) => ({ key: o.value, label: o.label })),
          onClick: ({ key }) => void run({ kind: 'type', ids, type: key as EmailTypeId }),
        }}
      >
        <Button size="small" icon={<TagOutlined />}>
          {t('email.setType')} <DownOutlined />
        </Button>
      </Dropdown>
      <Dropdown
        trigger={['click']}
        menu={{
          items: lookups.options<string>('email_status').map((o) => ({ key: o.value, label: o.label })),
          onClick: ({ key }) => void run({ kind: 'status', ids, status: key as EmailStatusId }),
        }}
      >
        <Button size="small" icon={<CheckCircleOutlined />}>
          {t('email.setStatus')} <DownOutlined />
        </Button>
      </Dropdown>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            ...(staff.data ?? []).map((u) => ({ key: String(u.id), label: staffLabel(u) })),
            { type: 'divider' as const },
            { key: 'none', label: t('email.noHandler') },
          ],
          onClick: ({ key }) => {
            const user = staff.data?.find((u) => String(u.id) === key);
            void run({
              kind: 'handler',
              ids,
              handlerId: user ? user.id : null,
              handlerName: user ? staffLabel(user) : '',
            });
          },
        }}
      >
        <Button size="small" icon={<UserSwitchOutlined />}>
          {t('email.setHandler')} <DownOutlined />
        </Button>
      </Dropdown>
      {folder === 'outbox' && (
        <Tooltip title={t('compose.outbox.retryHint')}>
          <Button
            size="small"
            icon={<RedoOutlined />}
            loading={retry.isPending}
            onClick={() => retry.mutate(ids)}
          >
            {t('compose.outbox.retry')}
          </Button>
        </Tooltip>
      )}
      {/* The blacklist is the admin's: a salesperson is not offered it. */}
      {mayBlock && (
        <Button
          size="small"
          icon={<StopOutlined />}
          onClick={() => setBlocking(true)}
          disabled={senders.length === 0}
        >
          {t('email.block.action')}
        </Button>
      )}
      {inTrash ? (
        <>
          <Button
            size="small"
            icon={<UndoOutlined />}
            loading={pending}
            onClick={() => void leave({ kind: 'restore', ids })}
          >
            {t('email.restore')}
          </Button>
          <Popconfirm
            title={t('email.deleteConfirm', { count: ids.length })}
            description={t('email.deleteConfirmHint')}
            okText={t('email.deleteForever')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => leave({ kind: 'delete', ids })}
          >
            <Button size="small" danger icon={<DeleteOutlined />}>
              {t('email.deleteForever')}
            </Button>
          </Popconfirm>
        </>
      ) : (
        <Tooltip title={t('email.trashHint')}>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            loading={pending}
            onClick={() => void leave({ kind: 'trash', ids })}
          >
            {t('email.trash')}
          </Button>
        </Tooltip>
      )}
      {blocking && (
        <BlockSendersDialog
          addresses={senders}
          emailIds={ids}
          canTrash={!inTrash}
          onClose={() => setBlocking(false)}
          onDone={onLeave}
        />
      )}
    </Space>
  );
}
