import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { RECIPIENT_STATUSES, type RecipientStatus, type TaskRecipient } from '@quayside/contract';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Popconfirm,
  Result,
  Segmented,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { parseTime, percent, toThousands } from '@/shared/format';
import type { PageProps } from '@/shared/routes/types';
import { PageHeader } from '@/shared/ui/PageHeader';
import {
  recipientsExportUrl,
  type TaskAction,
  useLiveTasks,
  useRetryTask,
  useTask,
  useTaskAction,
  useTaskRecipients,
} from '../api';
import { RecipientStatusTag, TaskStateTag } from '../components/StatusTags';
import { TaskProgress } from '../components/TaskProgress';
import { hoursSummary } from '../components/WorkingHoursFields';
import '../tasks.css';
import { useFeedback } from '@/shared/feedback';

const time = (v: string | null) => (v ? parseTime(v) : '—');
const PAGE_SIZE = 20;

/** /task/detail/{id}: the task's progress live, its actions, and each recipient with its status. */
export default function TaskDetailPage({ id: idParam }: PageProps) {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const id = Number(idParam);
  const task = useTask(id);
  const [status, setStatus] = useState<RecipientStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const filter: Record<string, string> = status === 'all' ? {} : { status };
  const recipients = useTaskRecipients(id, { ...filter, page, page_size: PAGE_SIZE });
  const action = useTaskAction();
  const retry = useRetryTask();
  useLiveTasks();

  if (task.isError)
    return (
      <Result
        status="404"
        title={t('tasks.notFound')}
        extra={<Link to="/task/list">{t('tasks.backToList')}</Link>}
      />
    );
  const d = task.data;
  if (!d) return <Skeleton active className="page" />;

  const run = async (name: TaskAction) => {
    await action.mutateAsync({ id, action: name });
    void message.success(t(`tasks.done.${name}`));
  };
  const buttons = (
    <Space wrap>
      {d.status === 'draft' && (
        <Button type="primary" loading={action.isPending} onClick={() => void run('start')}>
          {t('tasks.start')}
        </Button>
      )}
      {d.status === 'running' && (
        <Button loading={action.isPending} onClick={() => void run('pause')}>
          {t('tasks.pause')}
        </Button>
      )}
      {d.status === 'paused' && (
        <Button type="primary" loading={action.isPending} onClick={() => void run('resume')}>
          {t('tasks.resume')}
        </Button>
      )}
      {d.can_edit && (
        <Link to={`/task/create?id=${d.id}`}>
          <Button>{t('tasks.edit')}</Button>
        </Link>
      )}
      {(d.status === 'draft' || d.status === 'running' || d.status === 'paused') && (
        <Popconfirm
          title={t('tasks.cancelConfirm')}
          onConfirm={() => run('cancel')}
          okText={t('tasks.cancelTask')}
          cancelText={t('tasks.keep')}
        >
          <Button danger>{t('tasks.cancelTask')}</Button>
        </Popconfirm>
      )}
    </Space>
  );

  return (
    <div className="page task-detail">
      <PageHeader
        title={
          <Space>
            {d.name}
            <TaskStateTag status={d.status} />
          </Space>
        }
        subtitle={d.remark || undefined}
        extra={buttons}
      />
      <Card variant="borderless" className="task-detail__stats">
        <div className="task-detail__bar">
          <TaskProgress task={d} size="default" />
        </div>
        <Space size={48} wrap>
          <Statistic
            title={t('tasks.sent')}
            value={d.sent}
            suffix={`/ ${toThousands(d.total - d.skipped)}`}
          />
          <Statistic title={t('tasks.pending')} value={d.pending} />
          <Statistic
            title={<Tooltip title={t('tasks.opensEstimate')}>{t('tasks.openRate')} ⓘ</Tooltip>}
            value={percent(d.opened, d.sent, i18n.language)}
            suffix={<span style={{ fontSize: 14 }}>{t('tasks.opensTotal', { count: d.open_count })}</span>}
          />
          <Statistic
            title={t('tasks.failed')}
            value={d.failed}
            valueStyle={d.failed ? { color: '#cf1322' } : undefined}
          />
          <Statistic title={t('tasks.skipped')} value={d.skipped} />
        </Space>
        <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginTop: 16 }}>
          <Descriptions.Item label={t('tasks.account')}>{d.account_address}</Descriptions.Item>
          <Descriptions.Item label={t('tasks.type')}>
            {d.type === 'fixed'
              ? d.interval_minutes === 0
                ? t('tasks.asFast')
                : t('tasks.everyMinutes', { count: d.interval_minutes })
              : `${t('tasks.types.random')}: ${time(d.window_start)} – ${time(d.window_end)}`}
          </Descriptions.Item>
          {d.working_hours && (
            <Descriptions.Item label={t('tasks.hours.label')}>
              {hoursSummary(t, d.working_hours)}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('tasks.nextSend')}>{time(d.next_send_at)}</Descriptions.Item>
          <Descriptions.Item label={t('tasks.executionTime')}>{time(d.started_at)}</Descriptions.Item>
          <Descriptions.Item label={t('tasks.finished')}>{time(d.finished_at)}</Descriptions.Item>
          <Descriptions.Item label={t('tasks.subject')}>{d.subject}</Descriptions.Item>
        </Descriptions>
        <Alert type="info" showIcon style={{ marginTop: 12 }} message={t('tasks.opensEstimate')} />
      </Card>
      <Card
        variant="borderless"
        title={t('tasks.recipients')}
        extra={
          <Space>
            {d.failed > 0 && (
              <Button
                loading={retry.isPending}
                onClick={() => void retry.mutateAsync({ id }).then(() => message.success(t('tasks.retried')))}
              >
                {t('tasks.retryFailed', { count: d.failed })}
              </Button>
            )}
            <Button icon={<DownloadOutlined />} href={recipientsExportUrl(id, filter)}>
              {t('tasks.export')}
            </Button>
            <Tooltip title={t('tags.refresh')}>
              <Button
                icon={<ReloadOutlined spin={recipients.isFetching} />}
                aria-label={t('tags.refresh')}
                onClick={() => void recipients.refetch()}
              />
            </Tooltip>
          </Space>
        }
      >
        <Segmented
          aria-label={t('tasks.status')}
          value={status}
          onChange={(v) => {
            setStatus(v as RecipientStatus | 'all');
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('tasks.all') },
            ...RECIPIENT_STATUSES.filter((s) => s !== 'sending').map((s) => ({
              value: s,
              label: t(`tasks.recipientStatuses.${s}`),
            })),
          ]}
          style={{ marginBottom: 12 }}
        />
        <Table<TaskRecipient>
          rowKey="id"
          size="middle"
          className="task-recipients"
          loading={recipients.isFetching && !recipients.data}
          dataSource={recipients.data?.items ?? []}
          locale={{ emptyText: t('tasks.noRecipients') }}
          scroll={{ x: 1100 }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: recipients.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          columns={[
            { title: t('tasks.address'), dataIndex: 'address', ellipsis: true, width: 220 },
            {
              title: t('tasks.customer'),
              width: 150,
              ellipsis: true,
              render: (_v, r) =>
                r.customer_id ? (
                  <Link to={`/customer/detail/${r.customer_id}`}>{r.name || `#${r.customer_id}`}</Link>
                ) : (
                  r.name || '—'
                ),
            },
            {
              title: t('tasks.status'),
              width: 90,
              render: (_v, r) => <RecipientStatusTag status={r.status} />,
            },
            {
              // The server's words are the point of a failed row: two lines, the whole text on hover.
              title: t('tasks.reason'),
              render: (_v, r) => {
                const reason =
                  r.status === 'skipped'
                    ? t(`tasks.skipReasons.${r.error}`, { defaultValue: r.error })
                    : r.error || '';
                return reason ? (
                  <Typography.Paragraph
                    className="task-recipients__reason"
                    ellipsis={{ rows: 2, tooltip: reason }}
                  >
                    {reason}
                  </Typography.Paragraph>
                ) : null;
              },
            },
            {
              title: t('tasks.executionTime'),
              width: 150,
              render: (_v, r) => time(r.sent_at ?? r.scheduled_at),
            },
            { title: t('tasks.openedAt'), width: 150, render: (_v, r) => time(r.opened_at) },
            { title: t('tasks.opens'), dataIndex: 'open_count', width: 70, align: 'right' },
            {
              title: '',
              width: 80,
              render: (_v, r) =>
                r.status === 'failed' ? (
                  <Button size="small" onClick={() => void retry.mutateAsync({ id, recipient_ids: [r.id] })}>
                    {t('tasks.retry')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
    </div>
  );
}
