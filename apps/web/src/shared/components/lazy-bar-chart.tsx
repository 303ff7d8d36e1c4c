import { Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';

/** One bar series: its legend name and a value per category (null draws no bar). */
export type BarSeries = { name: string; data: readonly (number | null)[] };

export type LazyBarChartProps = {
  /** Caption and accessible name: the table beside the chart carries every figure, the chart is a picture. */
  title: string;
  loadingText: string;
  categories: readonly string[];
  series: readonly BarSeries[];
  yAxis: { min: number; max: number; percent?: boolean };
  /** Tilt the category labels (many categories, long names). */
  rotateLabels?: boolean;
};

/**
 * Grouped bars drawn by ECharts. ECharts is large and only a few statistics pages draw it, so it is
 * imported when the chart mounts (its own chunk), never with a page's first load. The caller keeps its
 * props stable (useMemo) so the chart is drawn once per change of data.
 */
export function LazyBarChart({
  title,
  loadingText,
  categories,
  series,
  yAxis,
  rotateLabels,
}: LazyBarChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    let chart: { dispose(): void; resize(): void } | null = null;
    let observer: ResizeObserver | null = null;
    void (async () => {
      const [core, charts, components, renderers] = await Promise.all([
        import('echarts/core'),
        import('echarts/charts'),
        import('echarts/components'),
        import('echarts/renderers'),
      ]);
      if (disposed || !element.current) return;
      core.use([
        charts.BarChart,
        components.GridComponent,
        components.LegendComponent,
        components.TooltipComponent,
        renderers.SVGRenderer,
      ]);
      const instance = core.init(element.current, undefined, { renderer: 'svg' });
      instance.setOption({
        tooltip: { trigger: 'axis' },
        legend: { data: series.map((s) => s.name) },
        grid: { left: 40, right: 16, bottom: rotateLabels ? 48 : 32, top: 40 },
        xAxis: {
          type: 'category',
          data: [...categories],
          axisLabel: rotateLabels ? { interval: 0, rotate: 30, width: 80, overflow: 'truncate' } : {},
        },
        yAxis: {
          type: 'value',
          min: yAxis.min,
          max: yAxis.max,
          ...(yAxis.percent ? { axisLabel: { formatter: '{value}%' } } : {}),
        },
        series: series.map((s) => ({ name: s.name, type: 'bar', data: [...s.data] })),
      });
      chart = instance;
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => instance.resize());
        observer.observe(element.current);
      }
      setReady(true);
    })().catch(() => {
      // Without the chart the table still carries every figure.
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart?.dispose();
    };
  }, [categories, series, yAxis, rotateLabels]);

  return (
    <figure style={{ margin: 0 }}>
      <figcaption>
        <Typography.Text strong>{title}</Typography.Text>
      </figcaption>
      {!ready && <Typography.Text type="secondary">{loadingText}</Typography.Text>}
      <div ref={element} role="img" aria-label={title} style={{ width: '100%', height: 280 }} />
    </figure>
  );
}
