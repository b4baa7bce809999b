import {
  CheckCircleOutlined,
  EditOutlined,
  KeyOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { ROLES, type Role, type User } from '@quayside/contract';
import {
  App,
  Badge,
  Button,
  Card,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime } from '@/shared/format';
import { useSavedSearch } from '@/shared/saved-search';
import { useUser } from '@/shared/session';
import { PageHeader } from '@/shared/ui/PageHeader';
import { DEFAULT_PAGE_SIZE, paginationConfig } from '@/shared/ui/pagination';
import { UserAvatar } from '@/shared/ui/UserAvatar';
import { useSetDisabled, useUserList } from '../api';
import { ResetPasswordModal } from '../components/ResetPasswordModal';
import { UserFormModal } from '../components/UserFormModal';

type StatusFilter = 'all' | 'active' | 'disabled';

interface SearchForm {
  q: string;
  role: Role | 'all';
  status: StatusFilter;
  page_size: number;
}

const EMPTY_SEARCH: SearchForm = { q: '', role: 'all', status: 'all', page_size: DEFAULT_PAGE_SIZE };

/** Admin-only Users screen: list with a saved search form, create, edit, disable, roles, reset password. */
export default function UserListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const me = useUser();
  const [search, saveSearch] = useSavedSearch<SearchForm>('users', EMPTY_SEARCH);
  const [page, setPage] = useState(1);
  const [form] = Form.useForm<SearchForm>();
  const [editing, setEditing] = useState<User | null | undefined>(undefined);
  const [resetting, setResetting] = useState<User | null>(null);
  const setDisabled = useSetDisabled();

  const { data, isFetching, refetch } = useUserList({
    page,
    page_size: search.page_size,
    q: search.q.trim() || undefined,
    role: search.role === 'all' ? undefined : search.role,
    disabled: search.status === 'all' ? undefined : search.status === 'disabled',
  });

  const apply = (values: Partial<SearchForm>) => {
    saveSearch({ ...search, ...values });
    setPage(1);
  };

  const toggleDisabled = async (user: User) => {
    const disabled = !user.disabled;
    await setDisabled.mutateAsync({ id: user.id, disabled });
    void message.success(t(disabled ? 'users.disabledDone' : 'users.enabledDone', { name: user.name }));
  };

  const columns: ColumnsType<User> = [
    {
      title: t('users.name'),
      key: 'user',
      render: (_, u) => (
        <Space size={12}>
          <UserAvatar name={u.name || u.username} src={u.avatar} size={36} />
          <div className="user-cell">
            <div className="user-cell__name">
              {u.name}
              {me?.id === u.id && <Tag className="user-cell__you">{t('users.you')}</Tag>}
            </div>
            <Typography.Text type="secondary" className="user-cell__username">
              @{u.username}
            </Typography.Text>
          </div>
        </Space>
      ),
    },
    {
      title: t('users.roles'),
      dataIndex: 'roles',
      render: (roles: Role[]) => (
        <Space size={4} wrap>
          {roles.map((r) => (
            <Tag key={r} color={r === 'admin' ? 'geekblue' : 'cyan'}>
              {t(`roles.${r}`)}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('users.status'),
      dataIndex: 'disabled',
      width: 120,
      render: (disabled: boolean) =>
        disabled ? (
          <Badge status="default" text={t('common.disabled')} />
        ) : (
          <Badge status="success" text={t('common.enabled')} />
        ),
    },
    {
      title: t('users.createdAt'),
      dataIndex: 'created_at',
      width: 180,
      render: (v: string) => parseTime(v),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 260,
      render: (_, u) => (
        <Space size={0} wrap>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(u)}>
            {t('common.edit')}
          </Button>
          <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => setResetting(u)}>
            {t('users.resetPassword')}
          </Button>
          {me?.id !== u.id && (
            <Popconfirm
              title={t(u.disabled ? 'users.enableConfirm' : 'users.disableConfirm', { name: u.name })}
              okText={t(u.disabled ? 'users.enable' : 'users.disable')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: !u.disabled }}
              onConfirm={() => toggleDisabled(u)}
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
        </Space>
      ),
    },
  ];

  return (
    <div className="page">
      <PageHeader
        title={t('users.title')}
        subtitle={t('users.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t('users.new')}
          </Button>
        }
      />
      <Card variant="borderless" className="search-card">
        <Form<SearchForm>
          form={form}
          layout="inline"
          name="user-search"
          initialValues={search}
          onFinish={(values) => apply(values)}
          className="search-form"
        >
          <Form.Item name="q">
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder={t('users.searchPlaceholder')}
              style={{ width: 240 }}
            />
          </Form.Item>
          <Form.Item name="role" label={t('users.role')}>
            <Select
              style={{ width: 150 }}
              options={[
                { value: 'all', label: t('common.all') },
                ...ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) })),
              ]}
            />
          </Form.Item>
          <Form.Item name="status" label={t('users.status')}>
            <Select
              style={{ width: 130 }}
              options={[
                { value: 'all', label: t('common.all') },
                { value: 'active', label: t('common.enabled') },
                { value: 'disabled', label: t('common.disabled') },
              ]}
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('common.search')}
              </Button>
              <Button
                onClick={() => {
                  form.setFieldsValue(EMPTY_SEARCH);
                  apply({ ...EMPTY_SEARCH, page_size: search.page_size });
                }}
              >
                {t('common.reset')}
              </Button>
            </Space>
          </Form.Item>
          <Tooltip title={t('tags.refresh')}>
            <Button
              className="search-form__refresh"
              type="text"
              aria-label={t('tags.refresh')}
              icon={<ReloadOutlined spin={isFetching} />}
              onClick={() => void refetch()}
            />
          </Tooltip>
        </Form>
      </Card>

      <Card variant="borderless" className="table-card">
        <Table<User>
          rowKey="id"
          columns={columns}
          dataSource={data?.items ?? []}
          loading={isFetching && !data}
          locale={{ emptyText: t('users.empty') }}
          scroll={{ x: 860 }}
          pagination={paginationConfig(
            t,
            { page, pageSize: search.page_size, total: data?.total ?? 0 },
            (nextPage, pageSize) => {
              if (pageSize !== search.page_size) {
                saveSearch({ ...search, page_size: pageSize });
                setPage(1);
              } else setPage(nextPage);
            },
          )}
        />
      </Card>

      {editing !== undefined && <UserFormModal user={editing} open onClose={() => setEditing(undefined)} />}
      {resetting && <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />}
    </div>
  );
}
