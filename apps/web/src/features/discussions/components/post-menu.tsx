import { DeleteOutlined, EditOutlined, MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';

export interface PostMenuProps {
  /** From the server's can_edit / can_delete for the viewer. */
  canEdit: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** The edit/delete menu of a post; absent when the viewer may do neither. */
export function PostMenu({ canEdit, canDelete, onEdit, onDelete }: PostMenuProps) {
  const { t } = useTranslation('discussions');
  if (!canEdit && !canDelete) return null;
  const items: MenuProps['items'] = [
    ...(canEdit ? [{ key: 'edit', icon: <EditOutlined aria-hidden />, label: t('actions.edit') }] : []),
    ...(canDelete
      ? [{ key: 'delete', icon: <DeleteOutlined aria-hidden />, label: t('actions.delete'), danger: true }]
      : []),
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, onClick: ({ key }) => (key === 'edit' ? onEdit() : onDelete()) }}
    >
      <Button type="text" size="small" icon={<MoreOutlined aria-hidden />} aria-label={t('actions.more')} />
    </Dropdown>
  );
}
