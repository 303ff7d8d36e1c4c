import { PlusOutlined } from '@ant-design/icons';
import type { AcademicYear, OrgSemester } from '@lectern/contracts/identity/org-admin.schemas';
import {
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { ZonedDatePicker } from '../../../shared/components/zoned-date-picker.tsx';
import { EmptyState, PageState } from '../../../shared/components/page-state.tsx';
import { useAcademicYears } from '../api/list-academic-years.ts';
import { useSaveAcademicTerm } from '../api/save-academic-term.ts';
import { AdminNav } from '../components/admin-nav.tsx';
import { useCurrentUser } from '../public/get-current-user.ts';

type YearValues = { name: string; sort?: number };
type SemesterValues = { name: string; sort?: number; start_date?: Dayjs | null; end_date?: Dayjs | null };
type Dialog =
  | { kind: 'year'; year?: AcademicYear }
  | { kind: 'semester'; academicYearId: number; semester?: OrgSemester };

const DATE = 'YYYY-MM-DD';
const toDate = (value: Dayjs | null | undefined) => (value ? value.format(DATE) : null);
const fromDate = (value: string | null) => (value ? dayjs(value, DATE) : null);

/** /admin/academic-years: academic years with their semesters (names, order, dates). */
export function AcademicTermsPage() {
  const { t } = useTranslation('identity');
  const { message, modal } = App.useApp();
  const { data: me } = useCurrentUser();
  const orgId = me?.org_id ?? 0;
  const years = useAcademicYears(orgId);
  const save = useSaveAcademicTerm();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [open, setOpen] = useState(false);

  const show = (next: Dialog) => {
    setDialog(next);
    setOpen(true);
  };

  const confirmDelete = (kind: 'delete-year' | 'delete-semester', id: number, name: string) => {
    modal.confirm({
      title:
        kind === 'delete-year'
          ? t('termsAdmin.deleteYearConfirm', { name })
          : t('termsAdmin.deleteSemesterConfirm', { name }),
      okText: t('adminActions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('shared:actions.cancel'),
      onOk: async () => {
        try {
          await save.mutateAsync({ kind, orgId, id });
          void message.success(t('termsAdmin.deleted', { name }));
        } catch (error) {
          void message.error((error as Error).message);
        }
      },
    });
  };

  const semesterColumns = (year: AcademicYear): TableColumnsType<OrgSemester> => [
    { title: t('termsAdmin.name'), dataIndex: 'name' },
    { title: t('termsAdmin.startDate'), dataIndex: 'start_date', width: 130 },
    { title: t('termsAdmin.endDate'), dataIndex: 'end_date', width: 130 },
    { title: t('termsAdmin.sort'), dataIndex: 'sort', width: 80 },
    {
      title: t('termsAdmin.actions'),
      key: 'actions',
      width: 170,
      render: (_, semester) => (
        <Space size={0}>
          <Button type="link" onClick={() => show({ kind: 'semester', academicYearId: year.id, semester })}>
            {t('shared:actions.edit')}
          </Button>
          <Button
            type="link"
            danger
            onClick={() => confirmDelete('delete-semester', semester.id, semester.name)}
          >
            {t('adminActions.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  const onSubmitYear = async (values: YearValues) => {
    if (dialog?.kind !== 'year') return;
    await save.mutateAsync({
      kind: 'year',
      orgId,
      id: dialog.year?.id,
      body: { name: values.name, sort: values.sort ?? undefined },
    });
  };

  const onSubmitSemester = async (values: SemesterValues) => {
    if (dialog?.kind !== 'semester') return;
    await save.mutateAsync({
      kind: 'semester',
      orgId,
      id: dialog.semester?.id,
      body: {
        academic_year_id: dialog.academicYearId,
        name: values.name,
        sort: values.sort ?? undefined,
        start_date: toDate(values.start_date),
        end_date: toDate(values.end_date),
      },
    });
  };

  const nameRule = { required: true, whitespace: true, message: t('termsAdmin.nameRequired') };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <AdminNav />
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('termsAdmin.title')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => show({ kind: 'year' })}>
          {t('termsAdmin.createYear')}
        </Button>
      </Flex>
      <PageState query={years}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState description={t('termsAdmin.empty')} />
          ) : (
            <Flex vertical gap="middle">
              {list.map((year) => (
                <Card
                  key={year.id}
                  title={
                    <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
                      {year.name}
                    </Typography.Title>
                  }
                  extra={
                    <Space size={0} wrap>
                      <Button type="link" onClick={() => show({ kind: 'semester', academicYearId: year.id })}>
                        {t('termsAdmin.addSemester')}
                      </Button>
                      <Button type="link" onClick={() => show({ kind: 'year', year })}>
                        {t('shared:actions.edit')}
                      </Button>
                      <Button
                        type="link"
                        danger
                        onClick={() => confirmDelete('delete-year', year.id, year.name)}
                      >
                        {t('adminActions.delete')}
                      </Button>
                    </Space>
                  }
                >
                  <Table<OrgSemester>
                    rowKey="id"
                    size="small"
                    columns={semesterColumns(year)}
                    dataSource={year.semesters}
                    pagination={false}
                    scroll={{ x: 640 }}
                    locale={{ emptyText: t('termsAdmin.noSemesters') }}
                  />
                </Card>
              ))}
            </Flex>
          )
        }
      </PageState>
      {dialog?.kind === 'year' ? (
        <FormModal<YearValues>
          open={open}
          title={dialog.year ? t('termsAdmin.editYear') : t('termsAdmin.createYear')}
          initialValues={dialog.year ? { name: dialog.year.name, sort: dialog.year.sort } : { sort: 0 }}
          onSubmit={onSubmitYear}
          onClose={() => setOpen(false)}
          afterClose={() => setDialog(null)}
        >
          <Form.Item name="name" label={t('termsAdmin.name')} rules={[nameRule]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="sort" label={t('termsAdmin.sort')}>
            <InputNumber min={0} max={100000} precision={0} />
          </Form.Item>
        </FormModal>
      ) : null}
      {dialog?.kind === 'semester' ? (
        <FormModal<SemesterValues>
          open={open}
          title={dialog.semester ? t('termsAdmin.editSemester') : t('termsAdmin.addSemester')}
          initialValues={
            dialog.semester
              ? {
                  name: dialog.semester.name,
                  sort: dialog.semester.sort,
                  start_date: fromDate(dialog.semester.start_date),
                  end_date: fromDate(dialog.semester.end_date),
                }
              : { sort: 0 }
          }
          onSubmit={onSubmitSemester}
          onClose={() => setOpen(false)}
          afterClose={() => setDialog(null)}
        >
          <Form.Item name="name" label={t('termsAdmin.name')} rules={[nameRule]}>
            <Input maxLength={100} />
          </Form.Item>
          <Flex gap="middle" wrap>
            <Form.Item name="start_date" label={t('termsAdmin.startDate')}>
              <ZonedDatePicker format={DATE} />
            </Form.Item>
            <Form.Item name="end_date" label={t('termsAdmin.endDate')}>
              <ZonedDatePicker format={DATE} />
            </Form.Item>
          </Flex>
          <Form.Item name="sort" label={t('termsAdmin.sort')}>
            <InputNumber min={0} max={100000} precision={0} />
          </Form.Item>
        </FormModal>
      ) : null}
    </Space>
  );
}
