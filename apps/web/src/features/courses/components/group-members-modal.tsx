import type { Group, GroupSet, Member } from '@lectern/contracts/courses/course.schemas';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { App, Button, Form, Modal, Select, Transfer, type TransferProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyServerFormErrors } from '../../../shared/components/server-form-errors.ts';
import { useUpdateGroup } from '../api/update-group.ts';

interface GroupMembersValues {
  member_ids: number[];
  leader_ids: number[];
}

interface Candidate {
  key: number;
  title: string;
  description: string;
}

export interface GroupMembersModalProps {
  open: boolean;
  courseId: number;
  group: Group;
  groupSet: GroupSet;
  /** The course's students, who alone may be in groups. */
  students: Member[];
  studentsLoading: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/** Chooses a group's members among the course's students, and its leaders among those members. */
export function GroupMembersModal({
  open,
  courseId,
  group,
  groupSet,
  students,
  studentsLoading,
  onClose,
  afterClose,
}: GroupMembersModalProps) {
  const { t } = useTranslation('courses');
  const { message } = App.useApp();
  const [form] = Form.useForm<GroupMembersValues>();
  const updateGroup = useUpdateGroup();
  const memberIds = Form.useWatch('member_ids', form) ?? group.members.map((m) => m.id);

  const otherGroupOf = new Map<number, string>();
  for (const other of groupSet.groups) {
    if (other.id === group.id) continue;
    for (const member of other.members) otherGroupOf.set(member.id, other.name);
  }

  // Current members stay listed even if they are no longer students, so they can be taken out.
  const people = new Map<number, { name: string; user_no: string }>();
  for (const student of students) people.set(student.id, student);
  for (const member of group.members) if (!people.has(member.id)) people.set(member.id, member);

  const candidates: Candidate[] = [...people.entries()]
    .map(([id, person]) => {
      const other = otherGroupOf.get(id);
      return {
        key: id,
        title: t('groups.personLabel', { name: person.name, userNo: person.user_no }),
        description: other ? t('groups.inOtherGroup', { name: other }) : '',
      };
    })
    .sort((a, b) => a.title.localeCompare(b.title));

  const onValuesChange = (changed: Partial<GroupMembersValues>, values: GroupMembersValues) => {
    // Leaders must be members: taking someone out of the group also takes away their lead.
    if (changed.member_ids) {
      const kept = (values.leader_ids ?? []).filter((id) => changed.member_ids?.includes(id));
      if (kept.length !== (values.leader_ids ?? []).length) form.setFieldValue('leader_ids', kept);
    }
  };

  const onFinish = (values: GroupMembersValues) => {
    updateGroup.mutate(
      { courseId, groupId: group.id, body: { member_ids: values.member_ids, leader_ids: values.leader_ids } },
      {
        onSuccess: () => {
          void message.success(t('groups.membersUpdated', { name: group.name }));
          onClose();
        },
        onError: (error) => applyServerFormErrors(form, error, message),
      },
    );
  };

  const render: TransferProps<Candidate>['render'] = (item) =>
    item.description ? `${item.title} · ${item.description}` : item.title;

  return (
    <Modal
      open={open}
      width={760}
      title={t('groups.editMembersTitle', { name: group.name })}
      okText={t('shared:actions.save')}
      cancelText={t('shared:actions.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: updateGroup.isPending }}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      mask={{ closable: false }}
      modalRender={(dom) => (
        <Form<GroupMembersValues>
          form={form}
          layout="vertical"
          initialValues={{
            member_ids: group.members.map((m) => m.id),
            leader_ids: group.leaders.map((m) => m.id),
          }}
          onValuesChange={onValuesChange}
          onFinish={onFinish}
          disabled={updateGroup.isPending}
          clearOnDestroy
        >
          {dom}
        </Form>
      )}
    >
      <Form.Item
        name="member_ids"
        label={t('groups.members')}
        extra={t('groups.membersHint')}
        valuePropName="targetKeys"
      >
        <Transfer<Candidate>
          dataSource={candidates}
          render={render}
          showSearch
          titles={[t('groups.students'), t('groups.inThisGroup')]}
          locale={{
            searchPlaceholder: t('groups.searchStudents'),
            notFoundContent: studentsLoading ? t('shared:state.loading') : t('groups.noStudents'),
          }}
          // The arrow buttons are named, not left to their icons' English names ("right", "left").
          actions={[
            <Button
              key="in"
              type="primary"
              size="small"
              icon={<RightOutlined aria-hidden />}
              aria-label={t('groups.moveIn')}
              title={t('groups.moveIn')}
            />,
            <Button
              key="out"
              type="primary"
              size="small"
              icon={<LeftOutlined aria-hidden />}
              aria-label={t('groups.moveOut')}
              title={t('groups.moveOut')}
            />,
          ]}
          // The two lists share the dialog's width instead of leaving a gap beside them.
          styles={{ section: { flex: 1, minWidth: 0, height: 320 } }}
        />
      </Form.Item>
      <Form.Item name="leader_ids" label={t('groups.leaders')}>
        <Select<number[]>
          mode="multiple"
          allowClear
          placeholder={t('groups.leadersPlaceholder')}
          notFoundContent={t('groups.noMembersToLead')}
          options={memberIds.map((id) => {
            const person = people.get(id);
            return {
              value: id,
              label: person
                ? t('groups.personLabel', { name: person.name, userNo: person.user_no })
                : String(id),
            };
          })}
        />
      </Form.Item>
    </Modal>
  );
}
