import {
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  SettingOutlined,
  TeamOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import type { Customer } from '@quayside/contract';
import { Button, Card, Dropdown, type InputRef, Space, Tooltip } from 'antd';
import { type Key, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toThousands } from '@/shared/format';
import { BulkBar } from '@/shared/list/BulkBar';
import { useHotkeys } from '@/shared/list/hotkeys';
import { ImportDialog } from '@/shared/list/ImportDialog';
import { ListEmpty } from '@/shared/list/ListEmpty';
import { ListHeaderActions } from '@/shared/list/ListHeaderActions';
import { ListSavedSearches } from '@/shared/list/ListSavedSearches';
import { type ListColumn, type ListPaging, ListTable } from '@/shared/list/ListTable';
import { ListToolbar } from '@/shared/list/ListToolbar';
import { activeFilterCount, filterParams, listParams } from '@/shared/list/url-state';
import { useColumnPrefs } from '@/shared/list/useColumnPrefs';
import { useListState } from '@/shared/list/useListState';
import { useLookups } from '@/shared/lookups/useLookups';
import { TransferDialog } from '@/shared/pool/TransferDialog';
import { useUser } from '@/shared/session';
import { PageHeader } from '@/shared/ui/PageHeader';
import { CUSTOMER_API, useCustomerList, useImportCustomers } from '../api';
import { BulkActions } from '../components/BulkActions';
import { CustomerFilters } from '../components/CustomerFilters';
import { CustomerFormDrawer } from '../components/CustomerFormDrawer';
import { customerColumns, titleColumn } from '../components/columns';
import { MergeDialog } from '../components/MergeDialog';
import { ClaimButton, PoolViewSwitch, ReleaseButton } from '../components/PoolButtons';
import { PoolSettingsDrawer } from '../components/PoolSettingsDrawer';
import { RecycleBinDrawer } from '../components/RecycleBinDrawer';
import { useDeleteWithUndo } from '../components/useDeleteWithUndo';
import { customerTitle, langOf } from '../fields';
import { CUSTOMER_LIST, CUSTOMER_PREFS } from '../list-config';
import { isSalesOnly, mayClaim, mayEdit, mayRelease, ownerParam, splitSelection } from '../pool';
import '../customers.css';

/**
 * /customer/list: search, filters, sort and pages in the URL; create, edit, bulk, import, export, bin;
 * the pool's views, claim, release and (admin) transfer and rules (issue 32).
 */
export default function CustomerListPage() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const me = useUser();
  const isAdmin = Boolean(me?.roles.includes('admin'));
  const lookups = useLookups();
  const scope = useRef<HTMLDivElement>(null);
  const searchRef = useRef<InputRef>(null);

  const { state, update, reset, replace } = useListState(CUSTOMER_LIST);
  // A salesperson's list opens on her own customers; the pool is a click away.
  const owner = ownerParam(state.filters.owner, me);
  const params = useMemo(() => ({ ...listParams(state), ...(owner ? { owner } : {}) }), [state, owner]);
  const exportParams = { ...filterParams(state), ...(owner ? { owner } : {}) };
  const list = useCustomerList(params);
  const total = list.data?.total;

  const columns = useMemo(() => customerColumns(t, lang, lookups), [t, lang, lookups]);
  const prefs = useColumnPrefs(CUSTOMER_PREFS.columns, columns);

  const [selected, setSelected] = useState<Key[]>([]);
  const [editing, setEditing] = useState<Customer | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const [binOpen, setBinOpen] = useState(false);
  const [merging, setMerging] = useState<[number, number] | null>(null);
  const [transfer, setTransfer] = useState<{ ids?: number[]; from?: number } | null>(null);
  const [rulesOpen, setRulesOpen] = useState(false);
  const pool = splitSelection(me, list.data?.items ?? [], selected as number[]);
  const chosenUser = owner && owner !== 'me' && owner !== 'pool' ? Number(owner) : undefined;
  const importCustomers = useImportCustomers();
  const remove = useDeleteWithUndo();

  // A new search or filter is a new set of rows: the selection would silently act on hidden ones.
  const filterKey = JSON.stringify(filterParams(state));
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the filter changes
  useEffect(() => setSelected([]), [filterKey]);

  useHotkeys(scope, {
    '/': () => searchRef.current?.focus(),
    n: () => setEditing(null),
  });

  const onPaging = useCallback((change: Partial<ListPaging>) => update(change), [update]);

  const actions: ListColumn<Customer> = {
    key: 'actions',
    label: t('common.actions'),
    title: '',
    fixed: 'right',
    width: isAdmin ? 128 : isSalesOnly(me) ? 96 : 52,
    render: (_, c) => (
      <Space size={0}>
        {mayEdit(me, c) && (
          <Tooltip title={t('common.edit')}>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('common.edit')}
              onClick={() => setEditing(c)}
            />
          </Tooltip>
        )}
        {mayClaim(me, c) && <ClaimButton ids={[c.id]} />}
        {mayRelease(me, c) && <ReleaseButton ids={[c.id]} name={customerTitle(c)} />}
        {isAdmin && (
          <Tooltip title={t('customers.delete')}>
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('customers.delete')}
              onClick={() => void remove.run([c.id])}
            />
          </Tooltip>
        )}
      </Space>
    ),
  };

  const filtered = activeFilterCount(state) > 0;
  const empty = (
    <ListEmpty
      filtered={filtered}
      onClear={reset}
      filteredDescription={t(owner === 'pool' ? 'customers.poolEmpty' : 'customers.emptyFiltered')}
      description={t('customers.empty')}
      newLabel={t('customers.new')}
      onNew={() => setEditing(null)}
      importLabel={t('customers.importTitle')}
      onImport={() => setImporting(true)}
    />
  );

  return (
    <div className="page customer-list" ref={scope}>
      <PageHeader
        title={t('customers.title')}
        subtitle={t('customers.subtitle')}
        extra={
          <ListHeaderActions
            before={
              isAdmin && (
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: [
                      { key: 'transfer', icon: <UserSwitchOutlined />, label: t('customers.transferAll') },
                      { key: 'rules', icon: <SettingOutlined />, label: t('customers.poolRules') },
                    ],
                    onClick: ({ key }) =>
                      key === 'rules' ? setRulesOpen(true) : setTransfer({ from: chosenUser }),
                  }}
                >
                  <Button icon={<TeamOutlined />}>
                    {t('customers.poolMenu')} <DownOutlined />
                  </Button>
                </Dropdown>
              )
            }
            binLabel={t('customers.bin')}
            onBin={isAdmin ? () => setBinOpen(true) : undefined}
            onImport={() => setImporting(true)}
            exportPath={CUSTOMER_API.export}
            exportParams={exportParams}
            total={total}
            newLabel={t('customers.new')}
            newHint={t('customers.newHint')}
            onNew={() => setEditing(null)}
          />
        }
      />

      <Card variant="borderless" className="search-card customer-list__filters">
        <CustomerFilters
          state={state}
          update={update}
          reset={reset}
          searchRef={searchRef}
          views={
            <PoolViewSwitch owner={state.filters.owner} onChange={(o) => update({ filters: { owner: o } })} />
          }
          extra={
            <ListSavedSearches
              prefKey={CUSTOMER_PREFS.searches}
              config={CUSTOMER_LIST}
              state={state}
              replace={replace}
            />
          }
        />
      </Card>

      <Card variant="borderless" className="table-card">
        <ListToolbar
          summary={
            total === undefined ? '' : t('customers.count', { count: total, formatted: toThousands(total) })
          }
          filtered={filtered}
          bulk={
            selected.length > 0 && (
              <BulkBar count={selected.length} onClear={() => setSelected([])}>
                {pool.claim.length > 0 && (
                  <ClaimButton kind="bulk" ids={pool.claim} onDone={() => setSelected([])} />
                )}
                {pool.release.length > 0 && (
                  <ReleaseButton kind="bulk" ids={pool.release} onDone={() => setSelected([])} />
                )}
                {isAdmin && (
                  <Button
                    size="small"
                    icon={<UserSwitchOutlined />}
                    onClick={() => setTransfer({ ids: selected as number[] })}
                  >
                    {t('customers.transfer')}
                  </Button>
                )}
                <BulkActions
                  ids={selected as number[]}
                  onDone={() => setSelected([])}
                  onMerge={(ids) => setMerging(ids)}
                />
              </BulkBar>
            )
          }
          columns={columns}
          prefs={prefs}
          list={list}
        />
        <ListTable<Customer>
          rowKey="id"
          columns={columns}
          settings={prefs.settings}
          pinStart={[titleColumn(lang)]}
          pinEnd={[actions]}
          data={prefs.loaded ? list.data : undefined}
          loading={(list.isFetching && !list.data) || !prefs.loaded}
          paging={state}
          defaultSort={CUSTOMER_LIST.defaultSort}
          onPagingChange={onPaging}
          selectedKeys={selected}
          onSelectedKeysChange={setSelected}
          empty={list.data ? empty : undefined}
        />
      </Card>

      {editing !== undefined && (
        <CustomerFormDrawer customer={editing} onClose={() => setEditing(undefined)} />
      )}
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        title={t('customers.importTitle')}
        templatePath={CUSTOMER_API.template}
        duplicateQuestion={t('customers.importDuplicates')}
        kind="customer"
        run={(file, onDuplicate, confirmDuplicate) =>
          importCustomers.mutateAsync({ file, onDuplicate, confirmDuplicate })
        }
      />
      {isAdmin && <RecycleBinDrawer open={binOpen} onClose={() => setBinOpen(false)} />}
      {isAdmin && <PoolSettingsDrawer open={rulesOpen} onClose={() => setRulesOpen(false)} />}
      {transfer && (
        <TransferDialog
          ids={transfer.ids}
          fromUserId={transfer.from}
          onClose={() => setTransfer(null)}
          onDone={() => setSelected([])}
        />
      )}
      {merging && (
        <MergeDialog
          ids={merging}
          onClose={() => setMerging(null)}
          onMerged={() => {
            setMerging(null);
            setSelected([]);
          }}
        />
      )}
    </div>
  );
}
