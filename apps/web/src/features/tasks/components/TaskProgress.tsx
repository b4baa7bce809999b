import type { TaskCounts } from '@quayside/contract';
import { Progress, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Sent and failed of the sendable recipients, as a bar with the figures: the sent share green, the
 * failed share after it red (a task with one failure of many is not shown all red), the rest pending.
 */
export function TaskProgress({ task, size = 'small' }: { task: TaskCounts; size?: 'small' | 'default' }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const sendable = task.total - task.skipped;
  const sent = sendable === 0 ? 0 : Math.floor((task.sent * 100) / sendable);
  return (
    <div className="task-progress">
      <Progress
        percent={task.progress}
        // The exception colour would paint the success share too unless it has its own.
        success={task.failed > 0 ? { percent: sent, strokeColor: token.colorSuccess } : undefined}
        size={size}
        status={task.failed > 0 ? 'exception' : task.progress === 100 ? 'success' : 'active'}
        showInfo={false}
      />
      <span className="task-progress__figures">
        {t('tasks.sentOf', { sent: task.sent, total: sendable })}
        {task.failed > 0 && (
          <span className="task-progress__failed"> · {t('tasks.failedCount', { count: task.failed })}</span>
        )}
      </span>
    </div>
  );
}
