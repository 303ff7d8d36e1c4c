import { CrownOutlined, DeleteOutlined, EditOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { COURSE_LIMITS } from '@lectern/contracts/courses/course.limits';
import type { Group, GroupSet, Member } from '@lectern/contracts/courses/course.schemas';
import { App, Button, Card, Col, Flex, Row, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageState } from '../../../shared/components/page-state.tsx';
import { useCreateGroup } from '../api/create-group.ts';
import { useDeleteGroup } from '../api/delete-group.ts';
import { useDeleteGroupSet } from '../api/delete-group-set.ts';
import { useGroupSets } from '../api/list-group-sets.ts';
import { useMembers } from '../api/list-members.ts';
import { useUpdateGroup } from '../api/update-group.ts';
import { useUpdateGroupSet } from '../api/update-group-set.ts';
import { CreateGroupSetModal } from '../components/create-group-set-modal.tsx';
import { GroupMembersModal } from '../components/group-members-modal.tsx';
import { NameFormModal } from '../components/name-form-modal.tsx';
import { useCurrentCourse } from '../public/use-current-course.ts';

type Dialog =
  | { kind: 'create-set' }
  | { kind: 'rename-set'; groupSet: GroupSet }
  | { kind: 'add-group'; groupSet: GroupSet }
  | { kind: 'rename-group'; group: Group }
  | { kind: 'group-members'; group: Group; groupSet: GroupSet };

function bySort<T extends { sort: number; id: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.sort - b.sort || a.id - b.id);
}

interface GroupCardProps {
  group: Group;
  manage: boolean;
  onEditMembers: () => void;
  onRename: () => void;
  onDelete: () => void;
}

function GroupCard({ group, manage, onEditMembers, onRename, onDelete }: GroupCardProps) {
  const { t } = useTranslation('courses');
  const leaders = new Set(group.leaders.map((l) => l.id));
  const members = [...group.members].sort(
    (a, b) => Number(leaders.has(b.id)) - Number(leaders.has(a.id)) || a.user_no.localeCompare(b.user_no),
  );
  return (
    <Card
      size="small"
      title={
        <Typography.Title level={3} style={{ fontSize: 15, margin: 0 }} ellipsis={{ tooltip: group.name }}>
          {group.name}
        </Typography.Title>
      }
      extra={
        <Typography.Text type="secondary">
          {t('groups.memberCount', { count: group.members.length })}
        </Typography.Text>
      }
      actions={
        manage
          ? [
              <Button
                key="members"
                type="link"
                size="small"
                icon={<TeamOutlined aria-hidden />}
                onClick={onEditMembers}
              >
                {t('groups.editMembers')}
              </Button>,
              <Button
                key="rename"
                type="link"
                size="small"
                icon={<EditOutlined aria-hidden />}
                onClick={onRename}
                aria-label={t('groups.renameGroupNamed', { name: group.name })}
              >
                {t('groups.rename')}
              </Button>,
              <Button
                key="delete"
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined aria-hidden />}
                onClick={onDelete}
                aria-label={t('groups.deleteGroupNamed', { name: group.name })}
              >
                {t('groups.delete')}
              </Button>,
            ]
          : undefined
      }
      style={{ height: '100%' }}
    >
      {members.length === 0 ? (
        <Typography.Text type="secondary">{t('groups.noMembers')}</Typography.Text>
      ) : (
        <ul
          aria-label={t('groups.membersOf', { name: group.name })}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {members.map((member) => (
            <li key={member.id} style={{ paddingBlock: 2 }}>
              <Flex justify="space-between" gap="small">
                <Typography.Text ellipsis>
                  {t('groups.personLabel', { name: member.name, userNo: member.user_no })}
                </Typography.Text>
                {leaders.has(member.id) ? (
                  <Tag color="gold" icon={<CrownOutlined aria-hidden />} style={{ marginInlineEnd: 0 }}>
                    {t('groups.leader')}
                  </Tag>
                ) : null}
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

interface GroupSetPanelProps {
  groupSet: GroupSet;
  manage: boolean;
  students: Member[] | undefined;
  onOpen: (dialog: Dialog) => void;
  onDeleteSet: (groupSet: GroupSet) => void;
  onDeleteGroup: (group: Group) => void;
}

function GroupSetPanel({
  groupSet,
  manage,
  students,
  onOpen,
  onDeleteSet,
  onDeleteGroup,
}: GroupSetPanelProps) {
  const { t } = useTranslation('courses');
  const groups = bySort(groupSet.groups);
  const grouped = new Set(groupSet.members.map((m) => m.id));
  const ungrouped = students?.filter((s) => !grouped.has(s.id)).length;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Text type="secondary">
          {t('groups.setSummary', { groups: groups.length, members: grouped.size })}
          {manage && ungrouped !== undefined ? ` · ${t('groups.ungrouped', { count: ungrouped })}` : null}
        </Typography.Text>
        {manage ? (
          <Space wrap>
            <Button
              icon={<PlusOutlined aria-hidden />}
              onClick={() => onOpen({ kind: 'add-group', groupSet })}
            >
              {t('groups.addGroup')}
            </Button>
            <Button
              icon={<EditOutlined aria-hidden />}
              onClick={() => onOpen({ kind: 'rename-set', groupSet })}
            >
              {t('groups.renameSet')}
            </Button>
            <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => onDeleteSet(groupSet)}>
              {t('groups.deleteSet')}
            </Button>
          </Space>
        ) : null}
      </Flex>
      {groups.length === 0 ? (
        <EmptyState description={manage ? t('groups.noGroupsManage') : t('groups.noGroups')} />
      ) : (
        <Row gutter={[16, 16]}>
          {groups.map((group) => (
            <Col key={group.id} xs={24} sm={12} lg={8} xl={6}>
              <GroupCard
                group={group}
                manage={manage}
                onEditMembers={() => onOpen({ kind: 'group-members', group, groupSet })}
                onRename={() => onOpen({ kind: 'rename-group', group })}
                onDelete={() => onDeleteGroup(group)}
              />
            </Col>
          ))}
        </Row>
      )}
    </Space>
  );
}

export function CourseGroupsPage() {
  const { t } = useTranslation('courses');
  const { message, modal } = App.useApp();
  const course = useCurrentCourse();
  const manage = course.can_manage;
  const groupSets = useGroupSets(course.id);
  // Only managers choose group members; the course's students are the candidates.
  const members = useMembers(course.id, { enabled: manage });
  const students = members.data?.filter((m) => m.course_roles.includes('student'));
  const [activeSetId, setActiveSetId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const updateGroupSet = useUpdateGroupSet();
  const deleteGroupSet = useDeleteGroupSet();
  const createGroup = useCreateGroup();
  const updateGroup = useUpdateGroup();
  const deleteGroup = useDeleteGroup();

  const openDialog = (next: Dialog) => {
    setDialog(next);
    setDialogOpen(true);
  };
  const dialogCommon = {
    open: dialogOpen,
    onClose: () => setDialogOpen(false),
    afterClose: () => setDialog(null),
  };
  const groupNameField = {
    field: 'name',
    requiredMessage: t('groups.groupNameRequired'),
    maxLength: COURSE_LIMITS.groupNameMax,
  };

  const confirmDeleteSet = (groupSet: GroupSet) => {
    modal.confirm({
      title: t('groups.deleteSetTitle', { name: groupSet.name }),
      content: t('groups.deleteSetContent'),
      okText: t('groups.delete'),
      okButtonProps: { danger: true },
      cancelText: t('shared:actions.cancel'),
      onOk: async () => {
        try {
          await deleteGroupSet.mutateAsync({ courseId: course.id, groupSetId: groupSet.id });
          void message.success(t('groups.setDeleted', { name: groupSet.name }));
        } catch (error) {
          void message.error((error as Error).message);
        }
      },
    });
  };

  const confirmDeleteGroup = (group: Group) => {
    modal.confirm({
      title: t('groups.deleteGroupTitle', { name: group.name }),
      content: t('groups.deleteGroupContent'),
      okText: t('groups.delete'),
      okButtonProps: { danger: true },
      cancelText: t('shared:actions.cancel'),
      onOk: async () => {
        try {
          await deleteGroup.mutateAsync({ courseId: course.id, groupId: group.id });
          void message.success(t('groups.groupDeleted', { name: group.name }));
        } catch (error) {
          void message.error((error as Error).message);
        }
      },
    });
  };

  const createSetButton = manage ? (
    <Button
      type="primary"
      icon={<PlusOutlined aria-hidden />}
      onClick={() => openDialog({ kind: 'create-set' })}
    >
      {t('groups.createSet')}
    </Button>
  ) : null;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
          {t('groups.title')}
        </Typography.Title>
        {createSetButton}
      </Flex>

      <PageState
        query={groupSets}
        isEmpty={(sets) => sets.length === 0}
        emptyDescription={manage ? t('groups.emptyManage') : t('groups.empty')}
      >
        {(sets) => {
          const ordered = bySort(sets);
          const active = ordered.find((s) => s.id === activeSetId) ?? ordered[0];
          return (
            <Tabs
              activeKey={active ? String(active.id) : undefined}
              onChange={(key) => setActiveSetId(Number(key))}
              items={ordered.map((groupSet) => ({
                key: String(groupSet.id),
                label: groupSet.name,
                children: (
                  <GroupSetPanel
                    groupSet={groupSet}
                    manage={manage}
                    students={students}
                    onOpen={openDialog}
                    onDeleteSet={confirmDeleteSet}
                    onDeleteGroup={confirmDeleteGroup}
                  />
                ),
              }))}
            />
          );
        }}
      </PageState>

      {dialog?.kind === 'create-set' ? (
        <CreateGroupSetModal
          {...dialogCommon}
          courseId={course.id}
          onCreated={(set) => setActiveSetId(set.id)}
        />
      ) : null}
      {dialog?.kind === 'rename-set' ? (
        <NameFormModal
          {...dialogCommon}
          field="name"
          label={t('groups.setName')}
          requiredMessage={t('groups.setNameRequired')}
          maxLength={COURSE_LIMITS.groupNameMax}
          title={t('groups.renameSet')}
          initialValue={dialog.groupSet.name}
          onSubmit={(name) =>
            updateGroupSet.mutateAsync({
              courseId: course.id,
              groupSetId: dialog.groupSet.id,
              body: { name },
            })
          }
        />
      ) : null}
      {dialog?.kind === 'add-group' ? (
        <NameFormModal
          {...dialogCommon}
          {...groupNameField}
          label={t('groups.groupName')}
          title={t('groups.addGroupTo', { name: dialog.groupSet.name })}
          initialValue={t('groups.defaultGroupName', { number: dialog.groupSet.groups.length + 1 })}
          onSubmit={(name) =>
            createGroup.mutateAsync({ courseId: course.id, groupSetId: dialog.groupSet.id, body: { name } })
          }
        />
      ) : null}
      {dialog?.kind === 'rename-group' ? (
        <NameFormModal
          {...dialogCommon}
          {...groupNameField}
          label={t('groups.groupName')}
          title={t('groups.renameGroup')}
          initialValue={dialog.group.name}
          onSubmit={(name) =>
            updateGroup.mutateAsync({ courseId: course.id, groupId: dialog.group.id, body: { name } })
          }
        />
      ) : null}
      {dialog?.kind === 'group-members' ? (
        <GroupMembersModal
          {...dialogCommon}
          courseId={course.id}
          group={dialog.group}
          groupSet={dialog.groupSet}
          students={students ?? []}
          studentsLoading={members.isLoading}
        />
      ) : null}
    </Space>
  );
}
