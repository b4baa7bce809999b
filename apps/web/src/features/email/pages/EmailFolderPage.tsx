import { EditOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import type { EmailFolder, EmailListItem } from '@quayside/contract';
import { Button, Card, ConfigProvider, Empty, type InputRef, Popover, Tooltip } from 'antd';
import { type Key, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toThousands } from '@/shared/format';
import { BulkBar } from '@/shared/list/BulkBar';
import { useHotkeys } from '@/shared/list/hotkeys';
import { type ListPaging, ListTable } from '@/shared/list/ListTable';
import { ListToolbar } from '@/shared/list/ListToolbar';
import { SavedSearches } from '@/shared/list/SavedSearches';
import { emptyListState, parseListState, serializeListState } from '@/shared/list/url-state';
import { useColumnPrefs } from '@/shared/list/useColumnPrefs';
import { useListState } from '@/shared/list/useListState';
import { useRememberedSearch } from '@/shared/list/useRememberedSearch';
import { PageHeader } from '@/shared/ui/PageHeader';
import { useCompose, useEmailAccounts, useEmailList, useLiveEmailLists } from '../api';
import { BulkActions } from '../components/BulkActions';
import { emailColumns, partyColumn, sendStateColumn, subjectColumn } from '../components/columns';
import { EmailFilters } from '../components/EmailFilters';
import { activeEmailFilters, EMAIL_LIST, emailListParams, emailPrefs, folderOfPath } from '../folders';
import { useJustSent } from '../just-sent';
import { moveCursor } from '../list-cache';
import { readingList } from '../reading-list';
import '../email.css';

const ENTER = 'Enter';
const OUTGOING: ReadonlySet<EmailFolder> = new Set(['outbox', 'drafts']);
const OUTBOX_CHOOSER_ONLY: ReadonlySet<string> = new Set(['type', 'country']);

/** Dense like a mail client: less air around each cell than the other lists. */
const DENSE_TABLE = { components: { Table: { cellPaddingInlineMD: 10, cellPaddingBlockMD: 8 } } };

/** Clicks on these open nothing: they are controls of their own. */
const CONTROLS = 'a, button, input, label, .ant-checkbox-wrapper, .ant-table-selection-column, .ant-dropdown';

/** /email/inbox, outbox, drafts, inquiry, quotation, trash: one list per folder, filters in the URL. */
export default function EmailFolderPage() {
  const { pathname, search } = useLocation();
  const folder: EmailFolder = folderOfPath(pathname) ?? 'inbox';
  return <FolderList key={folder} folder={folder} openedWith={search} />;
}

function FolderList({ folder, openedWith }: { folder: EmailFolder; openedWith: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const scope = useRef<HTMLDivElement>(null);
  const searchRef = useRef<InputRef>(null);
  const prefs = emailPrefs(folder);

  const { state, update, reset, replace } = useListState(EMAIL_LIST);
  const params = useMemo(() => emailListParams(folder, state), [folder, state]);
  const list = useEmailList(params);
  const accounts = useEmailAccounts();
  const { compose, pending: composing } = useCompose();
  useLiveEmailLists();
  const items = list.data?.items ?? [];
  const total = list.data?.total;

  const current = serializeListState({ ...state, page: 1 }, EMAIL_LIST);
  const applySearch = useCallback((s: string) => replace({ ...parseListState(s, EMAIL_LIST) }), [replace]);
  useRememberedSearch(prefs.search, openedWith, current, applySearch);

  const columns = useMemo(
    () =>
      emailColumns(t, accounts.data ?? [])
        // Handling (status, handler) is for mail that came in; the outbox needs the room for its send state.
        .filter((c) => !(OUTGOING.has(folder) && (c.key === 'status' || c.key === 'handler')))
        // Outgoing mail's type and flag say little: in the outbox they wait in the column chooser (1366 px).
        .map((c) =>
          folder === 'outbox' && OUTBOX_CHOOSER_ONLY.has(c.key) ? { ...c, defaultHidden: true } : c,
        ),
    [t, accounts.data, folder],
  );
  const pinStart = useMemo(
    () => [partyColumn(t, folder), subjectColumn(t), ...(folder === 'outbox' ? [sendStateColumn(t)] : [])],
    [t, folder],
  );
  const columnPrefs = useColumnPrefs(prefs.columns, columns);

  const [selected, setSelected] = useState<Key[]>([]);
  const [cursor, setCursor] = useState<number | null>(null);
  // Opened by a send: no search hides the mail just sent, and the cursor is on it.
  useJustSent(search, () => replace({ ...emptyListState(EMAIL_LIST), pageSize: state.pageSize }), setCursor);
  // Senders of the selected rows, kept as rows are seen (the selection spans pages).
  const seen = useRef(new Map<number, EmailListItem>());
  for (const item of items) seen.current.set(item.id, item);

  const filterKey = JSON.stringify({ ...params, page: undefined, page_size: undefined, sort: undefined });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search is a new set of rows
  useEffect(() => setSelected([]), [filterKey]);

  const ids = useMemo(() => items.map((i) => i.id), [items]);
  const query = serializeListState(state, EMAIL_LIST);
  const listHref = query ? `${pathname}?${query}` : pathname;
  const remember = useCallback(() => readingList.set({ ids, href: listHref }), [ids, listHref]);
  // A draft opens in the editor; everything else on the reading page.
  const open = useCallback(
    (id: number) => {
      remember();
      navigate(folder === 'drafts' ? `/email/emailCreate/${id}` : `/email/emailDetail/${id}`);
    },
    [remember, navigate, folder],
  );

  // The cursor follows the keyboard into view.
  useEffect(() => {
    if (cursor === null) return;
    scope.current
      ?.querySelector(`tr[data-row-key="${cursor}"]`)
      ?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [cursor]);

  // Enter opens the row under the cursor only when nothing else has the focus (a focused button
  // or link keeps its own Enter).
  const nothingFocused = () => {
    const el = document.activeElement;
    return !el || el === document.body || el === scope.current;
  };
  useHotkeys(scope, {
    '/': () => searchRef.current?.focus(),
    j: () => setCursor((c) => moveCursor(ids, c, 1)),
    k: () => setCursor((c) => moveCursor(ids, c, -1)),
    o: () => cursor !== null && open(cursor),
    [ENTER]: () => {
      if (cursor === null || !nothingFocused()) return false;
      open(cursor);
    },
    x: () =>
      cursor !== null &&
      setSelected((s) => (s.includes(cursor) ? s.filter((k) => k !== cursor) : [...s, cursor])),
    r: () => void list.refetch(),
    c: () => compose('new'),
  });

  const onPaging = useCallback((change: Partial<ListPaging>) => update(change), [update]);
  const selectedIds = selected as number[];
  const senders = [
    ...new Set(selectedIds.map((id) => seen.current.get(id)?.from.address ?? '').filter(Boolean)),
  ];
  const filtered = activeEmailFilters(folder, state) > 0;
  const unreadOnPage = items.filter((i) => !i.is_read).length;

  const empty = filtered ? (
    <Empty description={t('email.emptyFiltered')}>
      <Button onClick={reset}>{t('list.clearFilters')}</Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`email.empty.${folder}`)} />
  );

  return (
    <div className="page email-page" ref={scope}>
      <PageHeader
        title={t(`email.folder.${folder}`)}
        subtitle={t(`email.folderHint.${folder}`)}
        extra={
          <Tooltip title={t('email.composeHint')}>
            <Button type="primary" icon={<EditOutlined />} loading={composing} onClick={() => compose('new')}>
              {t('email.compose')}
            </Button>
          </Tooltip>
        }
      />

      <Card variant="borderless" className="search-card email-page__filters">
        <EmailFilters
          folder={folder}
          state={state}
          update={update}
          reset={reset}
          accounts={accounts.data ?? []}
          searchRef={searchRef}
          extra={<SavedSearches prefKey={prefs.searches} current={current} onApply={(s) => applySearch(s)} />}
        />
      </Card>

      <Card variant="borderless" className="table-card">
        <ListToolbar
          summary={
            <>
              {total === undefined
                ? ''
                : t('email.count', {
                    count: total,
                    formatted: `${toThousands(total)}${list.data?.total_capped ? '+' : ''}`,
                  })}
              {unreadOnPage > 0 && (
                <span className="email-page__unread">{t('email.unreadOnPage', { count: unreadOnPage })}</span>
              )}
            </>
          }
          filtered={filtered}
          bulk={
            selected.length > 0 && (
              <BulkBar count={selected.length} onClear={() => setSelected([])}>
                <BulkActions
                  folder={folder}
                  ids={selectedIds}
                  senders={senders}
                  onLeave={() => setSelected([])}
                />
              </BulkBar>
            )
          }
          tools={
            <Popover
              trigger={['hover', 'click']}
              placement="bottomRight"
              title={t('email.keys.title')}
              content={<KeyboardHelp />}
            >
              <Button icon={<QuestionCircleOutlined />} aria-label={t('email.keys.title')} />
            </Popover>
          }
          columns={columns}
          prefs={columnPrefs}
          list={list}
          refreshHint={t('email.refreshHint')}
        />
        <div className="email-list">
          <ConfigProvider theme={DENSE_TABLE}>
            <ListTable<EmailListItem>
              rowKey="id"
              columns={columns}
              settings={columnPrefs.settings}
              pinStart={pinStart}
              // No rows before the user's columns are known, or the columns would jump.
              data={columnPrefs.loaded ? list.data : undefined}
              loading={(list.isFetching && !list.data) || !columnPrefs.loaded}
              paging={state}
              defaultSort={EMAIL_LIST.defaultSort}
              onPagingChange={onPaging}
              selectedKeys={selected}
              onSelectedKeysChange={setSelected}
              empty={list.data ? empty : undefined}
              rowClassName={(e) =>
                [
                  'email-row',
                  e.is_read ? 'email-row--read' : 'email-row--unread',
                  e.id === cursor ? 'email-row--cursor' : '',
                ].join(' ')
              }
              onRow={(e) => ({
                onClick: (event) => {
                  const target = event.target as HTMLElement;
                  // The subject is a real link (middle click, open in a new window): it navigates itself.
                  if (target.closest('.email-row__link')) return remember();
                  if (target.closest(CONTROLS)) return;
                  setCursor(e.id);
                  open(e.id);
                },
              })}
            />
          </ConfigProvider>
        </div>
      </Card>
    </div>
  );
}

function KeyboardHelp() {
  const { t } = useTranslation();
  const keys: [string, string][] = [
    ['j / k', t('email.keys.move')],
    ['o / Enter', t('email.keys.open')],
    ['x', t('email.keys.select')],
    ['/', t('email.keys.search')],
    ['r', t('email.keys.refresh')],
    ['c', t('email.keys.compose')],
  ];
  return (
    <dl className="keyboard-help">
      {keys.map(([k, label]) => (
        <div key={k}>
          <dt>
            {k.split(' / ').map((part, i) => (
              <span key={part}>
                {i > 0 && ' / '}
                <kbd className="hotkey">{part}</kbd>
              </span>
            ))}
          </dt>
          <dd>{label}</dd>
        </div>
      ))}
    </dl>
  );
}
