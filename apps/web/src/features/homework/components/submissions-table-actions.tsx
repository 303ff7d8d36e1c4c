import { MoreOutlined } from '@ant-design/icons';
import { HOMEWORK_LIMITS } from '@lectern/contracts/homework/homework-settings';
import type { HomeworkSubmitter } from '@lectern/contracts/homework/homework.schemas';
import { App, Button, Dropdown, Form, Input, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/http-client.ts';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { DateTimePicker } from '../../../shared/components/date-time-picker.tsx';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { UploadField, type UploadedFile } from '../../uploads/public/upload-field.tsx';
import { useMakeUp } from '../api/make-up.ts';
import { useSubmitOnBehalf } from '../api/submit-on-behalf.ts';
import { useSubmittersAction, type SubmittersAction } from '../api/submitters-action.ts';

type ConfirmedAction = 'redo' | 'remind' | 'markUnsubmitted' | 'recommend' | 'unrecommend';
type RowAction = ConfirmedAction | 'makeUp' | 'submitOnBehalf';

const ENDPOINT: Record<ConfirmedAction, SubmittersAction> = {
  redo: 'redo',
  remind: 'remind',
  markUnsubmitted: 'mark-unsubmitted',
  recommend: 'recommend',
  unrecommend: 'unrecommend',
};

/** Which actions make sense for a submitter where they stand. */
export function rowActions(submitter: HomeworkSubmitter): RowAction[] {
  const handedIn = submitter.mark_status !== 'unsubmitted';
  const actions: RowAction[] = [];
  if (handedIn) actions.push('redo', 'markUnsubmitted');
  else actions.push('remind');
  actions.push('makeUp', 'submitOnBehalf');
  if (handedIn) actions.push(submitter.recommend === 1 ? 'unrecommend' : 'recommend');
  return actions;
}

interface MakeUpValues {
  end_time: string | null;
}

function MakeUpModal({
  homeworkId,
  submitter,
  onClose,
}: {
  homeworkId: number;
  submitter: HomeworkSubmitter;
  onClose: () => void;
}) {
  const { t } = useTranslation('homework');
  const { message } = App.useApp();
  const makeUp = useMakeUp();
  return (
    <FormModal<MakeUpValues>
      open
      title={t('marking.makeUpDialog.title', { name: submitter.name })}
      initialValues={{ end_time: submitter.make_up_end_time }}
      serverFieldAliases={{ submitter_ids: 'end_time' }}
      onSubmit={async ({ end_time }) => {
        if (!end_time) return;
        await makeUp.mutateAsync({ homeworkId, body: { submitter_ids: [submitter.id], end_time } });
        void message.success(
          t('marking.done.makeUp', { name: submitter.name, time: formatDateTime(end_time) }),
        );
      }}
      onClose={onClose}
    >
      <Form.Item
        name="end_time"
        label={t('marking.makeUpDialog.endTime')}
        rules={[
          { required: true, message: t('marking.makeUpDialog.endTimeRequired') },
          {
            validator: (_, value: string | null) =>
              value && Date.parse(value) <= Date.now()
                ? Promise.reject(new Error(t('marking.makeUpDialog.endTimePast')))
                : Promise.resolve(),
          },
        ]}
      >
        <DateTimePicker style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}

interface OnBehalfValues {
  uploads: UploadedFile[];
  comment: string;
}

function SubmitOnBehalfModal({
  homeworkId,
  submitter,
  onClose,
}: {
  homeworkId: number;
  submitter: HomeworkSubmitter;
  onClose: () => void;
}) {
  const { t } = useTranslation('homework');
  const { message } = App.useApp();
  const submit = useSubmitOnBehalf();
  return (
    <FormModal<OnBehalfValues>
      open
      width={600}
      title={t('marking.onBehalfDialog.title', { name: submitter.name })}
      initialValues={{ uploads: [], comment: '' }}
      onSubmit={async ({ uploads, comment }) => {
        await submit.mutateAsync({
          homeworkId,
          body: {
            submitter_id: submitter.id,
            uploads: uploads.map((file) => file.upload_id),
            comment: comment.trim() === '' ? null : comment,
          },
        });
        void message.success(t('marking.done.onBehalf', { name: submitter.name }));
      }}
      onClose={onClose}
    >
      <Form.Item
        name="uploads"
        label={t('marking.onBehalfDialog.files')}
        dependencies={['comment']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value: UploadedFile[] | undefined) =>
              (value?.length ?? 0) > 0 || String(getFieldValue('comment') ?? '').trim() !== ''
                ? Promise.resolve()
                : Promise.reject(new Error(t('marking.onBehalfDialog.empty'))),
          }),
        ]}
      >
        <UploadField maxCount={HOMEWORK_LIMITS.uploadsPerSubmission} />
      </Form.Item>
      <Form.Item name="comment" label={t('marking.onBehalfDialog.comment')}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
      </Form.Item>
    </FormModal>
  );
}

export interface SubmitterActionsProps {
  homeworkId: number;
  submitter: HomeworkSubmitter;
  disabled: boolean;
}

/** The row's instructor actions (addendum section 4), each asking for confirmation first. */
export function SubmitterActions({ homeworkId, submitter, disabled }: SubmitterActionsProps) {
  const { t } = useTranslation('homework');
  const { modal, message } = App.useApp();
  const action = useSubmittersAction();
  const [dialog, setDialog] = useState<'makeUp' | 'submitOnBehalf' | null>(null);
  const name = submitter.name;

  const confirm = (kind: ConfirmedAction) =>
    modal.confirm({
      title: t(`marking.confirm.${kind}Title`, { name }),
      content: t(`marking.confirm.${kind}Content`),
      okText: t('marking.confirm.ok'),
      okButtonProps: { danger: kind === 'markUnsubmitted' },
      onOk: async () => {
        try {
          await action.mutateAsync({ homeworkId, action: ENDPOINT[kind], submitterIds: [submitter.id] });
          void message.success(t(`marking.done.${kind}`, { name }));
        } catch (error) {
          void message.error(isApiError(error) ? error.message : t('marking.actions.failed'));
        }
      },
    });

  const items: MenuProps['items'] = rowActions(submitter).map((kind) => ({
    key: kind,
    label: t(`marking.actions.${kind}`),
    danger: kind === 'markUnsubmitted',
  }));

  return (
    <>
      <Dropdown
        disabled={disabled}
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key }) => {
            const kind = key as RowAction;
            if (kind === 'makeUp' || kind === 'submitOnBehalf') setDialog(kind);
            else confirm(kind);
          },
        }}
      >
        <Button
          size="small"
          icon={<MoreOutlined aria-hidden />}
          aria-label={t('marking.actions.more', { name })}
        />
      </Dropdown>
      {dialog === 'makeUp' ? (
        <MakeUpModal homeworkId={homeworkId} submitter={submitter} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'submitOnBehalf' ? (
        <SubmitOnBehalfModal homeworkId={homeworkId} submitter={submitter} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}
