import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@lectern/contracts/common/pagination.schemas';
import type { User } from '@lectern/contracts/identity/identity.schemas';
import { App, Button, Flex, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { PageState } from '../../../shared/components/page-state.tsx';
import { useCurrentUser } from '../public/get-current-user.ts';
import { useDepartments } from '../api/list-departments.ts';
import { useUsers, type ListUsersParams } from '../api/list-users.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { AdminNav } from '../components/admin-nav.tsx';
import { ImportUsersModal } from '../components/import-users-modal.tsx';
import { UserFormModal } from '../components/user-form-modal.tsx';

type ActiveFilter = 'all' | 'active' | 'inactive';

/** Organisation members are told apart by whether they teach anywhere (the list says so per user). */
function shownRole(user: User): 'admin' | 'instructor' | 'student' {
  if (user.org_role === 'admin') return 'admin';
  return user.teaches ? 'instructor' : 'student';
}

type Dialog = { kind: 'create' } | { kind: 'edit'; user: User } | { kind: 'import' };

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= 1 ? Math.min(parsed, max) : fallback;
}

/** Filters live in the address, so reloading or sharing the page keeps what the admin was looking at. */
function useUserFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const activeParam = searchParams.get('active');
  const active: ActiveFilter = activeParam === 'active' || activeParam === 'inactive' ? activeParam : 'all';
  const departmentParam = searchParams.get('department_id');
  const filters = {
    page: positiveInt(searchParams.get('page'), 1),
    pageSize: positiveInt(searchParams.get('page_size'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    keyword: searchParams.get('keyword') ?? '',
    departmentId: departmentParam ? positiveInt(departmentParam, 0) || undefined : undefined,
    active,
  };

  const update = (changes: Partial<typeof filters>) => {
    const next = { ...filters, page: 1, ...changes };
    const params = new URLSearchParams();
    if (next.page > 1) params.set('page', String(next.page));
    if (next.pageSize !== DEFAULT_PAGE_SIZE) params.set('page_size', String(next.pageSize));
    if (next.keyword) params.set('keyword', next.keyword);
    if (next.departmentId) params.set('department_id', String(next.departmentId));
    if (next.active !== 'all') params.set('active', next.active);
    setSearchParams(params, { replace: true });
  };

  return { filters, update };
}

export function UsersAdminPage() {
  const { t } = useTranslation('identity');
  const { message, modal } = App.useApp();
  const { data: me } = useCurrentUser();
  const { filters, update } = useUserFilters();
  const [keywordDraft, setKeywordDraft] = useState(filters.keyword);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const params: ListUsersParams = {
    page: filters.page,
    page_size: filters.pageSize,
    keyword: filters.keyword || undefined,
    department_id: filters.departmentId,
    active: filters.active === 'all' ? undefined : filters.active === 'active',
  };
  const users = useUsers(params);
  const departments = useDepartments(me?.org_id);
  const updateUser = useUpdateUser();

  const sortedDepartments = useMemo(
    () => [...(departments.data ?? [])].sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name)),
    [departments.data],
  );

  const openDialog = (next: Dialog) => {
    setDialog(next);
    setDialogOpen(true);
  };

  // A dialog rather than a popover: it takes the focus, so the keyboard reaches its buttons.
  const confirmSetActive = (user: User, active: boolean) => {
    modal.confirm({
      title: active
        ? t('users.reactivateConfirm', { name: user.name })
        : t('users.deactivateConfirm', { name: user.name }),
      okText: active ? t('users.reactivate') : t('users.deactivate'),
      okButtonProps: { danger: !active },
      cancelText: t('shared:actions.cancel'),
      onOk: async () => {
        try {
          await updateUser.mutateAsync({ id: user.id, body: { active } });
          void message.success(
            active
              ? t('users.reactivated', { name: user.name })
              : t('users.deactivated', { name: user.name }),
          );
        } catch (error) {
          void message.error((error as Error).message);
        }
      },
    });
  };

  const columns: TableColumnsType<User> = [
    { title: t('users.fields.userNo'), dataIndex: 'user_no', width: 140 },
    { title: t('users.fields.name'), dataIndex: 'name', width: 140 },
    {
      title: t('users.fields.email'),
      dataIndex: 'email',
      width: 240,
      // Wrapped, never cut off: an administrator reads and copies whole addresses here.
      render: (_, user) => <span style={{ overflowWrap: 'anywhere' }}>{user.email}</span>,
    },
    { title: t('users.fields.mobilePhone'), dataIndex: 'mobile_phone', width: 140 },
    {
      title: t('users.fields.department'),
      key: 'department',
      render: (_, user) => user.department?.name,
    },
    {
      title: t('users.fields.orgRole'),
      dataIndex: 'org_role',
      width: 120,
      render: (_, user) => {
        const role = shownRole(user);
        return (
          <Tag color={role === 'admin' ? 'gold' : role === 'instructor' ? 'blue' : undefined}>
            {t(`orgRoles.${role}`)}
          </Tag>
        );
      },
    },
    {
      title: t('users.fields.status'),
      dataIndex: 'active',
      width: 100,
      render: (_, user) =>
        user.active ? (
          <Tag color="success">{t('users.status.active')}</Tag>
        ) : (
          <Tag>{t('users.status.inactive')}</Tag>
        ),
    },
    {
      title: t('users.fields.createdAt'),
      dataIndex: 'created_at',
      width: 180,
      render: (_, user) => formatDateTime(user.created_at),
    },
    {
      title: t('users.fields.actions'),
      key: 'actions',
      fixed: 'right',
      width: 170,
      render: (_, user) => {
        const self = user.id === me?.id;
        return (
          <Space size={0}>
            <Button type="link" onClick={() => openDialog({ kind: 'edit', user })}>
              {t('shared:actions.edit')}
            </Button>
            {user.active ? (
              <Button
                type="link"
                danger
                disabled={self}
                title={self ? t('users.cannotDeactivateSelf') : undefined}
                onClick={() => confirmSetActive(user, false)}
              >
                {t('users.deactivate')}
              </Button>
            ) : (
              <Button type="link" onClick={() => confirmSetActive(user, true)}>
                {t('users.reactivate')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <AdminNav />
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('users.title')}
        </Typography.Title>
        <Space wrap>
          <Button icon={<UploadOutlined aria-hidden />} onClick={() => openDialog({ kind: 'import' })}>
            {t('users.import.open')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => openDialog({ kind: 'create' })}
          >
            {t('users.create')}
          </Button>
        </Space>
      </Flex>

      <Flex wrap gap="small" role="search">
        <Input.Search
          aria-label={t('users.filters.keyword')}
          placeholder={t('users.filters.keywordPlaceholder')}
          allowClear
          value={keywordDraft}
          onChange={(event) => setKeywordDraft(event.target.value)}
          onSearch={(value) => update({ keyword: value.trim() })}
          style={{ width: 280 }}
        />
        <Select<number>
          aria-label={t('users.filters.department')}
          placeholder={t('users.filters.allDepartments')}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={departments.isLoading}
          value={filters.departmentId}
          onChange={(value) => update({ departmentId: value })}
          options={sortedDepartments.map((d) => ({ value: d.id, label: d.name }))}
          style={{ width: 220 }}
        />
        <Select<ActiveFilter>
          aria-label={t('users.filters.status')}
          value={filters.active}
          onChange={(value) => update({ active: value })}
          options={[
            { value: 'all', label: t('users.filters.allStatuses') },
            { value: 'active', label: t('users.status.active') },
            { value: 'inactive', label: t('users.status.inactive') },
          ]}
          style={{ width: 160 }}
        />
      </Flex>

      <PageState query={users}>
        {(page) => (
          <Table<User>
            rowKey="id"
            columns={columns}
            dataSource={page.users}
            loading={users.isFetching}
            scroll={{ x: 1200 }}
            locale={{ emptyText: t('users.empty') }}
            pagination={{
              current: page.page,
              pageSize: page.page_size,
              total: page.total,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, 100],
              showTotal: (total) => t('users.total', { total }),
              onChange: (nextPage, nextSize) =>
                update(nextSize === filters.pageSize ? { page: nextPage } : { page: 1, pageSize: nextSize }),
            }}
          />
        )}
      </PageState>

      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <UserFormModal
          open={dialogOpen}
          user={dialog.kind === 'edit' ? dialog.user : undefined}
          departments={sortedDepartments}
          departmentsLoading={departments.isLoading}
          onClose={() => setDialogOpen(false)}
          afterClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'import' ? (
        <ImportUsersModal
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          afterClose={() => setDialog(null)}
        />
      ) : null}
    </Space>
  );
}
