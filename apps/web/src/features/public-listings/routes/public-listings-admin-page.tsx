import {
  PUBLIC_LISTING_LIMITS,
  PUBLIC_SCOPES,
  type Classification,
  type CurriculumAdmin,
  type PublicScope,
} from '@lectern/contracts/public-listings/public-listings.schemas';
import {
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Table,
  Tabs,
  Typography,
} from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { ErrorState } from '../../../shared/components/page-state.tsx';
import { useAdminCurriculums, useDeleteCurriculum, useSaveCurriculum } from '../api/admin-curriculums.ts';
import { useClassifications } from '../api/get-classifications.ts';
import { usePublicCourses } from '../api/get-public-courses.ts';
import { useDeleteClassification, useSaveClassification } from '../api/save-classification.ts';

type Kind = 'course' | 'curriculum';
type ClassificationValues = { name: string; sort: number };

/** The actions column: a row's edit button and its confirmed delete, which says how it went. */
function actionsColumn<T extends { id: number; name: string }>(
  t: TFunction<'public-listings'>,
  confirmKey: 'admin.deleteClassificationConfirm' | 'admin.deleteCurriculumConfirm',
  onEdit: (row: T) => void,
  remove: (id: number) => Promise<unknown>,
  message: MessageInstance,
): ColumnType<T> {
  return {
    key: 'actions',
    title: t('admin.actions'),
    width: 180,
    render: (_, row) => (
      <Flex gap={8}>
        <Button size="small" onClick={() => onEdit(row)}>
          {t('admin.edit')}
        </Button>
        <Popconfirm
          title={t(confirmKey, { name: row.name })}
          onConfirm={() =>
            remove(row.id).then(
              () => void message.success(t('admin.deleted')),
              (error: Error) => void message.error(error.message),
            )
          }
        >
          <Button size="small" danger>
            {t('admin.delete')}
          </Button>
        </Popconfirm>
      </Flex>
    ),
  };
}

function ClassificationsTable({ kind }: { kind: Kind }) {
  const { t } = useTranslation('public-listings');
  const { message } = App.useApp();
  const list = useClassifications(kind);
  const save = useSaveClassification(kind);
  const remove = useDeleteClassification(kind);
  // undefined: closed; null: a new one; otherwise the one being renamed.
  const [editing, setEditing] = useState<Classification | null | undefined>(undefined);

  if (list.isError) {
    return <ErrorState error={list.error} onRetry={() => void list.refetch()} retrying={list.isRefetching} />;
  }
  return (
    <Flex vertical gap={8}>
      <Button type="primary" style={{ alignSelf: 'flex-start' }} onClick={() => setEditing(null)}>
        {t('admin.addClassification')}
      </Button>
      <Table<Classification>
        rowKey="id"
        size="small"
        loading={list.isPending}
        pagination={false}
        dataSource={list.data?.classifications ?? []}
        locale={{ emptyText: t('admin.noClassifications') }}
        columns={[
          { key: 'name', title: t('admin.name'), dataIndex: 'name' },
          { key: 'sort', title: t('admin.sort'), dataIndex: 'sort', width: 100 },
          actionsColumn<Classification>(
            t,
            'admin.deleteClassificationConfirm',
            setEditing,
            (id) => remove.mutateAsync(id),
            message,
          ),
        ]}
      />
      <FormModal<ClassificationValues>
        open={editing !== undefined}
        title={editing ? t('admin.editClassification') : t('admin.addClassification')}
        initialValues={{ name: editing?.name ?? '', sort: editing?.sort ?? 0 }}
        onSubmit={(body) => save.mutateAsync({ id: editing?.id ?? null, body })}
        onClose={() => setEditing(undefined)}
      >
        <Form.Item
          name="name"
          label={t('admin.name')}
          rules={[{ required: true, whitespace: true, message: t('admin.nameRequired') }]}
        >
          <Input maxLength={PUBLIC_LISTING_LIMITS.nameMax} />
        </Form.Item>
        <Form.Item name="sort" label={t('admin.sort')}>
          <InputNumber min={0} max={1_000_000} precision={0} />
        </Form.Item>
      </FormModal>
    </Flex>
  );
}

type CurriculumValues = {
  name: string;
  classification_id: number | null;
  public_scope: PublicScope;
  course_ids: number[];
};

function CurriculumsTable() {
  const { t } = useTranslation('public-listings');
  const { message } = App.useApp();
  const list = useAdminCurriculums();
  const classifications = useClassifications('curriculum');
  const courses = usePublicCourses({ page: 1, page_size: 100 });
  const save = useSaveCurriculum();
  const remove = useDeleteCurriculum();
  const [editing, setEditing] = useState<CurriculumAdmin | null | undefined>(undefined);

  if (list.isError) {
    return <ErrorState error={list.error} onRetry={() => void list.refetch()} retrying={list.isRefetching} />;
  }
  const courseNames = new Map((courses.data?.courses ?? []).map((c) => [c.id, c.display_name]));
  // A course already in the curriculum but not listed (private, say) still shows, by its id.
  const courseOptions = [
    ...courseNames.entries(),
    ...(editing?.course_ids ?? [])
      .filter((id) => !courseNames.has(id))
      .map((id) => [id, t('admin.courseById', { id })] as const),
  ].map(([value, label]) => ({ value, label }));
  const classificationName = new Map(
    (classifications.data?.classifications ?? []).map((c) => [c.id, c.name]),
  );

  const submit = (values: CurriculumValues) =>
    save.mutateAsync({
      id: editing?.id ?? null,
      body: {
        ...values,
        // What this dialog does not edit is sent back as it is.
        cover: editing?.cover ?? null,
        sign_up_charge_amount:
          editing?.sign_up_charge_amount == null ? null : Number(editing.sign_up_charge_amount),
        certification_title: editing?.certification_title ?? null,
        credit_state: editing?.credit_state ?? null,
        start_date: editing?.start_date ?? null,
      },
    });

  return (
    <Flex vertical gap={8}>
      <Button type="primary" style={{ alignSelf: 'flex-start' }} onClick={() => setEditing(null)}>
        {t('admin.addCurriculum')}
      </Button>
      <Table<CurriculumAdmin>
        rowKey="id"
        size="small"
        loading={list.isPending}
        pagination={false}
        dataSource={list.data?.curriculums ?? []}
        locale={{ emptyText: t('admin.noCurriculums') }}
        columns={[
          { key: 'name', title: t('admin.name'), dataIndex: 'name' },
          {
            key: 'classification',
            title: t('listing.classification'),
            render: (_, row) =>
              row.classification_id === null ? '—' : (classificationName.get(row.classification_id) ?? '—'),
          },
          {
            key: 'scope',
            title: t('listing.scope'),
            render: (_, row) => t(`listing.scopes.${row.public_scope as PublicScope}`),
          },
          { key: 'courses', title: t('admin.courses'), render: (_, row) => row.course_ids.length },
          actionsColumn<CurriculumAdmin>(
            t,
            'admin.deleteCurriculumConfirm',
            setEditing,
            (id) => remove.mutateAsync(id),
            message,
          ),
        ]}
      />
      <FormModal<CurriculumValues>
        open={editing !== undefined}
        title={editing ? t('admin.editCurriculum') : t('admin.addCurriculum')}
        initialValues={{
          name: editing?.name ?? '',
          classification_id: editing?.classification_id ?? null,
          public_scope: (editing?.public_scope as PublicScope | undefined) ?? 'private',
          course_ids: editing?.course_ids ?? [],
        }}
        onSubmit={submit}
        onClose={() => setEditing(undefined)}
      >
        <Form.Item
          name="name"
          label={t('admin.name')}
          rules={[{ required: true, whitespace: true, message: t('admin.nameRequired') }]}
        >
          <Input maxLength={PUBLIC_LISTING_LIMITS.nameMax} />
        </Form.Item>
        <Form.Item name="classification_id" label={t('listing.classification')}>
          <Select
            allowClear
            placeholder={t('listing.noClassification')}
            options={(classifications.data?.classifications ?? []).map((c) => ({
              value: c.id,
              label: c.name,
            }))}
          />
        </Form.Item>
        <Form.Item name="public_scope" label={t('listing.scope')}>
          <Select
            options={PUBLIC_SCOPES.map((scope) => ({ value: scope, label: t(`listing.scopes.${scope}`) }))}
          />
        </Form.Item>
        <Form.Item name="course_ids" label={t('admin.courses')} extra={t('admin.coursesHint')}>
          <Select mode="multiple" optionFilterProp="label" options={courseOptions} />
        </Form.Item>
      </FormModal>
    </Flex>
  );
}

/**
 * `/admin/public-listings`: the organisation's classifications of courses and curriculums, and its
 * curriculums (issue 18). Which course is listed, and where, is set on each course's own page.
 */
export function PublicListingsAdminPage() {
  const { t } = useTranslation('public-listings');
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('admin.title')}
      </Typography.Title>
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('admin.classifications')}</h2>} size="small">
        <Tabs
          items={(['course', 'curriculum'] as const).map((kind) => ({
            key: kind,
            label: t(`admin.kinds.${kind}`),
            children: <ClassificationsTable kind={kind} />,
          }))}
        />
      </Card>
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('admin.curriculums')}</h2>} size="small">
        <CurriculumsTable />
      </Card>
    </Flex>
  );
}
