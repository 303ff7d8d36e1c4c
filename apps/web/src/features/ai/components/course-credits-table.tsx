import type { CourseCredit } from '@lectern/contracts/ai/ai.schemas';
import { App, Button, Form, Switch, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { useAllocateCourseCredit } from '../api/allocate-course-credit.ts';
import { useCourseCredits } from '../api/list-course-credits.ts';
import { AssignedCreditField, PagedCreditList, useListParams } from './paged-credit-list.tsx';

const STATUS_COLOURS = { inactive: 'default', active: 'success', exhausted: 'error' } as const;

/** The organisation's courses with their credit; allocation and the course's AI switch. */
export function CourseCreditsTable() {
  const { t } = useTranslation('ai');
  const { message } = App.useApp();
  const list = useListParams();
  const courses = useCourseCredits(list.query);
  const allocate = useAllocateCourseCredit();
  const [editing, setEditing] = useState<CourseCredit | null>(null);

  const columns: TableColumnsType<CourseCredit> = [
    { title: t('courses.name'), dataIndex: 'name', width: 200 },
    { title: t('courses.courseCode'), dataIndex: 'courseCode', width: 110 },
    {
      title: t('courses.instructors'),
      dataIndex: 'instructors',
      width: 160,
      render: (list: CourseCredit['instructors']) => list.map((i) => i.name).join(', '),
    },
    { title: t('courses.klass'), dataIndex: 'klass', width: 100 },
    { title: t('courses.semester'), dataIndex: 'semester', width: 110 },
    { title: t('users.assigned'), dataIndex: 'creditAssigned', width: 100 },
    { title: t('users.remaining'), dataIndex: 'creditRemaining', width: 100 },
    {
      title: t('courses.status'),
      dataIndex: 'status',
      width: 100,
      render: (status: CourseCredit['status']) => (
        <Tag color={STATUS_COLOURS[status]}>{t(`courses.statuses.${status}`)}</Tag>
      ),
    },
    {
      title: t('users.actions'),
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_, course) => (
        <Button
          type="link"
          onClick={() => setEditing(course)}
          aria-label={t('courses.allocateTitle', { name: course.name })}
        >
          {t('users.allocate')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PagedCreditList<CourseCredit>
        list={list}
        result={courses}
        columns={columns}
        rowKey="id"
        scrollX={1090}
        searchPlaceholder={t('list.courseSearchPlaceholder')}
        tableLabel={t('courses.tableLabel')}
      />
      {editing ? (
        <FormModal<{ assigned: number; aiActivation: boolean }>
          open
          title={t('courses.allocateTitle', { name: editing.name })}
          initialValues={{ assigned: editing.creditAssigned, aiActivation: editing.aiActivation }}
          onClose={() => setEditing(null)}
          onSubmit={async (values) => {
            await allocate.mutateAsync({ courseId: editing.id, ...values });
            void message.success(t('users.allocated'));
          }}
        >
          <AssignedCreditField />
          <Form.Item name="aiActivation" label={t('courses.aiActivation')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </FormModal>
      ) : null}
    </>
  );
}
