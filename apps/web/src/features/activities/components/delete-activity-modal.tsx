import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import { Alert, App, Checkbox, Modal, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteActivity } from '../api/delete-activity.ts';
import { useHaveDependents } from '../api/have-dependents.ts';

export interface DeleteActivityModalProps {
  open: boolean;
  activity: Pick<Activity, 'id' | 'course_id' | 'type' | 'title'>;
  onClose: () => void;
  afterClose?: () => void;
  /** After the server confirmed the delete, e.g. to leave the activity's own page. */
  onDeleted?: () => void;
}

/**
 * Confirms a delete (spec 000 screen 4). Before asking, it checks whether learners already left records on
 * the activity; if so the delete waits for the caller to acknowledge it. It says how long the activity can
 * be restored from the recycle bin (decision 0015); after the delete it shows the server's message and the
 * list reloads.
 */
export function DeleteActivityModal({
  open,
  activity,
  onClose,
  afterClose,
  onDeleted,
}: DeleteActivityModalProps) {
  const { t } = useTranslation('activities');
  const { message } = App.useApp();
  const dependents = useHaveDependents([activity.id], activity.type, open);
  const deleteActivity = useDeleteActivity();
  const [acknowledged, setAcknowledged] = useState(false);
  const hasDependents = dependents.data?.has_dependents === true;

  const onOk = () => {
    deleteActivity.mutate(
      { id: activity.id, courseId: activity.course_id },
      {
        onSuccess: (result) => {
          void message.success(result.message);
          onClose();
          onDeleted?.();
        },
        onError: (error) => void message.error(error.message),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('delete.title')}
      okText={t('delete.confirm')}
      cancelText={t('shared:actions.cancel')}
      okButtonProps={{
        danger: true,
        loading: deleteActivity.isPending,
        disabled: dependents.isPending || (hasDependents && !acknowledged),
      }}
      cancelButtonProps={{ disabled: deleteActivity.isPending }}
      onOk={onOk}
      onCancel={onClose}
      afterClose={() => {
        // Each opening asks again.
        setAcknowledged(false);
        afterClose?.();
      }}
      destroyOnHidden
      width={480}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph style={{ margin: 0 }}>
          {t('delete.question', { title: activity.title })}
        </Typography.Paragraph>
        {dependents.isPending ? (
          <Space role="status" aria-live="polite">
            <Spin size="small" />
            <Typography.Text type="secondary">{t('delete.checking')}</Typography.Text>
          </Space>
        ) : null}
        {dependents.data ? (
          <Typography.Paragraph style={{ margin: 0 }}>
            {t('delete.recycleBin', { count: dependents.data.recycle_bin_retention_days })}
          </Typography.Paragraph>
        ) : null}
        {hasDependents ? (
          <>
            <Alert type="warning" showIcon title={t('delete.hasDependents')} role="alert" />
            <Checkbox checked={acknowledged} onChange={(event) => setAcknowledged(event.target.checked)}>
              {t('delete.acknowledge')}
            </Checkbox>
          </>
        ) : null}
        {dependents.isError ? (
          <Alert type="info" showIcon title={t('delete.checkFailed', { reason: dependents.error.message })} />
        ) : null}
      </Space>
    </Modal>
  );
}
