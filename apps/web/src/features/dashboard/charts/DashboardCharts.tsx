import { type DashboardCharts as Charts, formatMoney, sumDecimals } from '@quayside/contract';
import { Card, Col, Empty, Row, Segmented, Skeleton, Typography, theme } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { parseTime, percent, toThousands } from '@/shared/format';
import { useLookups } from '@/shared/lookups/useLookups';
import { useCanOpen } from '@/shared/routes/pages';
import { monthsOf } from '../period';
import { type ChartOption, EChart } from './EChart';

type Token = ReturnType<typeof theme.useToken>['token'];
type Lang = 'en' | 'zh';

/** A `YYYY-MM-DD` day as a local date, so the formatter shows that very day in any time zone. */
const dayDate = (day: string) => {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
};
const FORMATS = {
  en: { day: '{m}-{d}', fullDay: '{a}, {y}-{m}-{d}', month: '{y}-{m}' },
  zh: { day: '{m}/{d}', fullDay: '{y}年{m}月{d}日 星期{a}', month: '{y}年{m}月' },
} as const;

/** The parts every chart shares, in the app theme's colours and font (dark themes included). */
function baseOption(token: Token) {
  const axis = {
    axisLine: { lineStyle: { color: token.colorBorder } },
    axisTick: { show: false },
    axisLabel: { color: token.colorTextSecondary, fontSize: 11 },
    splitLine: { lineStyle: { color: token.colorBorderSecondary } },
  };
  return {
    option: {
      animation: token.motion,
      color: [token.colorPrimary, token.colorSuccess, token.gold, token.purple, token.cyan],
      textStyle: { fontFamily: token.fontFamily, color: token.colorTextSecondary },
      tooltip: {
        confine: true,
        backgroundColor: token.colorBgElevated,
        borderColor: token.colorBorderSecondary,
        textStyle: { color: token.colorText, fontSize: 12 },
      },
      grid: { left: 4, right: 16, top: 16, bottom: 4, containLabel: true },
    } satisfies ChartOption,
    axis,
  };
}

const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function ChartCard({
  title,
  extra,
  testId,
  children,
}: {
  title: string;
  extra?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card
      size="small"
      className="dashboard-chart-card"
      title={title}
      extra={extra && <span data-testid={`${testId}-total`}>{extra}</span>}
      data-testid={testId}
    >
      {children}
    </Card>
  );
}

const NoData = ({ text }: { text: string }) => (
  <Empty className="dashboard-chart-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />
);

type Props = { data: Charts | undefined; lang: Lang };

/** The period's charts (lazy chunk: ECharts loads only with the dashboard). */
export default function DashboardCharts({ data, lang }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const lookups = useLookups();
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const format = FORMATS[lang];
  const [picked, setPicked] = useState<string | undefined>();

  const currencies = useMemo(() => {
    const orders = new Map<string, number>();
    for (const r of data?.order_value ?? []) orders.set(r.currency, (orders.get(r.currency) ?? 0) + r.count);
    return [...orders].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([c]) => c);
  }, [data?.order_value]);
  const currency = picked && currencies.includes(picked) ? picked : currencies[0];

  const options = useMemo(() => {
    if (!data) return undefined;
    const { option: base, axis } = baseOption(token);
    const dayLabel = (day: string) => parseTime(dayDate(day), format.day, lang) ?? day;
    const fullDay = (day: string) => parseTime(dayDate(day), format.fullDay, lang) ?? day;
    const monthLabel = (month: string) => parseTime(dayDate(`${month}-01`), format.month, lang) ?? month;
    const dayAxis = (days: string[]) => ({
      ...axis,
      type: 'category' as const,
      data: days,
      axisLabel: { ...axis.axisLabel, formatter: dayLabel, hideOverlap: true },
    });
    const valueAxis = { ...axis, type: 'value' as const, minInterval: 1 };
    const axisTooltip = (rows: (day: string, i: number) => string) => ({
      ...base.tooltip,
      trigger: 'axis' as const,
      formatter: (params: unknown) => {
        const first = (Array.isArray(params) ? params[0] : params) as { dataIndex: number; name: string };
        return `<b>${html(fullDay(first.name))}</b><br/>${rows(first.name, first.dataIndex)}`;
      },
    });
    const line = (name: string, values: number[], color: string) => ({
      type: 'line' as const,
      name,
      data: values,
      smooth: 0.3,
      smoothMonotone: 'x' as const,
      showSymbol: values.length <= 31,
      symbolSize: 5,
      lineStyle: { width: 2, color },
      itemStyle: { color },
      areaStyle: { color, opacity: 0.08 },
    });

    const emails: ChartOption | undefined = data.emails
      ? {
          ...base,
          grid: { ...base.grid, top: 36 },
          legend: { top: 0, right: 0, icon: 'roundRect', textStyle: { color: token.colorTextSecondary } },
          tooltip: axisTooltip((_day, i) => {
            const d = data.emails?.[i];
            return `${html(t('dashboardCharts.received'))}: ${d?.received ?? 0}<br/>${html(t('dashboardCharts.sent'))}: ${d?.sent ?? 0}`;
          }),
          xAxis: dayAxis(data.emails.map((d) => d.day)),
          yAxis: valueAxis,
          series: [
            line(
              t('dashboardCharts.received'),
              data.emails.map((d) => d.received),
              token.colorPrimary,
            ),
            line(
              t('dashboardCharts.sent'),
              data.emails.map((d) => d.sent),
              token.colorSuccess,
            ),
          ],
        }
      : undefined;

    const inquiryDays: ChartOption | undefined = data.inquiries
      ? {
          ...base,
          tooltip: axisTooltip(
            (_day, i) =>
              `${html(t('dashboardCharts.inquiriesTotal', { count: data.inquiries?.days[i]?.count ?? 0 }))}`,
          ),
          xAxis: dayAxis(data.inquiries.days.map((d) => d.day)),
          yAxis: valueAxis,
          series: [
            {
              type: 'bar',
              data: data.inquiries.days.map((d) => d.count),
              barMaxWidth: 18,
              itemStyle: { color: token.colorPrimary, borderRadius: [3, 3, 0, 0] },
            },
          ],
        }
      : undefined;

    const countryName = (nation: number) =>
      nation === 1 ? t('dashboardCharts.unknownCountry') : lookups.label('nation', nation);
    const countries = [...(data.inquiries?.countries ?? [])].reverse();
    const countryChart: ChartOption | undefined = data.inquiries
      ? {
          ...base,
          grid: { ...base.grid, right: 32 },
          tooltip: { ...base.tooltip, trigger: 'item' },
          xAxis: { ...valueAxis, splitLine: { show: false }, axisLabel: { show: false } },
          yAxis: {
            ...axis,
            type: 'category',
            data: countries.map((c) => countryName(c.nation)),
            axisLine: { show: false },
          },
          series: [
            {
              type: 'bar',
              data: countries.map((c) => c.count),
              barMaxWidth: 16,
              label: { show: true, position: 'right', color: token.colorTextSecondary },
              itemStyle: { color: token.colorPrimary, borderRadius: [0, 3, 3, 0] },
            },
          ],
        }
      : undefined;

    const f = data.funnel;
    const stages = f
      ? [
          { name: t('dashboardCharts.funnelInquiries'), value: f.inquiries, rate: '' },
          {
            name: t('dashboardCharts.funnelQuoted'),
            value: f.quoted,
            rate: t('dashboardCharts.funnelRate', { rate: percent(f.quoted, f.inquiries, lang) }),
          },
          {
            name: t('dashboardCharts.funnelOrdered'),
            value: f.ordered,
            rate: t('dashboardCharts.funnelRate', { rate: percent(f.ordered, f.quoted, lang) }),
          },
        ]
      : [];
    const funnel: ChartOption | undefined = f
      ? {
          ...base,
          tooltip: {
            ...base.tooltip,
            trigger: 'item',
            formatter: (p: unknown) => {
              const { dataIndex } = p as { dataIndex: number };
              const s = stages[dataIndex];
              return s ? `<b>${html(s.name)}</b>: ${s.value}${s.rate ? `<br/>${html(s.rate)}` : ''}` : '';
            },
          },
          series: [
            {
              type: 'funnel',
              left: '8%',
              right: '8%',
              top: 8,
              bottom: 8,
              minSize: '30%',
              sort: 'none',
              gap: 3,
              data: stages.map((s, i) => ({
                name: s.name,
                // The drawn width only; the label says the true figure (a zero stage stays visible).
                value: f.inquiries === 0 ? 3 - i : s.value,
                itemStyle: { color: [token.colorPrimary, token.cyan, token.colorSuccess][i] },
              })),
              label: {
                show: true,
                position: 'inside',
                color: '#fff',
                fontWeight: 500,
                formatter: (p: { dataIndex: number }) => {
                  const s = stages[p.dataIndex];
                  return s ? `${s.name}  ${s.value}` : '';
                },
              },
              itemStyle: { borderWidth: 0 },
            },
          ],
        }
      : undefined;

    const months = monthsOf(data.from, data.to);
    const value = new Map(
      (data.order_value ?? []).filter((r) => r.currency === currency).map((r) => [r.month, r]),
    );
    const orderValue: ChartOption | undefined =
      data.order_value && currency
        ? {
            ...base,
            tooltip: {
              ...base.tooltip,
              trigger: 'axis',
              formatter: (params: unknown) => {
                const first = (Array.isArray(params) ? params[0] : params) as { name: string };
                const row = value.get(first.name);
                return `<b>${html(monthLabel(first.name))}</b><br/>${html(formatMoney(row?.amount ?? '0', currency))} · ${html(t('dashboardCharts.orders', { count: row?.count ?? 0 }))}`;
              },
            },
            xAxis: {
              ...axis,
              type: 'category',
              data: months,
              axisLabel: { ...axis.axisLabel, formatter: monthLabel, hideOverlap: true },
            },
            yAxis: { ...axis, type: 'value' },
            series: [
              {
                type: 'bar',
                // Bar heights only; tooltips and labels show the exact decimal strings.
                data: months.map((m) => Number(value.get(m)?.amount ?? 0)),
                barMaxWidth: 28,
                itemStyle: { color: token.gold, borderRadius: [3, 3, 0, 0] },
              },
            ],
          }
        : undefined;

    const ranking = (
      rows: { name: string; amount: string; count: number }[] | undefined,
      color: string,
    ): ChartOption | undefined => {
      if (!rows?.length || !currency) return undefined;
      const list = [...rows].reverse();
      return {
        ...base,
        grid: { ...base.grid, right: 96 },
        tooltip: {
          ...base.tooltip,
          trigger: 'item',
          formatter: (p: unknown) => {
            const row = list[(p as { dataIndex: number }).dataIndex];
            return row
              ? `<b>${html(row.name)}</b><br/>${html(formatMoney(row.amount, currency))} · ${html(t('dashboardCharts.orders', { count: row.count }))}`
              : '';
          },
        },
        xAxis: { ...axis, type: 'value', splitLine: { show: false }, axisLabel: { show: false } },
        yAxis: {
          ...axis,
          type: 'category',
          data: list.map((r) => r.name),
          axisLine: { show: false },
          axisLabel: { ...axis.axisLabel, width: 140, overflow: 'truncate' },
        },
        series: [
          {
            type: 'bar',
            data: list.map((r) => Number(r.amount)),
            barMaxWidth: 16,
            label: {
              show: true,
              position: 'right',
              color: token.colorTextSecondary,
              formatter: (p: { dataIndex: number }) =>
                formatMoney(list[p.dataIndex]?.amount ?? '0', currency),
            },
            itemStyle: { color, borderRadius: [0, 3, 3, 0] },
          },
        ],
      };
    };
    const topCustomers = data.top_customers?.find((g) => g.currency === currency)?.items;
    const topProducts = data.top_products?.find((g) => g.currency === currency)?.items;
    return {
      emails,
      inquiryDays,
      countryChart,
      funnel,
      orderValue,
      value,
      topCustomers,
      topProducts,
      customers: ranking(topCustomers, token.colorPrimary),
      products: ranking(topProducts, token.purple),
    };
  }, [data, token, lang, format, t, lookups, currency]);

  if (!data || !options) return <Skeleton active paragraph={{ rows: 6 }} />;
  const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);
  const mail = data.emails;
  const inquiries = data.inquiries;
  const showMail = mail || inquiries;
  const showSales = data.funnel || data.order_value;
  if (!showMail && !showSales) return null;
  const reversedTop = [...(options.topCustomers ?? [])].reverse();
  const openCustomer = (index: number) => {
    const id = reversedTop[index]?.customer_id;
    const to = id ? `/customer/detail/${id}` : undefined;
    if (to && canOpen(to)) navigate(to);
  };
  const periodValue = currency
    ? [...options.value.values()].reduce(
        (acc, r) => ({ count: acc.count + r.count, amounts: [...acc.amounts, r.amount] }),
        { count: 0, amounts: [] as string[] },
      )
    : undefined;
  const chartHeight = 240;

  return (
    <div className="dashboard-charts" data-testid="dashboard-charts" data-from={data.from} data-to={data.to}>
      {showMail && (
        <>
          <Typography.Title level={5} className="dashboard__section">
            {t('dashboardCharts.mailTitle')}
          </Typography.Title>
          <Row gutter={[16, 16]}>
            {mail && options.emails && (
              <Col xs={24} lg={inquiries ? 12 : 24} xl={inquiries ? 8 : 24}>
                <ChartCard
                  title={t('dashboardCharts.emails')}
                  testId="chart-emails"
                  extra={t('dashboardCharts.emailsTotal', {
                    received: toThousands(sum(mail.map((d) => d.received))),
                    sent: toThousands(sum(mail.map((d) => d.sent))),
                  })}
                >
                  <EChart option={options.emails} height={chartHeight} label={t('dashboardCharts.emails')} />
                </ChartCard>
              </Col>
            )}
            {inquiries && options.inquiryDays && (
              <Col xs={24} lg={12} xl={8}>
                <ChartCard
                  title={t('dashboardCharts.inquiries')}
                  testId="chart-inquiries"
                  extra={t('dashboardCharts.inquiriesTotal', {
                    count: sum(inquiries.days.map((d) => d.count)),
                  })}
                >
                  <EChart
                    option={options.inquiryDays}
                    height={chartHeight}
                    label={t('dashboardCharts.inquiries')}
                  />
                </ChartCard>
              </Col>
            )}
            {inquiries && options.countryChart && (
              <Col xs={24} xl={8}>
                <ChartCard
                  title={t('dashboardCharts.countries')}
                  testId="chart-countries"
                  extra={
                    inquiries.countries.length > 0
                      ? t('dashboardCharts.countriesTotal', { count: inquiries.countries.length })
                      : undefined
                  }
                >
                  {inquiries.countries.length ? (
                    <EChart
                      option={options.countryChart}
                      height={chartHeight}
                      label={t('dashboardCharts.countries')}
                    />
                  ) : (
                    <NoData text={t('dashboardCharts.noData')} />
                  )}
                </ChartCard>
              </Col>
            )}
          </Row>
        </>
      )}
      {showSales && (
        <>
          <div className="dashboard-charts__heading">
            <Typography.Title level={5} className="dashboard__section">
              {t('dashboardCharts.salesTitle')}
            </Typography.Title>
            {currencies.length > 1 && (
              <Segmented
                size="small"
                aria-label={t('dashboardCharts.currency')}
                value={currency}
                options={currencies}
                onChange={(c) => setPicked(String(c))}
                data-testid="chart-currency"
              />
            )}
          </div>
          <Row gutter={[16, 16]}>
            {data.funnel && options.funnel && (
              <Col xs={24} lg={12} xl={8}>
                <ChartCard
                  title={t('dashboardCharts.funnel')}
                  testId="chart-funnel"
                  extra={t('dashboardCharts.funnelTotal', {
                    rate: percent(data.funnel.ordered, data.funnel.inquiries, lang),
                  })}
                >
                  <EChart
                    option={options.funnel}
                    height={chartHeight - 40}
                    label={t('dashboardCharts.funnel')}
                  />
                  <div className="dashboard-funnel__rates">
                    <span>
                      {t('dashboardCharts.funnelQuoted')}{' '}
                      <b>{percent(data.funnel.quoted, data.funnel.inquiries, lang)}</b>
                    </span>
                    <span>
                      {t('dashboardCharts.funnelOrdered')}{' '}
                      <b>{percent(data.funnel.ordered, data.funnel.quoted, lang)}</b>
                    </span>
                  </div>
                </ChartCard>
              </Col>
            )}
            {data.order_value && (
              <Col xs={24} lg={data.funnel ? 12 : 24} xl={data.funnel ? 16 : 24}>
                <ChartCard
                  title={t('dashboardCharts.orderValue')}
                  testId="chart-order-value"
                  extra={
                    currency && periodValue
                      ? `${formatMoney(sumDecimals(periodValue.amounts), currency)} · ${t('dashboardCharts.orders', { count: periodValue.count })}`
                      : undefined
                  }
                >
                  {options.orderValue ? (
                    <EChart
                      option={options.orderValue}
                      height={chartHeight}
                      label={t('dashboardCharts.orderValue')}
                    />
                  ) : (
                    <NoData text={t('dashboardCharts.noOrders')} />
                  )}
                </ChartCard>
              </Col>
            )}
            {data.top_customers && (
              <Col xs={24} xl={12}>
                <ChartCard title={t('dashboardCharts.topCustomers')} testId="chart-top-customers">
                  {options.customers ? (
                    <EChart
                      option={options.customers}
                      height={chartHeight - 40}
                      label={t('dashboardCharts.topCustomers')}
                      onItemClick={openCustomer}
                    />
                  ) : (
                    <NoData text={t('dashboardCharts.noOrders')} />
                  )}
                </ChartCard>
              </Col>
            )}
            {data.top_products && (
              <Col xs={24} xl={12}>
                <ChartCard title={t('dashboardCharts.topProducts')} testId="chart-top-products">
                  {options.products ? (
                    <EChart
                      option={options.products}
                      height={chartHeight - 40}
                      label={t('dashboardCharts.topProducts')}
                    />
                  ) : (
                    <NoData text={t('dashboardCharts.noOrders')} />
                  )}
                </ChartCard>
              </Col>
            )}
          </Row>
        </>
      )}
    </div>
  );
}
