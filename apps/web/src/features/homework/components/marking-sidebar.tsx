import { HOMEWORK_LIMITS } from '@lectern/contracts/homework/homework-settings';
import { parseHomeworkScore } from '@lectern/contracts/homework/homework.rules';
import type {
  HomeworkDetail,
  HomeworkSubmission,
  RubricScore,
} from '@lectern/contracts/homework/homework.schemas';
import type { RubricScoreSelection } from '@lectern/contracts/rubrics/rubric.schemas';
import { Alert, App, Button, Divider, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RubricScoreDialog } from '../../rubrics/public/rubric-score-dialog.tsx';
import { useRubric } from '../../rubrics/public/use-rubric.ts';
import { useUpdateSubmissionScore } from '../api/update-submission-score.ts';
import { AiGradingPanel } from './ai-grading-panel.tsx';
import { homeworkMessage } from './homework-messages.ts';
import { MarkingMarkedFiles } from './marking-marked-files.tsx';
import { scoreProblem, scoreSaveFailure, scoreText } from './marking-rules.ts';
import { ScoreRecordsList } from './score-records-list.tsx';

/** Addendum section 8: a failed save says why for 3 seconds. */
const SAVE_FAILURE_SECONDS = 3;

interface ScoreValues {
  score: string;
  instructor_comment: string;
}

/** Only positions travel back to the dialog; other keys a stored rubric score may carry are dropped. */
function asSelection(rubricScore: RubricScore | null): RubricScoreSelection | null {
  if (!rubricScore) return null;
  return rubricScore.flatMap((item) =>
    typeof item.condition_index === 'number' && typeof item.level_index === 'number'
      ? [{ condition_index: item.condition_index, level_index: item.level_index }]
      : [],
  );
}

function RubricLink({
  rubricId,
  value,
  disabled,
  onScore,
}: {
  rubricId: number;
  value: RubricScore | null;
  disabled: boolean;
  onScore: (result: { rubric_score: RubricScoreSelection; score: number }) => void;
}) {
  const { t } = useTranslation('homework');
  const rubric = useRubric(rubricId);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="link"
        size="small"
        style={{ paddingInline: 0 }}
        disabled={!rubric.data}
        loading={rubric.isPending}
        onClick={() => setOpen(true)}
      >
        {t('marking.score.rubric')}
      </Button>
      {rubric.data ? (
        <RubricScoreDialog
          open={open}
          rubric={rubric.data}
          value={asSelection(value)}
          readOnly={disabled}
          onOk={(result) => {
            onScore(result);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

export interface MarkingSidebarProps {
  homework: HomeworkDetail;
  submission: HomeworkSubmission | null;
  /** The student, or the group for group homework (whose score records are listed). */
  submitterId: number;
  /** The viewer views the course as a student: scoring and commenting are off (addendum section 6). */
  simulating: boolean;
}

/**
 * The right sidebar of the marking dialog (addendum section 2): score (checked with the homework score
 * rule), rubric score, comment of at most 2000 characters, the marker's files, and the score records.
 */
export function MarkingSidebar({ homework, submission, submitterId, simulating }: MarkingSidebarProps) {
  const { t } = useTranslation('homework');
  const { message } = App.useApp();
  const [form] = Form.useForm<ScoreValues>();
  const save = useUpdateSubmissionScore();
  const [rubricScore, setRubricScore] = useState<RubricScore | null>(submission?.rubric_score ?? null);
  const readOnly = simulating || !homework.permissions.allow_mark;

  const onFinish = async (values: ScoreValues) => {
    if (!submission) return;
    const score = parseHomeworkScore(values.score);
    try {
      await save.mutateAsync({
        homeworkId: homework.id,
        body: {
          id: submission.id,
          score,
          instructor_comment: values.instructor_comment.trim() === '' ? null : values.instructor_comment,
          rubric_score: rubricScore,
          final_score: score,
        },
      });
      void message.success(t('marking.score.saved'));
    } catch (error) {
      void message.error({ content: scoreSaveFailure(error), duration: SAVE_FAILURE_SECONDS });
    }
  };

  return (
    <Flex vertical gap={12}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('marking.score.title')}
      </Typography.Title>
      {simulating ? (
        <Alert type="info" showIcon title={homeworkMessage('homework.simulatingReadOnly')} />
      ) : !homework.permissions.allow_mark ? (
        <Alert type="info" showIcon title={t('marking.score.notAllowed')} />
      ) : null}
      {submission ? (
        <Form<ScoreValues>
          form={form}
          layout="vertical"
          name={`homework-score-${submission.id}`}
          disabled={readOnly}
          initialValues={{
            score: submission.score === null ? '' : String(submission.score),
            instructor_comment: submission.instructor_comment ?? '',
          }}
          onFinish={(values) => void onFinish(values)}
        >
          <Form.Item
            name="score"
            label={t('marking.score.label')}
            extra={
              submission.is_marked
                ? t('marking.score.current', { score: scoreText(submission.final_score ?? submission.score) })
                : t('marking.score.notMarked')
            }
            rules={[
              {
                validator: (_, value: string | undefined) => {
                  const problem = scoreProblem(value);
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              },
            ]}
          >
            <Input inputMode="decimal" autoComplete="off" placeholder={t('marking.score.placeholder')} />
          </Form.Item>
          {homework.rubric_id !== null ? (
            <Flex vertical align="flex-start" style={{ marginTop: -12, marginBottom: 12 }}>
              <RubricLink
                rubricId={homework.rubric_id}
                value={rubricScore}
                disabled={readOnly}
                onScore={(result) => {
                  setRubricScore(result.rubric_score);
                  form.setFieldValue('score', String(result.score));
                  void form.validateFields(['score']);
                }}
              />
            </Flex>
          ) : null}
          <Form.Item name="instructor_comment" label={t('marking.score.comment')}>
            <Input.TextArea
              autoSize={{ minRows: 3, maxRows: 8 }}
              showCount
              maxLength={HOMEWORK_LIMITS.instructorCommentMax}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={save.isPending}>
            {t('marking.score.save')}
          </Button>
        </Form>
      ) : null}
      <AiGradingPanel
        homework={homework}
        submission={submission}
        disabled={readOnly}
        onAccept={({ score, comment }) => {
          form.setFieldsValue({ score, instructor_comment: comment });
          void form.validateFields(['score']);
        }}
      />
      {submission ? (
        <>
          <Divider style={{ margin: '4px 0' }} />
          <MarkingMarkedFiles homeworkId={homework.id} submissionId={submission.id} readOnly={readOnly} />
        </>
      ) : null}
      <Divider style={{ margin: '4px 0' }} />
      <ScoreRecordsList homeworkId={homework.id} submitterId={submitterId} />
    </Flex>
  );
}
