import type { Member } from '@lectern/contracts/courses/course.schemas';
import { COURSE_ROLES, type CourseRole } from '@lectern/contracts/courses/course-roles';
import { App, Checkbox, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyServerFormErrors } from '../../../shared/components/server-form-errors.ts';
import { useUpdateMember } from '../api/update-member.ts';

interface MemberRolesValues {
  roles: CourseRole[];
}

export interface MemberRolesModalProps {
  open: boolean;
  courseId: number;
  member: Member;
  onClose: () => void;
  afterClose: () => void;
}

/** Replaces one member's course roles. The chief instructor always keeps the instructor role. */
export function MemberRolesModal({ open, courseId, member, onClose, afterClose }: MemberRolesModalProps) {
  const { t } = useTranslation('courses');
  const { message } = App.useApp();
  const [form] = Form.useForm<MemberRolesValues>();
  const updateMember = useUpdateMember();

  const onFinish = (values: MemberRolesValues) => {
    updateMember.mutate(
      { courseId, userId: member.id, body: { roles: values.roles } },
      {
        onSuccess: () => {
          void message.success(t('members.roles.updated', { name: member.name }));
          onClose();
        },
        onError: (error) => applyServerFormErrors(form, error, message),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('members.roles.title', { name: member.name })}
      okText={t('shared:actions.save')}
      cancelText={t('shared:actions.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: updateMember.isPending }}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      mask={{ closable: false }}
      modalRender={(dom) => (
        <Form<MemberRolesValues>
          form={form}
          layout="vertical"
          initialValues={{ roles: member.course_roles }}
          onFinish={onFinish}
          disabled={updateMember.isPending}
          clearOnDestroy
        >
          {dom}
        </Form>
      )}
    >
      <Form.Item
        name="roles"
        label={t('members.fields.roles')}
        extra={member.is_chief_instructor ? t('members.roles.chiefKeepsInstructor') : t('members.roles.hint')}
        rules={[{ required: true, type: 'array', min: 1, message: t('members.rolesRequired') }]}
      >
        <Checkbox.Group
          options={COURSE_ROLES.map((role) => ({
            value: role,
            label: t(`roles.${role}`),
            disabled: member.is_chief_instructor && role === 'instructor',
          }))}
        />
      </Form.Item>
    </Modal>
  );
}
