import { PlusOutlined } from '@ant-design/icons';
import type { User } from '@quayside/contract';
import { Button, Card, Empty, type InputRef } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { toThousands } from '@/shared/format';
import { useHotkeys } from '@/shared/list/hotkeys';
import { type ListPaging, ListTable } from '@/shared/list/ListTable';
import { ListToolbar } from '@/shared/list/ListToolbar';
import { activeFilterCount, listParams, parseListState, serializeListState } from '@/shared/list/url-state';
import { useColumnPrefs } from '@/shared/list/useColumnPrefs';
import { useListState } from '@/shared/list/useListState';
import { useRememberedSearch } from '@/shared/list/useRememberedSearch';
import { TransferDialog } from '@/shared/pool/TransferDialog';
import { useUser } from '@/shared/session';
import { PageHeader } from '@/shared/ui/PageHeader';
import { useSetDisabled, useUserList } from '../api';
import { userActions, userColumn, userColumns } from '../components/columns';
import { ResetPasswordModal } from '../components/ResetPasswordModal';
import { UserFilters } from '../components/UserFilters';
import { UserFormModal } from '../components/UserFormModal';
import { USER_LIST, USER_PREFS } from '../list-config';
import '../users.css';
import { useFeedback } from '@/shared/feedback';

/**
 * Admin-only /user/list on the list kit, as the customer list: search, filters, sort and pages in
 * the URL (the last search comes back to a plain URL), the user's columns; create, edit, disable,
 * roles, reset password, transfer a user's customers (issue 32).
 */
export default function UserListPage() {
  const { search: openedWith } = useLocation();
  const { t } = useTranslation();
  const { message } = useFeedback();
  const me = useUser();
  const scope = useRef<HTMLDivElement>(null);
  const searchRef = useRef<InputRef>(null);

  const { state, update, reset, replace } = useListState(USER_LIST);
  const params = useMemo(() => listParams(state), [state]);
  const list = useUserList(params);
  const total = list.data?.total;

  const current = serializeListState({ ...state, page: 1 }, USER_LIST);
  const applySearch = useCallback(
    (s: string) => replace({ ...parseListState(s, USER_LIST), pageSize: state.pageSize }),
    [replace, state.pageSize],
  );
  useRememberedSearch(USER_PREFS.search, openedWith, current, applySearch);

  const columns = useMemo(() => userColumns(t), [t]);
  const prefs = useColumnPrefs(USER_PREFS.columns, columns);

  const [editing, setEditing] = useState<User | null | undefined>(undefined);
  const [resetting, setResetting] = useState<User | null>(null);
  const [transferring, setTransferring] = useState<User | null>(null);
  const setDisabled = useSetDisabled();

  useHotkeys(scope, {
    '/': () => searchRef.current?.focus(),
    n: () => setEditing(null),
  });

  const onPaging = useCallback((change: Partial<ListPaging>) => update(change), [update]);

  const toggleDisabled = async (user: User) => {
    const disabled = !user.disabled;
    await setDisabled.mutateAsync({ id: user.id, disabled });
    void message.success(t(disabled ? 'users.disabledDone' : 'users.enabledDone', { name: user.name }));
  };
  const actions = userActions(t, me?.id, {
    edit: setEditing,
    resetPassword: setResetting,
    transferCustomers: setTransferring,
    toggleDisabled,
  });

  const filtered = activeFilterCount(state) > 0;
  const empty = filtered ? (
    <Empty description={t('users.empty')}>
      <Button onClick={reset}>{t('list.clearFilters')}</Button>
    </Empty>
  ) : undefined;

  return (
    <div className="page user-list" ref={scope}>
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
        <UserFilters state={state} update={update} reset={reset} searchRef={searchRef} />
      </Card>

      <Card variant="borderless" className="table-card">
        <ListToolbar
          summary={
            total === undefined ? '' : t('users.count', { count: total, formatted: toThousands(total) })
          }
          filtered={filtered}
          columns={columns}
          prefs={prefs}
          list={list}
        />
        <ListTable<User>
          rowKey="id"
          columns={columns}
          settings={prefs.settings}
          pinStart={[userColumn(t, me?.id)]}
          pinEnd={[actions]}
          data={prefs.loaded ? list.data : undefined}
          loading={(list.isFetching && !list.data) || !prefs.loaded}
          paging={state}
          defaultSort={USER_LIST.defaultSort}
          onPagingChange={onPaging}
          empty={list.data ? empty : undefined}
        />
      </Card>

      {editing !== undefined && <UserFormModal user={editing} open onClose={() => setEditing(undefined)} />}
      {resetting && <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />}
      {transferring && <TransferDialog fromUserId={transferring.id} onClose={() => setTransferring(null)} />}
    </div>
  );
}
