import { Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface MasteryChartItem {
  name: string;
  mastery: number | null;
  completeness: number | null;
}

const asPercent = (rate: number | null) => (rate === null ? null : Math.round(rate * 100));

/**
 * Mastery and completeness per node as grouped bars. ECharts is large and only the statistics draw it, so it
 * is imported when the chart mounts (its own chunk), as the exams' item analysis does. The table beside it
 * carries every figure; the chart is a picture of them.
 */
export function MasteryBarChart({ items, title }: { items: readonly MasteryChartItem[]; title: string }) {
  const { t } = useTranslation('knowledge-graph');
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
        legend: { data: [t('stats.mastery'), t('stats.completeness')] },
        grid: { left: 40, right: 16, bottom: 48, top: 40 },
        xAxis: {
          type: 'category',
          data: items.map((item) => item.name),
          axisLabel: { interval: 0, rotate: items.length > 6 ? 30 : 0, width: 80, overflow: 'truncate' },
        },
        yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
        series: [
          { name: t('stats.mastery'), type: 'bar', data: items.map((item) => asPercent(item.mastery)) },
          {
            name: t('stats.completeness'),
            type: 'bar',
            data: items.map((item) => asPercent(item.completeness)),
          },
        ],
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
  }, [items, t]);

  return (
    <figure style={{ margin: 0 }}>
      <figcaption>
        <Typography.Text strong>{title}</Typography.Text>
      </figcaption>
      {!ready && <Typography.Text type="secondary">{t('stats.loadingChart')}</Typography.Text>}
      <div ref={element} role="img" aria-label={title} style={{ width: '100%', height: 280 }} />
    </figure>
  );
}
