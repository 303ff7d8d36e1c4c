import type { ItemStatistics } from '@lectern/contracts/exams/exam-statistics.schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyBarChart } from '../../../../shared/components/lazy-bar-chart.tsx';

const INDEX_AXIS = { min: -1, max: 1 };

/** Facility and discrimination per question as grouped bars; the table below carries every figure. */
export function ItemAnalysisChart({ items }: { items: readonly ItemStatistics[] }) {
  const { t } = useTranslation('exams');
  const categories = useMemo(
    () => items.map((item) => t('analysis.chartQuestion', { number: item.number })),
    [items, t],
  );
  const series = useMemo(
    () => [
      { name: t('analysis.facility'), data: items.map((item) => item.facility_index) },
      { name: t('analysis.discrimination'), data: items.map((item) => item.discrimination_index) },
    ],
    [items, t],
  );
  return (
    <LazyBarChart
      title={t('analysis.chartTitle')}
      loadingText={t('analysis.loadingChart')}
      categories={categories}
      series={series}
      yAxis={INDEX_AXIS}
    />
  );
}
