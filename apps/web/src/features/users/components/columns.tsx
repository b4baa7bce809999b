import {
  CheckCircleOutlined,
  EditOutlined,
  KeyOutlined,
  MoreOutlined,
  StopOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import type { Role, User } from '@quayside/contract';
import { Badge, Button, Dropdown, Popconfirm, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { parseTime } from '@/shared/format';
import type { ListColumn } from '@/shared/list/ListTable';
import { UserAvatar } from '@/shared/ui/UserAvatar';

/** One colour per role, so that a list of mixed roles reads at a glance. */
const ROLE_COLORS: Record<Role, string> = { admin: 'geekblue', sales: 'green', editor: 'cyan' };

/** The user: avatar, name (with "you") and @username; always shown, sorted by name. */
export function userColumn(t: TFunction, meId: number | undefined): ListColumn<User> {
  return {
    key: 'user',
    label: t('users.name'),
    title: t('users.name'),
    sortField: 'name',
    fixed: 'left',
    width: 240,
    ellipsis: true,
    render: (_, u) => (
      <Space size={12}>
        <UserAvatar name={u.name || u.username} src={u.avatar} size={36} />
        <div className="user-cell">
          <div className="user-cell__name">
            <span className="user-cell__text" title={u.name}>
              {u.name}
            </span>
            {meId === u.id && <Tag className="user-cell__you">{t('users.you')}</Tag>}
          </div>
          <Typography.Text type="secondary" className="user-cell__username" title={`@${u.username}`}>
            @{u.username}
          </Typography.Text>
        </div>
      </Space>
    ),
  };
}

/** The columns the user can choose in the column chooser. */
export function userColumns(t: TFunction): ListColumn<User>[] {
  return [
    {
      key: 'username',
      label: t('users.username'),
      title: t('users.username'),
      dataIndex: 'username',
      sortField: 'username',
      width: 200,
      ellipsis: true,
      defaultHidden: true,
    },
    {
      key: 'roles',
      label: t('users.roles'),
      title: t('users.roles'),
      dataIndex: 'roles',
      width: 160,
      render: (roles: Role[]) => (
        <Space size={4} wrap>
          {roles.map((r) => (
            <Tag key={r} color={ROLE_COLORS[r]}>
              {t(`roles.${r}`)}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'status',
      label: t('users.status'),
      title: t('users.status'),
      dataIndex: 'disabled',
      width: 110,
      render: (disabled: boolean) =>
        disabled ? (
          <Badge status="default" text={t('common.disabled')} />
        ) : (
          <Badge status="success" text={t('common.enabled')} />
        ),
    },
    {
      key: 'created_at',
      label: t('users.createdAt'),
      title: t('users.createdAt'),
      dataIndex: 'created_at',
      sortField: 'created_at',
      descendFirst: true,
      width: 170,
      render: (v: string) => parseTime(v),
    },
  ];
}

/**
 * Edit, reset password, hand her customers to someone else, disable/enable (not oneself), at the end of the row. Not fixed: their
 * labelled buttons would cover a phone's screen; the row scrolls to them there.
 */
export function userActions(
  t: TFunction,
  meId: number | undefined,
  on: {
    edit: (u: User) => void;
    resetPassword: (u: User) => void;
    transferCustomers: (u: User) => void;
    toggleDisabled: (u: User) => unknown;
  },
): ListColumn<User> {
  return {
    key: 'actions',
    label: t('common.actions'),
    title: t('common.actions'),
    width: 330,
    render: (_, u) => (
      <Space size={0}>
        <Button type="link" size="small" icon={<EditOutlined />} onClick={() => on.edit(u)}>
          {t('common.edit')}
        </Button>
        <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => on.resetPassword(u)}>
          {t('users.resetPassword')}
        </Button>
        {meId !== u.id && (
          <Popconfirm
            title={t(u.disabled ? 'users.enableConfirm' : 'users.disableConfirm', { name: u.name })}
            okText={t(u.disabled ? 'users.enable' : 'users.disable')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: !u.disabled }}
            onConfirm={() => on.toggleDisabled(u)}
          >
            <Button
              type="link"
              size="small"
              danger={!u.disabled}
              icon={u.disabled ? <CheckCircleOutlined /> : <StopOutlined />}
            >
              {t(u.disabled ? 'users.enable' : 'users.disable')}
            </Button>
          </Popconfirm>
        )}
        {/* Rarer (a salesperson leaves): one click further, so the row fits a laptop's width. */}
        <Dropdown
          trigger={['click']}
          menu={{
            items: [{ key: 'transfer', icon: <UserSwitchOutlined />, label: t('users.transferCustomers') }],
            onClick: () => on.transferCustomers(u),
          }}
        >
          <Button
            type="text"
            size="small"
            icon={<MoreOutlined />}
            aria-label={t('users.moreActions', { name: u.name })}
          />
        </Dropdown>
      </Space>
    ),
  };
}
