import {
  STUDENT_STAT_TYPES,
  STUDENT_STATS_LIMITS,
  type StudentStatType,
} from '@lectern/contracts/course-services/student-stats.schemas';
import { DatePicker, Flex, Form, Select, Statistic, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyBarChart } from '../../../shared/components/lazy-bar-chart.tsx';
import { ErrorState } from '../../../shared/components/page-state.tsx';
import { ScrollableTable } from '../../../shared/components/scrollable-table.tsx';
import { useStudentStats } from '../api/get-student-stats.ts';

const DAY_FORMAT = 'YYYY-MM-DD';

/** The browser's zone, so "a day" on screen is the admin's day. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * Students' activity across the chosen courses: active students, visits or hand-ins per day over a
 * range (the last 30 days at first), drawn as bars, with every figure in the tables below the chart.
 */
export function StudentStatsPanel({ courses }: { courses: readonly { id: number; name: string }[] }) {
  const { t } = useTranslation('course-services');
  const [statType, setStatType] = useState<StudentStatType>('active_students');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(29, 'day'), dayjs()]);
  const timezone = useMemo(() => browserTimeZone(), []);
  const stats = useStudentStats({
    courseIds: courses.map((c) => c.id),
    startDate: range[0].format(DAY_FORMAT),
    endDate: range[1].format(DAY_FORMAT),
    statType,
    timezone,
  });
  const result = stats.data?.result;
  const chart = useMemo(() => {
    const days = result?.days ?? [];
    const max = Math.max(1, ...days.map((d) => d.value));
    return {
      categories: days.map((d) => d.date.slice(5)),
      series: [{ name: t(`studentStats.types.${statType}`), data: days.map((d) => d.value) }],
      yAxis: { min: 0, max },
    };
  }, [result, statType, t]);

  return (
    <section aria-labelledby="student-stats-title">
      <Flex vertical gap={12}>
        <Typography.Title level={2} id="student-stats-title" style={{ fontSize: 18, margin: 0 }}>
          {t('studentStats.title')}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('studentStats.intro', { max: STUDENT_STATS_LIMITS.maxCourses })}
        </Typography.Text>
        <Flex gap={16} wrap="wrap">
          <Form.Item label={t('studentStats.type')} htmlFor="student-stats-type" style={{ margin: 0 }}>
            <Select<StudentStatType>
              id="student-stats-type"
              style={{ width: 200 }}
              value={statType}
              onChange={setStatType}
              options={STUDENT_STAT_TYPES.map((type) => ({
                value: type,
                label: t(`studentStats.types.${type}`),
              }))}
            />
          </Form.Item>
          <Form.Item label={t('studentStats.range')} htmlFor="student-stats-range" style={{ margin: 0 }}>
            <DatePicker.RangePicker
              id={{ start: 'student-stats-range' }}
              allowClear={false}
              value={range}
              disabledDate={(day, info) => {
                const from = info.from;
                return from !== undefined && Math.abs(day.diff(from, 'day')) >= STUDENT_STATS_LIMITS.maxDays;
              }}
              onChange={(value) => {
                if (value?.[0] && value[1]) setRange([value[0], value[1]]);
              }}
            />
          </Form.Item>
        </Flex>
        {courses.length === 0 ? (
          <Typography.Text type="secondary">{t('studentStats.chooseCourses')}</Typography.Text>
        ) : stats.isError ? (
          <ErrorState
            error={stats.error}
            onRetry={() => void stats.refetch()}
            retrying={stats.isRefetching}
          />
        ) : (
          <>
            <Flex gap={32} wrap="wrap" aria-live="polite">
              <Statistic
                title={t('studentStats.students')}
                value={result?.student_count ?? 0}
                loading={stats.isPending}
              />
              <Statistic
                title={t(`studentStats.totals.${statType}`)}
                value={result?.total ?? 0}
                loading={stats.isPending}
              />
            </Flex>
            {result ? (
              <LazyBarChart
                title={t('studentStats.chartTitle', { type: t(`studentStats.types.${statType}`) })}
                loadingText={t('studentStats.chartLoading')}
                categories={chart.categories}
                series={chart.series}
                yAxis={chart.yAxis}
                rotateLabels={chart.categories.length > 14}
              />
            ) : null}
            <ScrollableTable label={t('studentStats.byCourse')}>
              <Table
                rowKey="course_id"
                size="small"
                loading={stats.isPending}
                pagination={false}
                scroll={{ x: 480 }}
                dataSource={result?.courses ?? []}
                columns={[
                  { key: 'name', title: t('studentStats.course'), dataIndex: 'name' },
                  {
                    key: 'students',
                    title: t('studentStats.students'),
                    dataIndex: 'student_count',
                    width: 110,
                  },
                  {
                    key: 'value',
                    title: t(`studentStats.totals.${statType}`),
                    dataIndex: 'value',
                    width: 160,
                  },
                ]}
              />
            </ScrollableTable>
            <ScrollableTable label={t('studentStats.byDay')}>
              <Table
                rowKey="date"
                size="small"
                loading={stats.isPending}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                scroll={{ x: 320 }}
                dataSource={result?.days ?? []}
                columns={[
                  { key: 'date', title: t('studentStats.date'), dataIndex: 'date' },
                  {
                    key: 'value',
                    title: t(`studentStats.types.${statType}`),
                    dataIndex: 'value',
                    width: 160,
                  },
                ]}
              />
            </ScrollableTable>
          </>
        )}
      </Flex>
    </section>
  );
}
