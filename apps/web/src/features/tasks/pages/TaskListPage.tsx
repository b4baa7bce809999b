import { PlusOutlined } from '@ant-design/icons';
import { TASK_STATES, type TaskListItem } from '@quayside/contract';
import { Button, Card, Input, Select, Space, Tooltip } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { parseTime, percent, toThousands } from '@/shared/format';
import { type ListColumn, type ListPaging, ListTable } from '@/shared/list/ListTable';
import { ListToolbar } from '@/shared/list/ListToolbar';
import { listParams } from '@/shared/list/url-state';
import { useColumnPrefs } from '@/shared/list/useColumnPrefs';
import { useListState } from '@/shared/list/useListState';
import { PageHeader } from '@/shared/ui/PageHeader';
import { useLiveTasks, useTaskList } from '../api';
import { TaskStateTag } from '../components/StatusTags';
import { TaskProgress } from '../components/TaskProgress';
import { TASK_LIST, TASK_PREFS } from '../list-config';
import '../tasks.css';

const time = (v: string | null) => (v ? parseTime(v, '{y}-{m}-{d} {h}:{i}') : '—');

/** /task/list (admin): every campaign with its live progress, opens and failures. */
export default function TaskListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { state, update } = useListState(TASK_LIST);
  const params = useMemo(() => listParams(state), [state]);
  const list = useTaskList(params);
  useLiveTasks();
  const onPaging = useCallback((change: Partial<ListPaging>) => update(change), [update]);

  const columns = useMemo(
    (): ListColumn<TaskListItem>[] => [
      {
        key: 'name',
        label: t('tasks.name'),
        title: t('tasks.name'),
        sortField: 'name',
        width: 180,
        ellipsis: true,
        render: (_v, r) => <Link to={`/task/detail/${r.id}`}>{r.name}</Link>,
      },
      {
        key: 'type',
        label: t('tasks.type'),
        title: t('tasks.type'),
        width: 120,
        render: (_v, r) =>
          r.type === 'fixed'
            ? r.interval_minutes === 0
              ? t('tasks.asFast')
              : t('tasks.everyMinutes', { count: r.interval_minutes })
            : t('tasks.types.random'),
      },
      {
        key: 'status',
        label: t('tasks.status'),
        title: t('tasks.status'),
        sortField: 'status',
        width: 90,
        render: (_v, r) => <TaskStateTag status={r.status} />,
      },
      {
        key: 'progress',
        label: t('tasks.progress'),
        title: t('tasks.progress'),
        width: 180,
        render: (_v, r) => <TaskProgress task={r} />,
      },
      {
        key: 'opens',
        label: t('tasks.opens'),
        title: <Tooltip title={t('tasks.opensEstimate')}>{t('tasks.opens')}</Tooltip>,
        width: 100,
        render: (_v, r) => `${toThousands(r.open_count)} · ${percent(r.opened, r.sent, i18n.language)}`,
      },
      {
        key: 'account',
        label: t('tasks.account'),
        title: t('tasks.account'),
        dataIndex: 'account_address',
        width: 180,
        ellipsis: true,
      },
      {
        key: 'next',
        label: t('tasks.nextSend'),
        title: t('tasks.nextSend'),
        width: 130,
        // Running with everyone left already handed to the server: they are going out now.
        render: (_v, r) =>
          r.status === 'running' && !r.next_send_at && r.pending > 0
            ? t('tasks.sendingNow')
            : time(r.next_send_at),
      },
      {
        key: 'started',
        label: t('tasks.executionTime'),
        title: t('tasks.executionTime'),
        width: 130,
        render: (_v, r) => time(r.started_at),
      },
      {
        key: 'created',
        label: t('tasks.created'),
        title: t('tasks.created'),
        sortField: 'created_at',
        descendFirst: true,
        defaultHidden: true,
        width: 130,
        render: (_v, r) => time(r.created_at),
      },
    ],
    [t, i18n.language],
  );
  const prefs = useColumnPrefs(TASK_PREFS.columns, columns);

  return (
    <div className="page task-list">
      <PageHeader
        title={t('tasks.title')}
        subtitle={t('tasks.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/task/create')}>
            {t('tasks.new')}
          </Button>
        }
      />
      <Card variant="borderless" className="search-card">
        <Space wrap>
          <Input.Search
            allowClear
            maxLength={200}
            defaultValue={state.q}
            placeholder={t('tasks.search')}
            aria-label={t('tasks.search')}
            style={{ width: 260 }}
            onSearch={(q) => update({ q: q.trim() })}
          />
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('tasks.status')}
            aria-label={t('tasks.status')}
            value={state.filters.status || undefined}
            onChange={(status?: string) => update({ filters: { status: status ?? '' } })}
            options={TASK_STATES.map((s) => ({ value: s, label: t(`tasks.states.${s}`) }))}
          />
        </Space>
      </Card>
      <Card variant="borderless" className="table-card">
        <ListToolbar
          summary={list.data ? t('tasks.count', { count: list.data.total }) : ''}
          columns={columns}
          prefs={prefs}
          list={list}
        />
        <ListTable<TaskListItem>
          rowKey="id"
          columns={columns}
          settings={prefs.settings}
          data={prefs.loaded ? list.data : undefined}
          loading={(list.isFetching && !list.data) || !prefs.loaded}
          paging={state}
          defaultSort={TASK_LIST.defaultSort}
          onPagingChange={onPaging}
          empty={t('tasks.empty')}
        />
      </Card>
    </div>
  );
}
