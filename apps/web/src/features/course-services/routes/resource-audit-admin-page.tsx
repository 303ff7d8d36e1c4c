import {
  AUDIT_STATUSES,
  RESOURCE_AUDIT_LIMITS,
  type AuditReference,
  type AuditStatus,
  type ResourceAuditCourse,
} from '@lectern/contracts/course-services/resource-audit.schemas';
import { STUDENT_STATS_LIMITS } from '@lectern/contracts/course-services/student-stats.schemas';
import { App, Button, Flex, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { ErrorState } from '../../../shared/components/page-state.tsx';
import { useCourseResourceAudit } from '../api/get-course-resource-audit.ts';
import { useResourceAuditCourses } from '../api/list-resource-audit-courses.ts';
import { useReviewResource } from '../api/review-resource.ts';
import { StudentStatsPanel } from '../components/student-stats-panel.tsx';

/** What the admin has chosen on screen (screen state, not a wire type); `queryOf` makes it a query. */
type AuditFilter = {
  page: number;
  page_size: number;
  keyword: string;
  audit_status: AuditStatus | null;
};

function queryOf(filter: AuditFilter) {
  const conditions: Record<string, string> = {};
  if (filter.keyword.trim() !== '') conditions.keyword = filter.keyword.trim();
  if (filter.audit_status !== null) conditions.audit_status = filter.audit_status;
  return { page: filter.page, page_size: filter.page_size, conditions };
}

const STATUS_COLOR: Record<AuditStatus, string> = { agree: 'green', reject: 'red', auditing: 'gold' };

function StatusTag({ status }: { status: AuditStatus }) {
  const { t } = useTranslation('course-services');
  return <Tag color={STATUS_COLOR[status]}>{t(`resourceAudit.status.${status}`)}</Tag>;
}

/** One course's files, each with its verdict and the administrator's two buttons. */
function CourseFiles({ course }: { course: ResourceAuditCourse }) {
  const { t } = useTranslation('course-services');
  const { message } = App.useApp();
  const [filter, setFilter] = useState<AuditFilter>({
    page: 1,
    page_size: 10,
    keyword: '',
    audit_status: null,
  });
  const files = useCourseResourceAudit(course.id, queryOf(filter));
  const review = useReviewResource();
  const [rejecting, setRejecting] = useState<AuditReference | null>(null);

  if (files.isError) {
    return (
      <ErrorState error={files.error} onRetry={() => void files.refetch()} retrying={files.isRefetching} />
    );
  }
  const agree = (file: AuditReference) =>
    review
      .mutateAsync({ courseId: course.id, uploadId: file.upload_id, body: { audit_status: 'agree' } })
      .then(
        () => void message.success(t('resourceAudit.agreed')),
        (error: Error) => void message.error(error.message),
      );
  return (
    <>
      <Table<AuditReference>
        rowKey="upload_id"
        size="small"
        loading={files.isPending}
        dataSource={files.data?.audit_references ?? []}
        locale={{ emptyText: t('resourceAudit.noFiles') }}
        scroll={{ x: 640 }}
        pagination={{
          current: filter.page,
          pageSize: filter.page_size,
          total: files.data?.total ?? 0,
          onChange: (page, page_size) => setFilter({ ...filter, page, page_size }),
        }}
        columns={[
          { key: 'name', title: t('resourceAudit.file'), dataIndex: 'name' },
          {
            key: 'uploader',
            title: t('resourceAudit.uploadedBy'),
            render: (_, file) => file.uploaded_by.name,
          },
          {
            key: 'where',
            title: t('resourceAudit.usedIn'),
            render: (_, file) =>
              file.activities.length > 0
                ? file.activities.map((a) => a.title).join(', ')
                : t('resourceAudit.sharedOnly'),
          },
          {
            key: 'status',
            title: t('resourceAudit.statusColumn'),
            render: (_, file) => (
              <Space orientation="vertical" size={0}>
                <StatusTag status={file.audit_status} />
                {file.audit_remark ? (
                  <Typography.Text type="secondary">{file.audit_remark}</Typography.Text>
                ) : null}
              </Space>
            ),
          },
          {
            key: 'actions',
            title: t('resourceAudit.actions'),
            width: 170,
            render: (_, file) => (
              <Flex gap={8}>
                <Button
                  size="small"
                  disabled={file.audit_status === 'agree'}
                  onClick={() => void agree(file)}
                  aria-label={t('resourceAudit.agreeFile', { name: file.name })}
                >
                  {t('resourceAudit.agree')}
                </Button>
                <Button
                  size="small"
                  danger
                  disabled={file.audit_status === 'reject'}
                  onClick={() => setRejecting(file)}
                  aria-label={t('resourceAudit.rejectFile', { name: file.name })}
                >
                  {t('resourceAudit.reject')}
                </Button>
              </Flex>
            ),
          },
        ]}
      />
      <FormModal<{ audit_remark: string }>
        open={rejecting !== null}
        title={t('resourceAudit.rejectTitle', { name: rejecting?.name ?? '' })}
        initialValues={{ audit_remark: '' }}
        onSubmit={({ audit_remark }) =>
          review.mutateAsync({
            courseId: course.id,
            uploadId: rejecting?.upload_id ?? 0,
            body: { audit_status: 'reject', audit_remark },
          })
        }
        onClose={() => setRejecting(null)}
      >
        <Form.Item
          name="audit_remark"
          label={t('resourceAudit.remark')}
          rules={[{ required: true, whitespace: true, message: t('resourceAudit.remarkRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={RESOURCE_AUDIT_LIMITS.remarkMax} showCount />
        </Form.Item>
      </FormModal>
    </>
  );
}

/**
 * `/admin/resource-audit` (issue 18): the organisation's courses that use files, each with its review
 * status (as good as its worst file) and counts; a course's row opens its files to agree to or reject.
 */
export function ResourceAuditAdminPage() {
  const { t } = useTranslation('course-services');
  const [filter, setFilter] = useState<AuditFilter>({
    page: 1,
    page_size: 20,
    keyword: '',
    audit_status: null,
  });
  const list = useResourceAuditCourses({ ...queryOf(filter), include_children_tenant: true });
  const counts = list.data?.counts;
  // Courses ticked for the students' statistics, kept across pages and searches.
  const [chosen, setChosen] = useState<ResourceAuditCourse[]>([]);

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('resourceAudit.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('resourceAudit.intro')}
      </Typography.Paragraph>
      <Flex gap={8} wrap="wrap" aria-live="polite">
        {AUDIT_STATUSES.map((status) => (
          <Tag key={status} color={STATUS_COLOR[status]}>
            {t(`resourceAudit.count.${status}`, { n: counts?.[status] ?? 0 })}
          </Tag>
        ))}
      </Flex>
      <Flex gap={8} wrap="wrap">
        <Input.Search
          allowClear
          style={{ width: 260 }}
          placeholder={t('resourceAudit.searchPlaceholder')}
          aria-label={t('resourceAudit.searchPlaceholder')}
          onSearch={(keyword) => setFilter({ ...filter, keyword, page: 1 })}
        />
        <Select<AuditStatus | 'all'>
          style={{ width: 180 }}
          aria-label={t('resourceAudit.statusFilter')}
          value={filter.audit_status ?? 'all'}
          onChange={(value) =>
            setFilter({ ...filter, audit_status: value === 'all' ? null : value, page: 1 })
          }
          options={[
            { value: 'all', label: t('resourceAudit.allStatuses') },
            ...AUDIT_STATUSES.map((status) => ({
              value: status,
              label: t(`resourceAudit.status.${status}`),
            })),
          ]}
        />
      </Flex>
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} retrying={list.isRefetching} />
      ) : (
        <Table<ResourceAuditCourse>
          rowKey="id"
          size="small"
          loading={list.isPending}
          dataSource={list.data?.courses ?? []}
          locale={{ emptyText: t('resourceAudit.noCourses') }}
          scroll={{ x: 640 }}
          expandable={{ expandedRowRender: (course) => <CourseFiles course={course} /> }}
          rowSelection={{
            // antd copies each column title into a hidden measuring row; a select-all checkbox there is a
            // focusable control under aria-hidden (axe: aria-hidden-focus). Ticking stops at the statistics'
            // course limit anyway, so the column is named for screen readers instead.
            hideSelectAll: true,
            columnTitle: <span className="sr-only">{t('studentStats.title')}</span>,
            preserveSelectedRowKeys: true,
            selectedRowKeys: chosen.map((c) => c.id),
            onChange: (_, rows) => setChosen(rows.filter((row) => row !== undefined)),
            getCheckboxProps: (course) => ({
              'aria-label': t('studentStats.choose', { name: course.name }),
              disabled:
                chosen.length >= STUDENT_STATS_LIMITS.maxCourses && !chosen.some((c) => c.id === course.id),
            }),
          }}
          pagination={{
            current: filter.page,
            pageSize: filter.page_size,
            total: list.data?.total ?? 0,
            onChange: (page, page_size) => setFilter({ ...filter, page, page_size }),
          }}
          columns={[
            {
              key: 'name',
              title: t('resourceAudit.course'),
              render: (_, course) => (
                <Space orientation="vertical" size={0}>
                  <span>{course.name}</span>
                  {course.code ? <Typography.Text type="secondary">{course.code}</Typography.Text> : null}
                </Space>
              ),
            },
            { key: 'files', title: t('resourceAudit.files'), dataIndex: 'resource_count', width: 90 },
            {
              key: 'status',
              title: t('resourceAudit.statusColumn'),
              width: 130,
              render: (_, course) => <StatusTag status={course.audit_status} />,
            },
            {
              key: 'counts',
              title: t('resourceAudit.breakdown'),
              render: (_, course) =>
                t('resourceAudit.breakdownText', {
                  agree: course.audit_counts.agree,
                  reject: course.audit_counts.reject,
                  auditing: course.audit_counts.auditing,
                }),
            },
          ]}
        />
      )}
      <StudentStatsPanel courses={chosen} />
    </Flex>
  );
}
