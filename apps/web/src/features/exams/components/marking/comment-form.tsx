import { MARKING_LIMITS } from '@lectern/contracts/exams/marking.schemas';
import { App, Button, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFormErrors } from '../../../../shared/components/server-form-errors.ts';
import { useUpdateSubmissionComment } from '../../api/update-submission-comment.ts';

export interface CommentFormProps {
  examId: number;
  submissionId: number;
  /** A comment on one question; without it the comment is on the whole submission. */
  subjectId?: number;
  current: string | null;
  readOnly: boolean;
}

/** The marker's comment (at most 2000 characters, addendum section 5). */
export function CommentForm({ examId, submissionId, subjectId, current, readOnly }: CommentFormProps) {
  const { t } = useTranslation('exams');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ comment: string }>();
  const update = useUpdateSubmissionComment();

  useEffect(() => {
    form.setFieldsValue({ comment: current ?? '' });
  }, [form, current, submissionId, subjectId]);

  const onFinish = async ({ comment }: { comment: string }) => {
    try {
      await update.mutateAsync({
        examId,
        submissionId,
        body: {
          comment: comment.trim() === '' ? null : comment,
          ...(subjectId ? { subject_id: subjectId } : {}),
        },
      });
      void message.success(t('marking.commentSaved'));
    } catch (error) {
      applyServerFormErrors(form, error, message, { subject_id: 'comment', submission_id: 'comment' });
    }
  };

  return (
    <Form
      form={form}
      name={`comment-${submissionId}-${subjectId ?? 0}`}
      layout="vertical"
      onFinish={(values) => void onFinish(values)}
      initialValues={{ comment: current ?? '' }}
    >
      <Form.Item
        name="comment"
        label={subjectId ? t('marking.questionComment') : t('marking.comment')}
        rules={[
          {
            max: MARKING_LIMITS.commentMax,
            message: t('marking.commentTooLong', { max: MARKING_LIMITS.commentMax }),
          },
        ]}
      >
        <Input.TextArea
          disabled={readOnly}
          autoSize={{ minRows: 2, maxRows: 8 }}
          showCount
          maxLength={MARKING_LIMITS.commentMax}
        />
      </Form.Item>
      <Button htmlType="submit" disabled={readOnly} loading={update.isPending}>
        {t('marking.saveComment')}
      </Button>
    </Form>
  );
}
