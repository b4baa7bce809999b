import {
  ContainerOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  InboxOutlined,
  MailOutlined,
  QuestionCircleOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { type CurrencySum, type DashboardSummary, formatMoney } from '@quayside/contract';
import { Card, Col, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { percent, toThousands } from '@/shared/format';
import { useCanOpen } from '@/shared/routes/pages';
import { cardLinks } from '../links';

type CardSpec = {
  key: string;
  icon: ReactNode;
  title: string;
  value: number;
  detail?: ReactNode;
  to: string;
};

function Sums({ sums }: { sums: CurrencySum[] }) {
  if (sums.length === 0) return null;
  return (
    <>
      {sums.map((s) => (
        <div key={s.currency} className="dashboard-card__money">
          {formatMoney(s.amount, s.currency)}
        </div>
      ))}
    </>
  );
}

/** Change against the previous period, as +n / −n (no percentage of zero). */
function Change({ now, before }: { now: number; before: number }) {
  const { t } = useTranslation();
  const diff = now - before;
  const tone = diff > 0 ? 'success' : diff < 0 ? 'danger' : 'secondary';
  const sign = diff > 0 ? '+' : diff < 0 ? '−' : '±';
  return (
    <Typography.Text type={tone}>
      {t('dashboard.change', { change: `${sign}${Math.abs(diff)}`, previous: before })}
    </Typography.Text>
  );
}

/** The cards the viewer may see, each a link to the filtered list behind it when she may open it. */
export function SummaryCards({ data, ownerId }: { data: DashboardSummary | undefined; ownerId?: number }) {
  const { t, i18n } = useTranslation();
  const canOpen = useCanOpen();
  if (!data) return <Skeleton active paragraph={{ rows: 3 }} />;
  const links = cardLinks(data, ownerId);
  const cards: CardSpec[] = [
    {
      key: 'unread',
      icon: <MailOutlined />,
      title: t('dashboard.card.unread'),
      value: data.unread_mail,
      to: links.unread,
    },
  ];
  if (data.unhandled_inquiries !== null)
    cards.push({
      key: 'unhandled',
      icon: <QuestionCircleOutlined />,
      title: t('dashboard.card.unhandled'),
      value: data.unhandled_inquiries,
      to: links.unhandled,
    });
  if (data.inquiries)
    cards.push({
      key: 'inquiries',
      icon: <InboxOutlined />,
      title: t('dashboard.card.inquiries'),
      value: data.inquiries.count,
      detail: <Change now={data.inquiries.count} before={data.inquiries.previous} />,
      to: links.inquiries,
    });
  if (data.open_quotations)
    cards.push({
      key: 'quotations',
      icon: <FileTextOutlined />,
      title: t('dashboard.card.openQuotations'),
      value: data.open_quotations.count,
      detail: <Sums sums={data.open_quotations.sums} />,
      to: links.quotations,
    });
  if (data.expiring_quotations !== null)
    cards.push({
      key: 'expiring',
      icon: <FieldTimeOutlined />,
      title: t('dashboard.card.expiring'),
      value: data.expiring_quotations,
      to: links.expiring,
    });
  if (data.orders_in_progress)
    cards.push({
      key: 'orders',
      icon: <ContainerOutlined />,
      title: t('dashboard.card.orders'),
      value: data.orders_in_progress.count,
      detail: (
        <>
          {data.orders_in_progress.sums.length > 0 && (
            <Typography.Text type="secondary">{t('dashboard.card.balanceDue')}</Typography.Text>
          )}
          <Sums sums={data.orders_in_progress.sums} />
        </>
      ),
      to: links.orders,
    });

  const tasks = data.running_tasks;
  if (tasks)
    cards.push({
      key: 'tasks',
      icon: <SendOutlined />,
      title: t('dashboardCharts.runningTasks'),
      value: tasks.count,
      detail: (
        <Typography.Text type="secondary" data-testid="card-tasks-rate">
          {tasks.sent > 0
            ? t('dashboardCharts.openRate', {
                rate: percent(tasks.opened, tasks.sent, i18n.language),
                opened: toThousands(tasks.opened),
                sent: toThousands(tasks.sent),
              })
            : t('dashboardCharts.nothingSent')}
        </Typography.Text>
      ),
      to: links.tasks,
    });

  return (
    <Row gutter={[16, 16]} data-testid="dashboard-cards">
      {cards.map((card) => {
        const body = (
          <Card size="small" className="dashboard-card" hoverable={canOpen(card.to)}>
            <div className="dashboard-card__head">
              <span className="dashboard-card__icon">{card.icon}</span>
              <Typography.Text type="secondary">{card.title}</Typography.Text>
            </div>
            <div className="dashboard-card__value" data-testid={`card-${card.key}`}>
              {toThousands(card.value)}
            </div>
            {card.detail && <div className="dashboard-card__detail">{card.detail}</div>}
          </Card>
        );
        return (
          <Col key={card.key} xs={24} sm={12} lg={8}>
            {canOpen(card.to) ? (
              <Link to={card.to} className="dashboard-card__link" aria-label={card.title}>
                {body}
              </Link>
            ) : (
              body
            )}
          </Col>
        );
      })}
    </Row>
  );
}
