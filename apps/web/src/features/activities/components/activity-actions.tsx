import { DeleteOutlined, EditOutlined, MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Tooltip, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Activity } from '@lectern/contracts/activities/activity.schemas';

// The edit and delete controls of an activity row, for people who may edit it: a module of their own,
// fetched by the row only then, so Dropdown, rc-menu and Tooltip stay off a student's first load
// (decision 0014).
export interface ActivityActionsProps {
  activity: Activity;
  /** A "more" menu in a syllabus, plain icons at module level. */
  variant: 'syllabus' | 'icons';
  onEdit: (activity: Activity) => void;
  onDelete: (activity: Activity) => void;
}

export function ActivityActions({ activity, variant, onEdit, onDelete }: ActivityActionsProps) {
  const { t } = useTranslation('activities');
  if (variant === 'syllabus') {
    const items: MenuProps['items'] = [
      { key: 'edit', icon: <EditOutlined aria-hidden />, label: t('list.edit') },
      { key: 'delete', icon: <DeleteOutlined aria-hidden />, label: t('list.delete'), danger: true },
    ];
    const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
      // Chosen with Enter, the item acts on keydown; the dialog it opens focuses a field at once, and the
      // keypress that follows would land there and submit the dialog (or press its close button).
      // Cancelling the keydown is what stops that keypress.
      domEvent.preventDefault();
      if (key === 'edit') onEdit(activity);
      if (key === 'delete') onDelete(activity);
    };
    return (
      // autoFocus moves focus into the opened menu, so the arrow keys and Enter work on its items.
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight" autoFocus>
        <Button
          type="text"
          icon={<MoreOutlined aria-hidden />}
          aria-haspopup="menu"
          aria-label={t('list.moreNamed', { title: activity.title })}
        />
      </Dropdown>
    );
  }
  return (
    <Space size={0}>
      <Tooltip title={t('list.edit')}>
        <Button
          type="text"
          icon={<EditOutlined aria-hidden />}
          aria-label={t('list.editNamed', { title: activity.title })}
          onClick={() => onEdit(activity)}
        />
      </Tooltip>
      <Tooltip title={t('list.delete')}>
        <Button
          type="text"
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label={t('list.deleteNamed', { title: activity.title })}
          onClick={() => onDelete(activity)}
        />
      </Tooltip>
    </Space>
  );
}
