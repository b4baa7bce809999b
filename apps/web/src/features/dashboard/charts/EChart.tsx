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
import { nearScreen } from '@/shared/ui/NearScreen';
import { type DrawJob, queueDraw, visibilityChanged } from './draw-queue';

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

/**
 * One ECharts canvas: its box is laid out at once (the page does not move when it draws), the chart
 * is drawn when its turn comes (draw-queue.ts: on screen first, one per task, the others when the
 * browser is idle), given each new option whole, resized with its box, disposed on leave.
 */
export function EChart({ option, height, label, onItemClick, testId }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const latest = useRef(option);
  latest.current = option;
  const click = useRef(onItemClick);
  click.current = onItemClick;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let instance: ECharts | undefined;
    let resized: ResizeObserver | undefined;
    const seen = new IntersectionObserver(
      ([entry]) => {
        job.visible = entry?.isIntersecting ?? false;
        visibilityChanged(job);
      },
      // Close to the screen counts as on it: a chart scrolled to is drawn by the time it shows.
      nearScreen(element, '200px 0px'),
    );
    const job: DrawJob = {
      element,
      visible: false,
      draw: () => {
        seen.disconnect();
        const drawn = init(element, undefined, { renderer: 'canvas' });
        instance = drawn;
        chart.current = drawn;
        drawn.on('click', (params) => click.current?.(params.dataIndex));
        // Drawn out of sight (an idle moment): no entrance animation nobody would see, a second of
        // frames less for a phone. Later options (a period change) animate as usual.
        drawn.setOption(job.visible ? latest.current : { ...latest.current, animation: false }, {
          notMerge: true,
        });
        // A tab hidden while the period changed has no size; it draws again when shown. The first
        // report is the size it was just drawn at: nothing to do (drawing twice cost as much again).
        resized = new ResizeObserver(([entry]) => {
          const size = entry?.contentRect;
          if (!size) return;
          if (Math.abs(size.width - drawn.getWidth()) < 1 && Math.abs(size.height - drawn.getHeight()) < 1)
            return;
          drawn.resize();
        });
        resized.observe(element);
      },
    };
    seen.observe(element);
    const unqueue = queueDraw(job);
    return () => {
      unqueue();
      seen.disconnect();
      resized?.disconnect();
      instance?.dispose();
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
