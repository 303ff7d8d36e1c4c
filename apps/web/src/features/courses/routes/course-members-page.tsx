import { UserAddOutlined } from '@ant-design/icons';
import type { Member } from '@lectern/contracts/courses/course.schemas';
import { COURSE_ROLES, type CourseRole } from '@lectern/contracts/courses/course-roles';
import { App, Button, Flex, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { ScrollableTable } from '../../../shared/components/scrollable-table.tsx';
import { PageState } from '../../../shared/components/page-state.tsx';
import { useMembers } from '../api/list-members.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { AddMembersModal } from '../components/add-members-modal.tsx';
import { CHIEF_INSTRUCTOR_COLOR, ROLE_COLORS } from '../components/course-format.ts';
import { MemberRolesModal } from '../components/member-roles-modal.tsx';
import { useCurrentCourse } from '../public/use-current-course.ts';

const MEMBER_PAGE_SIZES = [20, 50, 100];

type Dialog = { kind: 'add' } | { kind: 'roles'; member: Member };

function matches(member: Member, keyword: string): boolean {
  if (!keyword) return true;
  const needle = keyword.toLowerCase();
  return [member.name, member.user_no, member.email ?? '', member.department?.name ?? ''].some((value) =>
    value.toLowerCase().includes(needle),
  );
}

/** Orders the list as people expect it: the chief instructor, the teaching team, then everyone by user number. */
function byRoleThenNumber(a: Member, b: Member): number {
  const rank = (m: Member) => {
    const primary = m.course_roles[0];
    return m.is_chief_instructor ? -1 : primary ? COURSE_ROLES.indexOf(primary) : COURSE_ROLES.length;
  };
  return rank(a) - rank(b) || a.user_no.localeCompare(b.user_no);
}

export function CourseMembersPage() {
  const { t } = useTranslation('courses');
  const { message, modal } = App.useApp();
  const course = useCurrentCourse();
  const members = useMembers(course.id);
  const removeMember = useRemoveMember();
  const [role, setRole] = useState<CourseRole | 'all'>('all');
  const [keyword, setKeyword] = useState('');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const manage = course.can_manage;

  const openDialog = (next: Dialog) => {
    setDialog(next);
    setDialogOpen(true);
  };

  // A dialog rather than a popover: it takes the focus, so the keyboard reaches its buttons.
  const confirmRemove = (member: Member) => {
    modal.confirm({
      title: t('members.removeConfirm', { name: member.name }),
      content: t('members.removeConfirmDescription'),
      okText: t('members.remove'),
      okButtonProps: { danger: true },
      cancelText: t('shared:actions.cancel'),
      onOk: async () => {
        try {
          await removeMember.mutateAsync({ courseId: course.id, userId: member.id });
          void message.success(t('members.removed', { name: member.name }));
        } catch (error) {
          void message.error((error as Error).message);
        }
      },
    });
  };

  const columns = (list: Member[]): TableColumnsType<Member> => [
    { title: t('members.fields.name'), dataIndex: 'name', width: 160 },
    { title: t('members.fields.userNo'), dataIndex: 'user_no', width: 140 },
    {
      title: t('members.fields.department'),
      key: 'department',
      render: (_, member) => member.department?.name,
    },
    {
      title: t('members.fields.roles'),
      key: 'roles',
      render: (_, member) => (
        <Flex wrap gap={4}>
          {member.is_chief_instructor ? (
            <Tag color={CHIEF_INSTRUCTOR_COLOR} style={{ marginInlineEnd: 0 }}>
              {t('roles.chief_instructor')}
            </Tag>
          ) : null}
          {member.course_roles.map((r) => (
            <Tag key={r} color={ROLE_COLORS[r]} style={{ marginInlineEnd: 0 }}>
              {t(`roles.${r}`)}
            </Tag>
          ))}
        </Flex>
      ),
    },
    // Contacts are only sent to those allowed to see them; without any the column would stay empty.
    ...(list.some((m) => m.email)
      ? [{ title: t('members.fields.email'), dataIndex: 'email', ellipsis: true } as const]
      : []),
    {
      title: t('members.fields.joinedAt'),
      dataIndex: 'joined_at',
      width: 180,
      render: (_, member) => formatDateTime(member.joined_at),
    },
    ...(manage
      ? [
          {
            title: t('members.fields.actions'),
            key: 'actions',
            fixed: 'right' as const,
            width: 170,
            render: (_: unknown, member: Member) => (
              <Space size={0}>
                <Button type="link" onClick={() => openDialog({ kind: 'roles', member })}>
                  {t('members.changeRoles')}
                </Button>
                {member.is_chief_instructor ? null : (
                  <Button type="link" danger onClick={() => confirmRemove(member)}>
                    {t('members.remove')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
          {t('members.title')}
        </Typography.Title>
        {manage ? (
          <Button
            type="primary"
            icon={<UserAddOutlined aria-hidden />}
            onClick={() => openDialog({ kind: 'add' })}
          >
            {t('members.add.open')}
          </Button>
        ) : null}
      </Flex>

      <Flex wrap gap="small" role="search">
        <Input.Search
          aria-label={t('members.filters.keyword')}
          placeholder={t('members.filters.keywordPlaceholder')}
          allowClear
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          style={{ width: 280 }}
        />
        <Select<CourseRole | 'all'>
          aria-label={t('members.filters.role')}
          value={role}
          onChange={setRole}
          options={[
            { value: 'all', label: t('members.filters.allRoles') },
            ...COURSE_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) })),
          ]}
          style={{ minWidth: 160 }}
        />
      </Flex>

      <PageState query={members}>
        {(list) => {
          const shown = list
            .filter((m) => role === 'all' || m.course_roles.includes(role))
            .filter((m) => matches(m, keyword.trim()))
            .sort(byRoleThenNumber);
          return (
            <ScrollableTable label={t('members.title')}>
              <Table<Member>
                rowKey="id"
                columns={columns(list)}
                dataSource={shown}
                loading={members.isFetching && !members.isPending}
                scroll={{ x: 900 }}
                locale={{ emptyText: t('members.empty') }}
                pagination={{
                  defaultPageSize: MEMBER_PAGE_SIZES[0],
                  showSizeChanger: true,
                  pageSizeOptions: MEMBER_PAGE_SIZES,
                  showTotal: (total) => t('members.total', { total }),
                }}
              />
            </ScrollableTable>
          );
        }}
      </PageState>

      {dialog?.kind === 'add' ? (
        <AddMembersModal
          open={dialogOpen}
          courseId={course.id}
          onClose={() => setDialogOpen(false)}
          afterClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'roles' ? (
        <MemberRolesModal
          open={dialogOpen}
          courseId={course.id}
          member={dialog.member}
          onClose={() => setDialogOpen(false)}
          afterClose={() => setDialog(null)}
        />
      ) : null}
    </Space>
  );
}
