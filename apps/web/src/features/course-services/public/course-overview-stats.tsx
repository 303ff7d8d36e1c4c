import type { CourseOverviewStats as Stats } from '@lectern/contracts/course-services/course-overview-stats.schemas';
import { Card, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../shared/components/page-state.tsx';
import { useCourseOverviewStats } from '../api/get-course-overview-stats.ts';

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`);

function Figure({ title, value, note }: { title: string; value: ReactNode; note?: ReactNode }) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Statistic
        title={title}
        value={typeof value === 'number' ? value : undefined}
        formatter={() => value}
      />
      {note ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {note}
        </Typography.Text>
      ) : null}
    </Card>
  );
}

function Figures({ stats }: { stats: Stats }) {
  const { t } = useTranslation(['course-services', 'activities']);
  const byType = stats.activities_by_type
    .map((row) => `${t(`activities:types.${row.type}`, { defaultValue: row.type })} ${row.count}`)
    .join(' · ');
  const period = stats.period;
  return (
    <div
      role="list"
      style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))' }}
    >
      <div role="listitem">
        <Figure
          title={t('overviewStats.students')}
          value={stats.student_count}
          note={t('overviewStats.activeStudents', { count: stats.active_students_last_7_days })}
        />
      </div>
      <div role="listitem">
        <Figure
          title={t('overviewStats.activities')}
          value={t('overviewStats.published', {
            published: stats.published_activity_count,
            total: stats.activity_count,
          })}
          note={byType || undefined}
        />
      </div>
      <div role="listitem">
        <Figure title={t('overviewStats.completion')} value={percent(stats.average_completion_rate)} />
      </div>
      <div role="listitem">
        <Figure
          title={t('overviewStats.toMark')}
          value={stats.submissions_to_mark}
          note={t('overviewStats.toMarkNote', {
            homework: stats.homework_to_mark,
            exams: stats.exams_to_mark,
          })}
        />
      </div>
      <div role="listitem">
        <Figure
          title={t('overviewStats.examScore')}
          value={stats.average_exam_score === null ? '—' : `${stats.average_exam_score}%`}
          note={t('overviewStats.examSubmissions', { count: stats.exam_submission_count })}
        />
      </div>
      <div role="listitem">
        <Figure
          title={t('overviewStats.period')}
          value={
            period.elapsed_days === null
              ? '—'
              : period.total_days === null
                ? t('overviewStats.day', { day: period.elapsed_days })
                : t('overviewStats.dayOf', { day: period.elapsed_days, total: period.total_days })
          }
          note={t('overviewStats.handIns', { count: period.hand_ins })}
        />
      </div>
    </div>
  );
}

/**
 * The course's figures at a glance for its teaching team, as a row of small cards above the course page:
 * students, activities, completion, hand-ins to mark, exam scores and the course period.
 */
export function CourseOverviewStats({ courseId }: { courseId: number }) {
  const { t } = useTranslation('course-services');
  const stats = useCourseOverviewStats(courseId);
  return (
    <section aria-label={t('overviewStats.title')}>
      {stats.isError ? (
        <ErrorState error={stats.error} onRetry={() => void stats.refetch()} retrying={stats.isRefetching} />
      ) : stats.data ? (
        <Figures stats={stats.data} />
      ) : null}
    </section>
  );
}
