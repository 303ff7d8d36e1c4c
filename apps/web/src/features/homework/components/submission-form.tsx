import { SaveOutlined, SendOutlined } from '@ant-design/icons';
import type {
  HomeworkDetail,
  HomeworkSubmission,
  SubmissionResponse,
} from '@lectern/contracts/homework/homework.schemas';
import { HOMEWORK_LIMITS } from '@lectern/contracts/homework/homework-settings';
import { Alert, App, Button, Flex, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/http-client.ts';
import { useOnline } from '../../../shared/hooks/use-online.ts';
import { UploadField, type UploadedFile } from '../../uploads/public/upload-field.tsx';
import { useCreateSubmission } from '../api/create-submission.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';
import { CommentEditor, isBlankHtml } from './comment-editor.tsx';
import { homeworkMessage } from './homework-messages.ts';
import { refusalOf } from './homework-window.ts';

interface SubmissionFormValues {
  comment: string;
  uploads: UploadedFile[];
}

function valuesOf(draft: HomeworkSubmission | null): SubmissionFormValues {
  return {
    comment: draft?.comment ?? '',
    uploads: [...(draft?.uploads ?? [])]
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((file) => ({ upload_id: file.upload_id, name: file.name, size: file.size })),
  };
}

/** Wire fields of a hand-in and the inputs that show their errors. */
function formFieldOf(path: string): keyof SubmissionFormValues | null {
  if (path === 'comment') return 'comment';
  if (path === 'uploads' || path.startsWith('uploads.')) return 'uploads';
  return null;
}

export interface SubmissionFormProps {
  detail: HomeworkDetail;
  standing: SubmissionResponse;
}

/**
 * The student's hand-in: a comment and files, kept as a draft or handed in as the next version. When the
 * homework would refuse a hand-in (closed, not published, none left) the form says why and is disabled;
 * the server checks the same rules again.
 */
export function SubmissionForm({ detail, standing }: SubmissionFormProps) {
  const { t } = useTranslation('homework');
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<SubmissionFormValues>();
  const createSubmission = useCreateSubmission();
  const [error, setError] = useState<unknown>(null);
  const refusal = refusalOf(detail, standing);
  const busy = createSubmission.isPending;
  // Offline, a save or hand-in waits (paused) and goes out once the connection is back: the student is told.
  const online = useOnline();
  const waitingForNetwork = !online || createSubmission.isPaused;

  const read = (): SubmissionFormValues => {
    const values = form.getFieldsValue(true) as Partial<SubmissionFormValues>;
    return { comment: values.comment ?? '', uploads: values.uploads ?? [] };
  };

  const send = async (isDraft: boolean) => {
    const values = read();
    setError(null);
    try {
      const response = await createSubmission.mutateAsync({
        homeworkId: detail.id,
        body: {
          comment: isBlankHtml(values.comment) ? '' : values.comment,
          uploads: values.uploads.map((file) => file.upload_id),
          is_draft: isDraft,
        },
      });
      if (isDraft) {
        void message.success(t('form.draftSaved'));
      } else {
        form.setFieldsValue({ comment: '', uploads: [] });
        void message.success(t('form.submitted', { version: response.submission.version }));
      }
    } catch (caught) {
      setError(caught);
      if (isApiError(caught)) {
        const fields = new Map<keyof SubmissionFormValues, string>();
        for (const [path, messages] of Object.entries(caught.errors)) {
          const field = formFieldOf(path);
          if (field && messages[0] && !fields.has(field)) fields.set(field, messages[0]);
        }
        form.setFields([...fields].map(([name, text]) => ({ name, errors: [text] })));
      }
    }
  };

  const confirmSubmit = () => {
    const values = read();
    if (isBlankHtml(values.comment) && values.uploads.length === 0) {
      form.setFields([{ name: 'comment', errors: [homeworkMessage('homework.emptySubmission')] }]);
      return;
    }
    const left = standing.submissions_left;
    void modal.confirm({
      title: t('form.confirmTitle'),
      content: left === null ? t('form.confirmUnlimited') : t('form.confirmLimited', { count: left - 1 }),
      okText: t('form.submit'),
      cancelText: t('form.cancel'),
      onOk: () => send(false),
    });
  };

  return (
    <Form<SubmissionFormValues>
      form={form}
      layout="vertical"
      initialValues={valuesOf(standing.draft)}
      disabled={refusal !== null || busy}
      aria-label={t('form.label')}
    >
      {refusal ? (
        <Alert
          type="warning"
          showIcon
          role="status"
          style={{ marginBottom: 16 }}
          title={homeworkMessage(refusal.key, refusal.params)}
        />
      ) : null}
      {waitingForNetwork ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('form.offlineTitle')}
          description={t('form.offline')}
        />
      ) : null}
      {standing.draft ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('form.draftLoaded')} />
      ) : null}
      <Form.Item
        name="comment"
        label={t('form.comment')}
        extra={t('form.commentHint')}
        rules={[
          {
            max: HOMEWORK_LIMITS.submissionCommentMax,
            message: homeworkMessage('homework.commentTooLong', {
              maximum: HOMEWORK_LIMITS.submissionCommentMax,
            }),
          },
        ]}
      >
        <CommentEditor pictures />
      </Form.Item>
      <Form.Item name="uploads" label={t('form.attachments')}>
        <UploadField maxCount={HOMEWORK_LIMITS.uploadsPerSubmission} />
      </Form.Item>
      {error ? (
        <div style={{ marginBottom: 16 }}>
          <ApiErrorAlert error={error} />
        </div>
      ) : null}
      <Flex gap={8} wrap>
        <Button
          icon={<SaveOutlined aria-hidden />}
          loading={busy && createSubmission.variables?.body.is_draft === true}
          onClick={() => void send(true)}
        >
          {t('form.saveDraft')}
        </Button>
        <Button
          type="primary"
          icon={<SendOutlined aria-hidden />}
          loading={busy && createSubmission.variables?.body.is_draft === false}
          onClick={confirmSubmit}
        >
          {t('form.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
