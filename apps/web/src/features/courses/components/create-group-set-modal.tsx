import { COURSE_LIMITS } from '@lectern/contracts/courses/course.limits';
import type { GroupSet } from '@lectern/contracts/courses/course.schemas';
import { App, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { useCreateGroupSet } from '../api/create-group-set.ts';

/** As many groups as the server accepts in one go. */
export const MAX_INITIAL_GROUPS = 200;

interface CreateGroupSetValues {
  name: string;
  group_count?: number | null;
}

export interface CreateGroupSetModalProps {
  open: boolean;
  courseId: number;
  onClose: () => void;
  afterClose: () => void;
  onCreated: (groupSet: GroupSet) => void;
}

/** Creates a group set, optionally with N empty groups named "Group 1" to "Group N". */
export function CreateGroupSetModal({
  open,
  courseId,
  onClose,
  afterClose,
  onCreated,
}: CreateGroupSetModalProps) {
  const { t } = useTranslation('courses');
  const { message } = App.useApp();
  const createGroupSet = useCreateGroupSet();

  const onSubmit = async (values: CreateGroupSetValues) => {
    const count = values.group_count ?? 0;
    const groupNames = Array.from({ length: count }, (_, index) =>
      t('groups.defaultGroupName', { number: index + 1 }),
    );
    const groupSet = await createGroupSet.mutateAsync({
      courseId,
      body: { name: values.name.trim(), ...(count > 0 ? { group_names: groupNames } : {}) },
    });
    void message.success(t('groups.setCreated', { name: groupSet.name }));
    onCreated(groupSet);
  };

  return (
    <FormModal<CreateGroupSetValues>
      open={open}
      title={t('groups.createSet')}
      initialValues={{ name: '', group_count: 0 }}
      onSubmit={onSubmit}
      onClose={onClose}
      afterClose={afterClose}
    >
      <Form.Item
        name="name"
        label={t('groups.setName')}
        rules={[
          { required: true, whitespace: true, message: t('groups.setNameRequired') },
          {
            max: COURSE_LIMITS.groupNameMax,
            message: t('form.tooLong', { max: COURSE_LIMITS.groupNameMax }),
          },
        ]}
      >
        <Input autoFocus autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="group_count"
        label={t('groups.groupCount')}
        extra={t('groups.groupCountHint', { example: t('groups.defaultGroupName', { number: 1 }) })}
        rules={[
          {
            type: 'integer',
            min: 0,
            max: MAX_INITIAL_GROUPS,
            message: t('groups.groupCountRange', { max: MAX_INITIAL_GROUPS }),
          },
        ]}
      >
        <InputNumber min={0} max={MAX_INITIAL_GROUPS} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </FormModal>
  );
}
