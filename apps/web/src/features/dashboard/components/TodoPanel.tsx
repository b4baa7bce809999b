import type { DashboardSummary } from '@quayside/contract';
import { Badge, Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '@/shared/routes/pages';
import { cardLinks } from '../links';

/** What needs doing now: each line a link to the list that holds it (when the viewer may open it). */
export function TodoPanel({ data, ownerId }: { data: DashboardSummary | undefined; ownerId?: number }) {
  const { t } = useTranslation();
  const canOpen = useCanOpen();
  if (!data) return null;
  const links = cardLinks(data, ownerId);
  const items = [
    { key: 'waiting', n: data.todo.waiting_inquiries, to: links.waiting },
    { key: 'followUps', n: data.todo.follow_ups, to: links.followUps },
    { key: 'expiring', n: data.todo.expiring_quotations, to: links.expiring },
    { key: 'failedSends', n: data.todo.failed_sends, to: links.failedSends },
  ].filter((i): i is { key: string; n: number; to: string } => i.n !== null && i.n > 0);
  const visible = Object.values(data.todo).some((n) => n !== null);
  if (!visible) return null;
  return (
    <Card
      size="small"
      title={t('dashboard.todo.title')}
      className="dashboard-todo"
      data-testid="dashboard-todo"
    >
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.todo.none')} />
      ) : (
        // A plain list, not antd's List: that one brings its pagination into the dashboard's first load.
        <ul className="dashboard-todo__list">
          {items.map((item) => {
            const label = t(`dashboard.todo.${item.key}`, { count: item.n });
            return (
              <li key={item.key} className="dashboard-todo__item">
                {canOpen(item.to) ? (
                  <Link to={item.to}>{label}</Link>
                ) : (
                  <Typography.Text>{label}</Typography.Text>
                )}
                <Badge count={item.n} overflowCount={999} />
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
