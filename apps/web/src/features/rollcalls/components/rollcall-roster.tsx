import {
  STUDENT_ROLLCALL_STATUSES,
  type Rollcall,
  type StudentRollcall,
  type StudentRollcallStatus,
} from '@lectern/contracts/rollcalls/rollcalls.schemas';
import { App, Card, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../shared/components/page-state.tsx';
import { useStudentRollcalls } from '../api/get-student-rollcalls.ts';
import { useMarkStudent } from '../api/mark-student.ts';

/** The students of one roll call with their status; the teaching team changes a status from its menu. */
export function RollcallRoster({ rollcall }: { rollcall: Rollcall }) {
  const { t } = useTranslation('rollcalls');
  const { message } = App.useApp();
  const roll = useStudentRollcalls(rollcall.id);
  const mark = useMarkStudent(rollcall.id);

  const onMark = async (student: StudentRollcall, status: StudentRollcallStatus) => {
    try {
      await mark.mutateAsync({ userId: student.student_id, status });
      void message.success(t('roster.marked'));
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    }
  };

  if (roll.isError) return <ErrorState error={roll.error} onRetry={() => void roll.refetch()} />;
  return (
    <Card title={t('roster.title', { title: rollcall.title })} size="small">
      <Table<StudentRollcall>
        rowKey="student_id"
        size="small"
        loading={roll.isPending}
        dataSource={roll.data?.student_rollcalls ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('roster.empty') }}
        columns={[
          { key: 'user_no', title: t('roster.userNo'), dataIndex: 'user_no' },
          { key: 'name', title: t('roster.name'), dataIndex: 'name' },
          {
            key: 'status',
            title: t('roster.status'),
            render: (_, student) => (
              <Space wrap>
                <Select<StudentRollcallStatus>
                  aria-label={t('roster.markLabel', { name: student.name })}
                  value={student.rollcall_status}
                  style={{ minWidth: 110 }}
                  onChange={(status) => void onMark(student, status)}
                  options={STUDENT_ROLLCALL_STATUSES.map((s) => ({ value: s, label: t(`student.${s}`) }))}
                />
                {student.review === 'poor_accuracy' ? (
                  <Tag color="warning">
                    {t('roster.review', { accuracy: Math.round(student.accuracy ?? 0) })}
                  </Tag>
                ) : null}
                {student.distance !== null ? (
                  <Typography.Text type="secondary">
                    {t('roster.distance', { distance: Math.round(student.distance) })}
                  </Typography.Text>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
