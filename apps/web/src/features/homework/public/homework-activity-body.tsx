import { EditOutlined } from '@ant-design/icons';
import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { RenderedHtml } from '../../../shared/components/rendered-html.tsx';
import { AttachmentList } from '../../uploads/public/attachment-list.tsx';
import { useHomework } from '../api/get-homework.ts';
import { DescriptionDialog } from '../components/description-dialog.tsx';
import { InstructorHomework } from '../components/instructor-homework.tsx';
import { StudentHomework } from '../components/student-homework.tsx';

export interface HomeworkActivityBodyProps {
  activity: Activity;
  /**
   * Called after a homework call changed the activity's stored settings (description, publishing,
   * rubric), so the page's copy of the activity, which its edit dialog starts from, is read again.
   */
  onActivityChanged?: () => void;
}

/**
 * What the activity page shows for homework: the description and files, then, by the viewer's role,
 * the hand-in form and versions (students) or the summary and settings (the teaching team).
 */
export function HomeworkActivityBody({ activity, onActivityChanged }: HomeworkActivityBodyProps) {
  const { t } = useTranslation('homework');
  const query = useHomework(activity.id);
  const [editing, setEditing] = useState(false);

  if (query.isPending) return <LoadingState />;
  if (!query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const detail = query.data;
  const { permissions } = detail;
  const teaching =
    !detail.is_simulating && (activity.can_edit || permissions.allow_mark || permissions.allow_setting);

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      {detail.description.trim() ? <RenderedHtml html={detail.description} /> : null}
      {teaching && permissions.allow_edit ? (
        <div>
          <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>
            {t('description.edit')}
          </Button>
        </div>
      ) : null}
      <AttachmentList attachments={activity.uploads} />
      {teaching ? (
        <InstructorHomework detail={detail} onChanged={onActivityChanged} />
      ) : (
        <StudentHomework detail={detail} />
      )}
      {teaching ? (
        <DescriptionDialog
          open={editing}
          detail={detail}
          onClose={() => setEditing(false)}
          onChanged={onActivityChanged}
        />
      ) : null}
    </Flex>
  );
}
