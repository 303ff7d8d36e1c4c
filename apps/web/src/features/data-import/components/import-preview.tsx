import type { IdentifyImportResponse } from '@lectern/contracts/data-import/data-import.schemas';
import { EXAM_LIMITS } from '@lectern/contracts/exams/exam-settings';
import { Alert, App, Button, Flex, InputNumber, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/http-client.ts';
import { formatPoints } from '../../exams/public/subject-labels.ts';
import { useUpdateExamTotal } from '../api/update-exam-total.ts';
import { categoryGroups, hasCategories } from '../api/save-by-category.ts';
import { ImportedSubjectCard } from './imported-subject-card.tsx';

/** The exam the questions go into, when its total may be changed from here. */
export interface ImportExamPoints {
  activityId: number;
  /** The exam's total points and the points its questions already use. */
  total: number;
  used: number;
  /** After the new total is stored. */
  onSaved?: ((total: number) => void) | undefined;
}

export interface ImportPreviewProps {
  result: IdentifyImportResponse;
  /** Points still free in the exam or classroom exam; null for a library, which has no limit. */
  remainingPoints: number | null;
  /** Changes one previewed question's points (offered while the points do not fit). */
  onPointChange?: ((index: number, point: number) => void) | undefined;
  exam?: ImportExamPoints | undefined;
}

/**
 * Whether the questions do not fit the points left: more than are free, or none free at all (the exam is
 * full, so whatever is imported would count for nothing).
 */
export function pointsProblem(
  result: Pick<IdentifyImportResponse, 'total_point' | 'subjects'>,
  remainingPoints: number | null,
): 'over' | 'full' | null {
  if (remainingPoints === null || result.subjects.length === 0) return null;
  if (remainingPoints <= 1e-9) return 'full';
  return result.total_point - remainingPoints > 1e-9 ? 'over' : null;
}

/** The exam's total points, changed in place so the questions fit. */
function ExamTotalEditor({ exam, needed }: { exam: ImportExamPoints; needed: number }) {
  const { t } = useTranslation('data-import');
  const { message } = App.useApp();
  const inputId = useId();
  const suggested = Math.min(EXAM_LIMITS.totalPointsMax, Math.round((exam.used + needed) * 10) / 10);
  const [total, setTotal] = useState<number>(Math.max(exam.total, suggested));
  const update = useUpdateExamTotal();
  return (
    <Flex gap={8} align="center" wrap>
      <label htmlFor={inputId}>{t('points.examTotal')}</label>
      <InputNumber
        id={inputId}
        min={0.1}
        max={EXAM_LIMITS.totalPointsMax}
        step={1}
        precision={1}
        value={total}
        onChange={(value) => {
          if (typeof value === 'number') setTotal(value);
        }}
      />
      <Button
        loading={update.isPending}
        disabled={total === exam.total}
        onClick={() =>
          void update.mutateAsync({ activityId: exam.activityId, totalPoints: total }).then(
            () => {
              exam.onSaved?.(total);
              void message.success(t('points.totalSaved', { total: formatPoints(total) }));
            },
            (error: unknown) =>
              void message.error(isApiError(error) ? error.message : t('points.totalFailed')),
          )
        }
      >
        {t('points.saveTotal')}
      </Button>
    </Flex>
  );
}

/** The identified questions: a summary line, what was left out, and one card per question. */
export function ImportPreview({ result, remainingPoints, onPointChange, exam }: ImportPreviewProps) {
  const { t } = useTranslation('data-import');
  const problem = pointsProblem(result, remainingPoints);
  const over = problem !== null;
  // A file that files its questions under categories is previewed category by category.
  const grouped = hasCategories(result.subjects);
  const groups = grouped ? categoryGroups(result.subjects) : [{ category: null, subjects: result.subjects }];
  const indexOf = new Map(result.subjects.map((subject, index) => [subject, index]));
  const categoryName = (category: string | null) => category ?? t('preview.noCategory');
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap role="status" aria-live="polite">
        <Typography.Text strong>
          {t('preview.summary', { count: result.subjects.length, points: formatPoints(result.total_point) })}
        </Typography.Text>
        <Typography.Text type={result.error_count > 0 ? 'danger' : 'success'}>
          {t('preview.errorCount', { count: result.error_count })}
        </Typography.Text>
        {remainingPoints !== null && (
          <Typography.Text type={over ? 'danger' : 'secondary'}>
            {t('preview.remaining', { remaining: formatPoints(remainingPoints) })}
          </Typography.Text>
        )}
      </Flex>
      {problem && remainingPoints !== null && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={t(problem === 'full' ? 'points.fullTitle' : 'points.overTitle')}
          description={
            <Flex vertical gap={8}>
              <Typography.Text>
                {t(problem === 'full' ? 'points.full' : 'points.over', {
                  total: formatPoints(result.total_point),
                  remaining: formatPoints(remainingPoints),
                })}
              </Typography.Text>
              {exam && <ExamTotalEditor exam={exam} needed={result.total_point} />}
            </Flex>
          }
        />
      )}
      {result.warnings.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('preview.warningsTitle')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {result.warnings.map((warning, index) => (
                <li key={index}>{warning}</li>
              ))}
            </ul>
          }
        />
      )}
      {groups.map((group) => (
        <Flex
          vertical
          gap={12}
          key={group.category ?? ''}
          role={grouped ? 'group' : undefined}
          aria-label={grouped ? categoryName(group.category) : undefined}
        >
          {grouped && (
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('preview.categoryGroup', {
                category: categoryName(group.category),
                count: group.subjects.length,
              })}
            </Typography.Title>
          )}
          {group.subjects.map((subject) => {
            const index = indexOf.get(subject) ?? 0;
            return (
              <ImportedSubjectCard
                key={`${subject.line}-${index}`}
                subject={subject}
                position={String(index + 1)}
                onPointChange={
                  problem && onPointChange ? (point: number) => onPointChange(index, point) : undefined
                }
              />
            );
          })}
        </Flex>
      ))}
    </Flex>
  );
}
