import {
  BarChart,
  type BarSeriesOption,
  FunnelChart,
  type FunnelSeriesOption,
  LineChart,
  type LineSeriesOption,
} from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, type ECharts, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only the charts and parts the dashboard draws: the chunk stays a fraction of the whole library.
use([BarChart, LineChart, FunnelChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | FunnelSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
>;

type Props = {
  option: ChartOption;
  height: number;
  /** What the chart shows, for screen readers (the figures are also in the card's heading). */
  label: string;
  /** A click on a data item (a bar, a funnel step), by its index in the series. */
  onItemClick?: (index: number) => void;
  testId?: string;
};

/** One ECharts canvas: made once, given each new option whole, resized with its box, disposed on leave. */
export function EChart({ option, height, label, onItemClick, testId }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const click = useRef(onItemClick);
  click.current = onItemClick;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.on('click', (params) => click.current?.(params.dataIndex));
    // A tab hidden while the period changed has no size; it draws again when shown.
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div
      ref={box}
      className={onItemClick ? 'dashboard-chart dashboard-chart--clickable' : 'dashboard-chart'}
      style={{ height }}
      role="img"
      aria-label={label}
      data-testid={testId}
    />
  );
}
