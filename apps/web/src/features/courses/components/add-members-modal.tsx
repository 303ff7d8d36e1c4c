import { COURSE_ROLES, type CourseRole } from '@lectern/contracts/courses/course-roles';
import { Alert, App, Button, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFormErrors } from '../../../shared/components/server-form-errors.ts';
import { useAddMembers, type AddMembersResult } from '../api/add-members.ts';

interface AddMembersValues {
  user_nos: string;
  roles: CourseRole[];
}

/** User numbers pasted from a spreadsheet or typed: one per line, or separated by commas, semicolons or spaces. */
export function parseUserNos(text: string): string[] {
  return [...new Set(text.split(/[\s,;，；、]+/).filter((no) => no.length > 0))];
}

export interface AddMembersModalProps {
  open: boolean;
  courseId: number;
  onClose: () => void;
  afterClose: () => void;
}

/** Adds people of the organisation to the course by user number; unknown numbers are listed afterwards. */
export function AddMembersModal({ open, courseId, onClose, afterClose }: AddMembersModalProps) {
  const { t } = useTranslation('courses');
  const { message } = App.useApp();
  const [form] = Form.useForm<AddMembersValues>();
  const addMembers = useAddMembers();
  const [result, setResult] = useState<AddMembersResult | null>(null);

  const onFinish = (values: AddMembersValues) => {
    addMembers.mutate(
      { courseId, body: { user_nos: parseUserNos(values.user_nos), roles: values.roles } },
      {
        onSuccess: (answer) => {
          if (answer.not_found.length === 0) {
            void message.success(t('members.add.added', { count: answer.members.length }));
            onClose();
          } else {
            setResult(answer);
          }
        },
        onError: (error) => applyServerFormErrors(form, error, message),
      },
    );
  };

  if (result) {
    return (
      <Modal
        open={open}
        title={t('members.add.title')}
        onCancel={onClose}
        afterClose={afterClose}
        destroyOnHidden
        footer={
          <Button type="primary" onClick={onClose}>
            {t('shared:actions.done')}
          </Button>
        }
      >
        <Alert
          type="warning"
          showIcon
          title={t('members.add.partial', { added: result.members.length, missing: result.not_found.length })}
          description={
            <>
              <Typography.Paragraph style={{ marginBottom: 4 }}>
                {t('members.add.notFound')}
              </Typography.Paragraph>
              <Typography.Paragraph
                copyable={{ text: result.not_found.join('\n') }}
                style={{ marginBottom: 0 }}
              >
                {result.not_found.join(t('layout.listSeparator'))}
              </Typography.Paragraph>
            </>
          }
        />
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      title={t('members.add.title')}
      okText={t('members.add.submit')}
      cancelText={t('shared:actions.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: addMembers.isPending }}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      mask={{ closable: false }}
      modalRender={(dom) => (
        <Form<AddMembersValues>
          form={form}
          layout="vertical"
          initialValues={{ user_nos: '', roles: ['student'] }}
          onFinish={onFinish}
          disabled={addMembers.isPending}
          clearOnDestroy
        >
          {dom}
        </Form>
      )}
    >
      <Form.Item
        name="user_nos"
        label={t('members.add.userNos')}
        extra={t('members.add.userNosHint')}
        rules={[
          {
            validator: (_, value: string | undefined) =>
              parseUserNos(value ?? '').length > 0
                ? Promise.resolve()
                : Promise.reject(new Error(t('members.add.userNosRequired'))),
          },
        ]}
      >
        <Input.TextArea autoFocus rows={6} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="roles"
        label={t('members.fields.roles')}
        rules={[{ required: true, type: 'array', min: 1, message: t('members.rolesRequired') }]}
      >
        <Select<CourseRole[]>
          mode="multiple"
          options={COURSE_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
        />
      </Form.Item>
    </Modal>
  );
}
