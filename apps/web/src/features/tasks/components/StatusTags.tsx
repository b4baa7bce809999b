import type { RecipientStatus, TaskState } from '@quayside/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const TASK_COLORS: Record<TaskState, string> = {
  draft: 'default',
  running: 'processing',
  paused: 'warning',
  cancelled: 'default',
  done: 'success',
};
const RECIPIENT_COLORS: Record<RecipientStatus, string> = {
  pending: 'default',
  sending: 'processing',
  sent: 'blue',
  opened: 'green',
  failed: 'red',
  skipped: 'orange',
};

export function TaskStateTag({ status }: { status: TaskState }) {
  const { t } = useTranslation();
  return <Tag color={TASK_COLORS[status]}>{t(`tasks.states.${status}`)}</Tag>;
}

export function RecipientStatusTag({ status }: { status: RecipientStatus }) {
  const { t } = useTranslation();
  return <Tag color={RECIPIENT_COLORS[status]}>{t(`tasks.recipientStatuses.${status}`)}</Tag>;
}
