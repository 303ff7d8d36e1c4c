import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyBarChart } from '../../../shared/components/lazy-bar-chart.tsx';

export interface MasteryChartItem {
  name: string;
  mastery: number | null;
  completeness: number | null;
}

const asPercent = (rate: number | null) => (rate === null ? null : Math.round(rate * 100));
const PERCENT_AXIS = { min: 0, max: 100, percent: true };

/** Mastery and completeness per node as grouped bars; the table beside it carries every figure. */
export function MasteryBarChart({ items, title }: { items: readonly MasteryChartItem[]; title: string }) {
  const { t } = useTranslation('knowledge-graph');
  const categories = useMemo(() => items.map((item) => item.name), [items]);
  const series = useMemo(
    () => [
      { name: t('stats.mastery'), data: items.map((item) => asPercent(item.mastery)) },
      { name: t('stats.completeness'), data: items.map((item) => asPercent(item.completeness)) },
    ],
    [items, t],
  );
  return (
    <LazyBarChart
      title={title}
      loadingText={t('stats.loadingChart')}
      categories={categories}
      series={series}
      yAxis={PERCENT_AXIS}
      rotateLabels={items.length > 6}
    />
  );
}
