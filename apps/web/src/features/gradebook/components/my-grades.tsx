import type { GradebookRow, GradeScoreItem } from '@lectern/contracts/gradebook/gradebook.schemas';
import { Card, Flex, Statistic, Tag, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../shared/components/page-state.tsx';

export interface MyGradesProps {
  courseId: number;
  items: GradeScoreItem[];
  /** The student's own row; absent for someone who is not a student of the course. */
  row: GradebookRow | undefined;
}

/** A student's released grades as a column of cards: readable on a phone, no table to scroll. */
export function MyGrades({ courseId, items, row }: MyGradesProps) {
  const { t } = useTranslation('gradebook');
  const listId = useId();
  if (items.length === 0 || !row) return <EmptyState description={t('mine.empty')} />;

  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Statistic
          title={t('mine.total')}
          value={row.total ?? '—'}
          suffix={row.total === null ? undefined : '%'}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('mine.totalHint')}
        </Typography.Text>
      </Card>
      <ul id={listId} aria-label={t('title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item, index) => {
          const score = row.scores[index]?.score ?? null;
          return (
            <li key={item.id} style={{ marginBottom: 8 }}>
              <Card size="small">
                <Flex justify="space-between" align="flex-start" gap={12}>
                  <Flex vertical gap={4} style={{ minWidth: 0 }}>
                    <Link
                      to={`/course/${courseId}/activity/${item.id}`}
                      style={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                    >
                      {item.title}
                    </Link>
                    <span>
                      <Tag>{t(`types.${item.type}`)}</Tag>
                    </span>
                  </Flex>
                  <Typography.Text
                    strong={score !== null}
                    type={score === null ? 'secondary' : undefined}
                    style={{ flexShrink: 0, textAlign: 'right' }}
                  >
                    {score === null ? t('mine.noScore') : t('mine.score', { score, max: item.max_score })}
                  </Typography.Text>
                </Flex>
              </Card>
            </li>
          );
        })}
      </ul>
    </Flex>
  );
}
