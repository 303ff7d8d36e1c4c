import { LIMITS } from '@lectern/contracts/identity/identity.limits';
import {
  ORG_ROLES,
  type CreateUserRequest,
  type Department,
  type OrgRole,
  type UpdateUserRequest,
  type User,
} from '@lectern/contracts/identity/identity.schemas';
import { App, Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { useCreateUser } from '../api/create-user.ts';
import { useUpdateUser } from '../api/update-user.ts';

interface UserFormValues {
  user_no: string;
  name: string;
  email?: string | null;
  mobile_phone?: string | null;
  department_id?: number | null;
  org_role: OrgRole;
  password?: string;
}

/** Empty text boxes mean "no value", which the API spells as null. */
function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function toCreateRequest(values: UserFormValues): CreateUserRequest {
  return {
    user_no: values.user_no.trim(),
    name: values.name.trim(),
    email: blankToNull(values.email),
    mobile_phone: blankToNull(values.mobile_phone),
    department_id: values.department_id ?? null,
    org_role: values.org_role,
    password: values.password ?? '',
  };
}

function toUpdateRequest(values: UserFormValues): UpdateUserRequest {
  const { password, ...rest } = toCreateRequest(values);
  // An empty password box on edit keeps the current password.
  return password ? { ...rest, password } : rest;
}

export interface UserFormModalProps {
  open: boolean;
  /** The user being edited; absent when creating. */
  user?: User;
  departments: Department[];
  departmentsLoading: boolean;
  onClose: () => void;
  afterClose: () => void;
}

export function UserFormModal({
  open,
  user,
  departments,
  departmentsLoading,
  onClose,
  afterClose,
}: UserFormModalProps) {
  const { t } = useTranslation('identity');
  const { message } = App.useApp();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const editing = user !== undefined;

  const initialValues: Partial<UserFormValues> = user
    ? {
        user_no: user.user_no,
        name: user.name,
        email: user.email,
        mobile_phone: user.mobile_phone,
        department_id: user.department?.id ?? null,
        org_role: user.org_role,
      }
    : { org_role: 'member' };

  const onSubmit = async (values: UserFormValues) => {
    if (user) await updateUser.mutateAsync({ id: user.id, body: toUpdateRequest(values) });
    else await createUser.mutateAsync(toCreateRequest(values));
    void message.success(editing ? t('users.form.updated') : t('users.form.created'));
  };

  const passwordRules = [
    ...(editing ? [] : [{ required: true, message: t('users.form.passwordRequired') }]),
    {
      min: LIMITS.passwordMin,
      max: LIMITS.passwordMax,
      message: t('users.form.passwordLength', { min: LIMITS.passwordMin, max: LIMITS.passwordMax }),
    },
  ];

  return (
    <FormModal<UserFormValues>
      open={open}
      title={editing ? t('users.form.editTitle') : t('users.form.createTitle')}
      initialValues={initialValues}
      onSubmit={onSubmit}
      onClose={onClose}
      afterClose={afterClose}
    >
      <Form.Item
        name="user_no"
        label={t('users.fields.userNo')}
        rules={[
          { required: true, whitespace: true, message: t('users.form.userNoRequired') },
          { max: LIMITS.userNoMax, message: t('users.form.tooLong', { max: LIMITS.userNoMax }) },
        ]}
      >
        <Input autoFocus autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('users.fields.name')}
        rules={[
          { required: true, whitespace: true, message: t('users.form.nameRequired') },
          { max: LIMITS.nameMax, message: t('users.form.tooLong', { max: LIMITS.nameMax }) },
        ]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('users.fields.email')}
        rules={[{ type: 'email', message: t('users.form.emailInvalid') }]}
      >
        <Input type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="mobile_phone"
        label={t('users.fields.mobilePhone')}
        rules={[{ max: 32, message: t('users.form.tooLong', { max: 32 }) }]}
      >
        <Input type="tel" autoComplete="off" />
      </Form.Item>
      <Form.Item name="department_id" label={t('users.fields.department')}>
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={departmentsLoading}
          placeholder={t('users.form.departmentPlaceholder')}
          options={departments.map((d) => ({ value: d.id, label: d.name }))}
        />
      </Form.Item>
      <Form.Item
        name="org_role"
        label={t('users.fields.orgRole')}
        rules={[{ required: true, message: t('users.form.roleRequired') }]}
      >
        <Radio.Group options={ORG_ROLES.map((role) => ({ value: role, label: t(`users.roles.${role}`) }))} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('users.fields.password')}
        extra={editing ? t('users.form.passwordKeepHint') : undefined}
        rules={passwordRules}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
