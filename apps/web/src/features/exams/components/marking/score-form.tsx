import type { ExamSubmission } from '@lectern/contracts/exams/exam-taking.schemas';
import { App, Button, Flex, Form, InputNumber, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFormErrors } from '../../../../shared/components/server-form-errors.ts';
import { useGiveScore } from '../../api/give-score.ts';

/** A score is 0..points with at most one decimal place (scores are shown to one decimal). */
export function scoreProblem(value: unknown, point: number): 'required' | 'invalid' | 'tooHigh' | null {
  if (value === null || value === undefined || value === '') return 'required';
  const score = Number(value);
  if (!Number.isFinite(score) || score < 0) return 'invalid';
  if (Math.abs(Math.round(score * 10) - score * 10) > 1e-9) return 'invalid';
  if (score > point + 1e-9) return 'tooHigh';
  return null;
}

export interface ScoreFormProps {
  examId: number;
  submissionId: number;
  subjectId: number;
  point: number;
  /** The answer's current score (null: not marked yet). */
  current: number | null;
  readOnly: boolean;
  onSaved?: (submission: ExamSubmission) => void;
}

/** The score of one answer: checked here for the experience, then by the server, whose word is final. */
export function ScoreForm({
  examId,
  submissionId,
  subjectId,
  point,
  current,
  readOnly,
  onSaved,
}: ScoreFormProps) {
  const { t } = useTranslation('exams');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ score: number | null }>();
  const giveScore = useGiveScore();

  useEffect(() => {
    form.setFieldsValue({ score: current });
  }, [form, current, submissionId, subjectId]);

  const onFinish = async ({ score }: { score: number | null }) => {
    try {
      const submission = await giveScore.mutateAsync({
        examId,
        body: { submission_id: submissionId, subject_id: subjectId, score: Number(score) },
      });
      void message.success(t('marking.scoreSaved'));
      onSaved?.(submission);
    } catch (error) {
      applyServerFormErrors(form, error, message, { subject_id: 'score', submission_id: 'score' });
    }
  };

  return (
    <Form
      form={form}
      name={`score-${submissionId}-${subjectId}`}
      layout="inline"
      onFinish={(values) => void onFinish(values)}
      initialValues={{ score: current }}
    >
      <Form.Item
        name="score"
        label={t('marking.score')}
        rules={[
          {
            validator: (_, value) => {
              const problem = scoreProblem(value, point);
              return problem
                ? Promise.reject(new Error(t(`marking.scoreErrors.${problem}`, { point })))
                : Promise.resolve();
            },
          },
        ]}
      >
        <InputNumber<number>
          disabled={readOnly}
          step={0.5}
          style={{ width: 120 }}
          suffix={<Typography.Text type="secondary">/ {point}</Typography.Text>}
        />
      </Form.Item>
      <Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" disabled={readOnly} loading={giveScore.isPending}>
            {t('marking.saveScore')}
          </Button>
        </Flex>
      </Form.Item>
    </Form>
  );
}
