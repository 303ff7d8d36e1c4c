import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import { Alert, App, Modal, Space, Spin, Typography } from 'antd';
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
 * the activity and warns if so; after the delete it shows the server's message and the list reloads.
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
      okButtonProps={{ danger: true, loading: deleteActivity.isPending, disabled: dependents.isPending }}
      cancelButtonProps={{ disabled: deleteActivity.isPending }}
      onOk={onOk}
      onCancel={onClose}
      afterClose={afterClose}
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
        {dependents.data?.has_dependents ? (
          <Alert type="warning" showIcon title={t('delete.hasDependents')} role="alert" />
        ) : null}
        {dependents.isError ? (
          <Alert type="info" showIcon title={t('delete.checkFailed', { reason: dependents.error.message })} />
        ) : null}
      </Space>
    </Modal>
  );
}
