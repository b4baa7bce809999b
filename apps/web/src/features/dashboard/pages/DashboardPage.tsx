import { Card, Col, Row, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MenuEntry } from '@/layout/menu';
import { useMenu } from '@/layout/useMenu';
import { parseTime } from '@/shared/format';
import { staffOptions, useStaff } from '@/shared/lookups/useStaff';
import { useUser } from '@/shared/session';
import { NearScreen } from '@/shared/ui/NearScreen';
import { UserAvatar } from '@/shared/ui/UserAvatar';
import { useDashboardCharts, useDashboardSummary } from '../api';
import { PeriodChooser } from '../components/PeriodChooser';
import { SampleDataCard } from '../components/SampleDataCard';
import { SummaryCards } from '../components/SummaryCards';
import { TodoPanel } from '../components/TodoPanel';
import { dayPart, TODAY_FORMAT } from '../greeting';
import { type Period, rememberedPeriod, rememberPeriod } from '../period';
import './dashboard.css';

// ECharts is a chunk of its own, fetched only when the dashboard has charts to draw and their place
// comes near the screen (on a phone they are below the fold: nothing to download or draw at first).
const DashboardCharts = lazy(() => import('../charts/DashboardCharts'));
const chartsLoading = <Skeleton active paragraph={{ rows: 6 }} className="dashboard__charts-loading" />;
const CHART_PARTS = [
  'emails',
  'inquiries',
  'funnel',
  'order_value',
  'top_customers',
  'top_products',
] as const;

function leaves(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((e) => (e.children?.length ? leaves(e.children) : [e]));
}

/** /dashboard: a greeting, the period's figures and to-dos (each a link to its list), shortcuts. */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const isAdmin = user?.roles.includes('admin') ?? false;
  const [period, setPeriod] = useState<Period>(rememberedPeriod);
  const [ownerId, setOwnerId] = useState<number | undefined>();
  const staff = useStaff(isAdmin);
  const params = { from: period.from, to: period.to, ...(ownerId ? { owner_id: ownerId } : {}) };
  const summary = useDashboardSummary(params);
  const charts = useDashboardCharts(params);
  const chartData = charts.data;
  const hasCharts = chartData ? CHART_PARTS.some((k) => chartData[k] !== null) : false;
  const choosePeriod = (next: Period) => {
    setPeriod(next);
    rememberPeriod(next);
  };
  const now = new Date();
  const menu = useMenu();
  const shortcuts = useMemo(() => leaves(menu).filter((e) => e.key !== '/dashboard'), [menu]);
  if (!user) return null;
  const name = user.name || user.username;
  const dateFormat = TODAY_FORMAT[i18n.language === 'zh' ? 'zh' : 'en'];

  return (
    <div className="page dashboard">
      <Card variant="borderless" className="dashboard__hero">
        <Space size={20} align="center" wrap>
          <UserAvatar name={name} src={user.avatar} size={64} />
          <div>
            <Typography.Title level={3} className="dashboard__greeting">
              {t(`dashboard.${dayPart(now.getHours())}`, { name })}
            </Typography.Title>
            <Typography.Paragraph type="secondary" className="dashboard__intro">
              {t('dashboard.intro')}
            </Typography.Paragraph>
            <Space size={8} wrap>
              {user.roles.map((r) => (
                <Tag key={r} color="processing">
                  {t(`roles.${r}`)}
                </Tag>
              ))}
              <Typography.Text type="secondary">
                {t('dashboard.today', { date: parseTime(now, dateFormat, i18n.language) })}
              </Typography.Text>
            </Space>
          </div>
        </Space>
      </Card>

      <SampleDataCard isAdmin={isAdmin} />

      <div className="dashboard__toolbar">
        <PeriodChooser value={period} onChange={choosePeriod} />
        {isAdmin && (
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            className="dashboard__owner"
            placeholder={t('dashboard.wholeCompany')}
            value={ownerId}
            onChange={setOwnerId}
            options={staffOptions(staff.data)}
            data-testid="dashboard-owner"
          />
        )}
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={17}>
          <SummaryCards data={summary.data} ownerId={ownerId} />
        </Col>
        <Col xs={24} xl={7}>
          <TodoPanel data={summary.data} ownerId={ownerId} />
        </Col>
      </Row>

      {hasCharts ? (
        <NearScreen placeholder={chartsLoading}>
          <Suspense fallback={chartsLoading}>
            <DashboardCharts data={chartData} lang={i18n.language === 'zh' ? 'zh' : 'en'} />
          </Suspense>
        </NearScreen>
      ) : (
        charts.isPending && (isAdmin || user.roles.includes('sales')) && chartsLoading
      )}

      <Typography.Title level={5} className="dashboard__section">
        {t('dashboard.shortcuts')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {shortcuts.map((entry) => {
          const Icon = entry.icon;
          return (
            <Col key={entry.key} xs={12} sm={8} md={6} xl={4}>
              <Link to={entry.key} className="shortcut">
                <span className="shortcut__icon">{Icon && <Icon />}</span>
                <span className="shortcut__title">{t(entry.title)}</span>
              </Link>
            </Col>
          );
        })}
      </Row>
    </div>
  );
}
