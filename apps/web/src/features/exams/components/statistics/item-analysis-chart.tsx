import type { ItemStatistics } from '@lectern/contracts/exams/exam-statistics.schemas';
import { Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Facility and discrimination per question as grouped bars. ECharts is large and only this page draws it,
 * so it is imported when the chart mounts (its own chunk), never with the page's first load.
 */
export function ItemAnalysisChart({ items }: { items: readonly ItemStatistics[] }) {
  const { t } = useTranslation('exams');
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
        legend: { data: [t('analysis.facility'), t('analysis.discrimination')] },
        grid: { left: 40, right: 16, bottom: 32, top: 40 },
        xAxis: {
          type: 'category',
          data: items.map((item) => t('analysis.chartQuestion', { number: item.number })),
        },
        yAxis: { type: 'value', min: -1, max: 1 },
        series: [
          { name: t('analysis.facility'), type: 'bar', data: items.map((item) => item.facility_index) },
          {
            name: t('analysis.discrimination'),
            type: 'bar',
            data: items.map((item) => item.discrimination_index),
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
      // Without the chart the table below still carries every figure.
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
        <Typography.Text strong>{t('analysis.chartTitle')}</Typography.Text>
      </figcaption>
      {!ready && <Typography.Text type="secondary">{t('analysis.loadingChart')}</Typography.Text>}
      {/* The figures are all in the table; the chart is a picture of them. */}
      <div
        ref={element}
        role="img"
        aria-label={t('analysis.chartTitle')}
        style={{ width: '100%', height: 280 }}
      />
    </figure>
  );
}
