import { PlusOutlined } from '@ant-design/icons';
import type { Department } from '@lectern/contracts/identity/identity.schemas';
import {
  App,
  Button,
  Flex,
  Form,
  Input,
  InputNumber,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { PageState } from '../../../shared/components/page-state.tsx';
import { useCreateDepartment } from '../api/create-department.ts';
import { useDeleteDepartment } from '../api/delete-department.ts';
import { useDepartments } from '../api/list-departments.ts';
import { useUpdateDepartment } from '../api/update-department.ts';
import { AdminNav } from '../components/admin-nav.tsx';
import { useCurrentUser } from '../public/get-current-user.ts';

type Values = { name: string; code?: string; sort?: number };
type Dialog = { kind: 'create' } | { kind: 'edit'; department: Department };

/** /admin/departments: create, rename and delete departments (a department in use is refused by the server). */
export function DepartmentsAdminPage() {
  const { t } = useTranslation('identity');
  const { message, modal } = App.useApp();
  const { data: me } = useCurrentUser();
  const orgId = me?.org_id ?? 0;
  const departments = useDepartments(me?.org_id);
  const create = useCreateDepartment();
  const update = useUpdateDepartment();
  const remove = useDeleteDepartment();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [open, setOpen] = useState(false);

  const show = (next: Dialog) => {
    setDialog(next);
    setOpen(true);
  };

  const confirmDelete = (department: Department) => {
    modal.confirm({
      title: t('departmentsAdmin.deleteConfirm', { name: department.name }),
      okText: t('adminActions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('shared:actions.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync({ orgId, id: department.id });
          void message.success(t('departmentsAdmin.deleted', { name: department.name }));
        } catch (error) {
          void message.error((error as Error).message);
        }
      },
    });
  };

  const onSubmit = async (values: Values) => {
    const body = { name: values.name, code: values.code || undefined, sort: values.sort ?? undefined };
    if (dialog?.kind === 'edit') await update.mutateAsync({ orgId, id: dialog.department.id, body });
    else await create.mutateAsync({ orgId, body });
  };

  const columns: TableColumnsType<Department> = [
    { title: t('departmentsAdmin.name'), dataIndex: 'name' },
    { title: t('departmentsAdmin.code'), dataIndex: 'code', width: 160 },
    { title: t('departmentsAdmin.sort'), dataIndex: 'sort', width: 90 },
    {
      title: t('departmentsAdmin.actions'),
      key: 'actions',
      width: 170,
      render: (_, department) => (
        <Space size={0}>
          <Button type="link" onClick={() => show({ kind: 'edit', department })}>
            {t('shared:actions.edit')}
          </Button>
          <Button type="link" danger onClick={() => confirmDelete(department)}>
            {t('adminActions.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <AdminNav />
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('departmentsAdmin.title')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => show({ kind: 'create' })}>
          {t('departmentsAdmin.create')}
        </Button>
      </Flex>
      <PageState query={departments}>
        {(rows) => (
          <Table<Department>
            rowKey="id"
            columns={columns}
            dataSource={[...rows].sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name))}
            pagination={false}
            scroll={{ x: 600 }}
            locale={{ emptyText: t('departmentsAdmin.empty') }}
          />
        )}
      </PageState>
      {dialog ? (
        <FormModal<Values>
          open={open}
          title={dialog.kind === 'edit' ? t('departmentsAdmin.edit') : t('departmentsAdmin.create')}
          initialValues={
            dialog.kind === 'edit'
              ? { name: dialog.department.name, code: dialog.department.code, sort: dialog.department.sort }
              : { sort: 0 }
          }
          onSubmit={onSubmit}
          onClose={() => setOpen(false)}
          afterClose={() => setDialog(null)}
        >
          <Form.Item
            name="name"
            label={t('departmentsAdmin.name')}
            rules={[{ required: true, whitespace: true, message: t('departmentsAdmin.nameRequired') }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="code" label={t('departmentsAdmin.code')}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="sort" label={t('departmentsAdmin.sort')}>
            <InputNumber min={0} max={100000} precision={0} />
          </Form.Item>
        </FormModal>
      ) : null}
    </Space>
  );
}
