import {
  PUBLIC_SCOPES,
  type Classification,
  type CurriculumAdmin,
  type PublicScope,
} from '@lectern/contracts/public-listings/public-listings.schemas';
import { Card, Flex, Form, InputNumber, Select, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAdminCurriculums, useDeleteCurriculum, useSaveCurriculum } from '../api/admin-curriculums.ts';
import { useClassifications } from '../api/get-classifications.ts';
import { usePublicCourses } from '../api/get-public-courses.ts';
import { useDeleteClassification, useSaveClassification } from '../api/save-classification.ts';
import { AdminListTable } from '../components/admin-list-table.tsx';

type Kind = 'course' | 'curriculum';
type ClassificationValues = { name: string; sort: number };

function ClassificationsTable({ kind }: { kind: Kind }) {
  const { t } = useTranslation('public-listings');
  const list = useClassifications(kind);
  const save = useSaveClassification(kind);
  const remove = useDeleteClassification(kind);

  return (
    <AdminListTable<Classification, ClassificationValues>
      query={list}
      rows={list.data?.classifications ?? []}
      emptyText={t('admin.noClassifications')}
      columns={[{ key: 'sort', title: t('admin.sort'), dataIndex: 'sort', width: 100 }]}
      labels={{
        add: t('admin.addClassification'),
        edit: t('admin.editClassification'),
        deleteConfirm: (row) => t('admin.deleteClassificationConfirm', { name: row.name }),
      }}
      initialValues={(row) => ({ name: row?.name ?? '', sort: row?.sort ?? 0 })}
      fields={() => (
        <Form.Item name="sort" label={t('admin.sort')}>
          <InputNumber min={0} max={1_000_000} precision={0} />
        </Form.Item>
      )}
      onSave={(body, row) => save.mutateAsync({ id: row?.id ?? null, body })}
      onRemove={(id) => remove.mutateAsync(id)}
    />
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
  const list = useAdminCurriculums();
  const classifications = useClassifications('curriculum');
  const courses = usePublicCourses({ page: 1, page_size: 100 });
  const save = useSaveCurriculum();
  const remove = useDeleteCurriculum();

  const courseNames = new Map((courses.data?.courses ?? []).map((c) => [c.id, c.display_name]));
  // A course already in the curriculum but not listed (private, say) still shows, by its id.
  const courseOptions = (row: CurriculumAdmin | null) =>
    [
      ...courseNames.entries(),
      ...(row?.course_ids ?? [])
        .filter((id) => !courseNames.has(id))
        .map((id) => [id, t('admin.courseById', { id })] as const),
    ].map(([value, label]) => ({ value, label }));
  const classificationName = new Map(
    (classifications.data?.classifications ?? []).map((c) => [c.id, c.name]),
  );

  const submit = (values: CurriculumValues, row: CurriculumAdmin | null) =>
    save.mutateAsync({
      id: row?.id ?? null,
      body: {
        ...values,
        // What this dialog does not edit is sent back as it is.
        cover: row?.cover ?? null,
        sign_up_charge_amount: row?.sign_up_charge_amount == null ? null : Number(row.sign_up_charge_amount),
        certification_title: row?.certification_title ?? null,
        credit_state: row?.credit_state ?? null,
        start_date: row?.start_date ?? null,
      },
    });

  return (
    <AdminListTable<CurriculumAdmin, CurriculumValues>
      query={list}
      rows={list.data?.curriculums ?? []}
      emptyText={t('admin.noCurriculums')}
      columns={[
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
      ]}
      labels={{
        add: t('admin.addCurriculum'),
        edit: t('admin.editCurriculum'),
        deleteConfirm: (row) => t('admin.deleteCurriculumConfirm', { name: row.name }),
      }}
      initialValues={(row) => ({
        name: row?.name ?? '',
        classification_id: row?.classification_id ?? null,
        public_scope: (row?.public_scope as PublicScope | undefined) ?? 'private',
        course_ids: row?.course_ids ?? [],
      })}
      fields={(row) => (
        <>
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
            <Select mode="multiple" optionFilterProp="label" options={courseOptions(row)} />
          </Form.Item>
        </>
      )}
      onSave={submit}
      onRemove={(id) => remove.mutateAsync(id)}
    />
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
