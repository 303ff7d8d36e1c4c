import { CopyOutlined, ExportOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import type { SubjectLibDetail } from '@lectern/contracts/exams/subject-lib.schemas';
import {
  SUBJECT_TYPES,
  subjectInputSchemaFor,
  type Subject,
  type SubjectType,
} from '@lectern/contracts/exams/subject.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Breadcrumb, Button, Card, Flex, Input, Result, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { ImportExportActions } from '../../data-import/public/import-export-actions.tsx';
import { libQueryBaseKey } from '../api/authoring-keys.ts';
import { useCreateLibSubjects } from '../api/create-lib-subjects.ts';
import { subjectLibQueryKey, useSubjectLib } from '../api/get-subject-lib.ts';
import type { SubjectFilter } from '../api/list-paper-subjects.ts';
import { useSortLibSubjects } from '../api/sort-lib-subjects.ts';
import { SubjectEditorModal } from '../components/subject-editor/subject-editor-modal.tsx';
import { CopyToExamModal } from '../components/subject-libs/copy-to-exam-modal.tsx';
import { TransferSubjectsModal } from '../components/subject-libs/transfer-subjects-modal.tsx';
import { parseRouteId } from '../components/subject-list/route-id.ts';
import { SubjectList } from '../components/subject-list/subject-list.tsx';
import { useSubjectActions } from '../components/subject-list/use-subject-actions.ts';

/** `/subject-lib/:id/edit`: one library's questions, edited like an exam's but with no points limit. */
export function SubjectLibPage() {
  const { t } = useTranslation('exams');
  const libId = parseRouteId(useParams().id);
  const [filter, setFilter] = useState<SubjectFilter>({});
  const lib = useSubjectLib(libId ?? null, filter);
  if (libId === undefined) return <Result status="404" title={t('lib.notFound')} />;
  if (lib.isPending) return <LoadingState />;
  if (lib.isError && !lib.data) {
    return <ErrorState error={lib.error} onRetry={() => void lib.refetch()} retrying={lib.isRefetching} />;
  }
  return <LibEditor lib={lib.data} filter={filter} onFilterChange={setFilter} />;
}

type EditorState = { open: false } | { open: true; subject: Subject | undefined };

function LibEditor({
  lib,
  filter,
  onFilterChange,
}: {
  lib: SubjectLibDetail;
  filter: SubjectFilter;
  onFilterChange: (filter: SubjectFilter) => void;
}) {
  const { t } = useTranslation('exams');
  const queryClient = useQueryClient();
  const [editor, setEditor] = useState<EditorState>({ open: false });
  const [selected, setSelected] = useState<number[]>([]);
  const [transfer, setTransfer] = useState<'move' | 'copy' | null>(null);
  const [copyOpen, setCopyOpen] = useState(false);
  const createSubjects = useCreateLibSubjects(lib.id);
  const sortSubjects = useSortLibSubjects(lib.id);
  const filtered = Boolean(filter.keyword) || filter.subjectType !== undefined;
  const subjects = lib.subjects;
  // Only questions still on screen count as selected (a new filter hides the others).
  const selection = selected.filter((id) => subjects.some((s) => s.id === id));
  const backTo =
    lib.course_id === null ? '/subject-libs' : `/subject-libs?course_id=${lib.course_id}&tab=course`;

  const editing = editor.open ? editor.subject : undefined;
  const { saveSubject, confirmDelete, move } = useSubjectActions({
    invalidate: libQueryBaseKey(lib.id),
    subjects,
    editing,
    create: createSubjects,
    sort: sortSubjects,
    showOrder: (next) =>
      queryClient.setQueryData<SubjectLibDetail>(subjectLibQueryKey(lib.id, filter), {
        ...lib,
        subjects: next,
      }),
  });

  if (lib.lib_type === 'folder') {
    return (
      <Result status="info" title={t('lib.isFolder')} extra={<Link to={backTo}>{t('libs.title')}</Link>} />
    );
  }

  const afterTransfer = () => setSelected([]);

  return (
    <Flex vertical gap={16}>
      <Breadcrumb items={[{ title: <Link to={backTo}>{t('libs.title')}</Link> }, { title: lib.title }]} />
      <Card>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
          {lib.title}
        </Typography.Title>
        <Typography.Text type="secondary">
          {lib.course_id === null ? t('libs.mine') : t('libs.course')} ·{' '}
          {t('libs.questionCount', { count: lib.subjects_count })}
        </Typography.Text>
      </Card>
      <Flex gap={8} wrap align="center">
        <Input.Search
          aria-label={t('paper.search')}
          allowClear
          placeholder={t('paper.searchPlaceholder')}
          style={{ width: 260 }}
          defaultValue={filter.keyword}
          onSearch={(value) => onFilterChange({ ...filter, keyword: value.trim() || undefined })}
        />
        <Select<SubjectType | 'all'>
          aria-label={t('paper.typeFilter')}
          style={{ width: 200 }}
          value={filter.subjectType ?? 'all'}
          options={[
            { value: 'all', label: t('paper.allTypes') },
            ...SUBJECT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) })),
          ]}
          onChange={(value) =>
            onFilterChange({ ...filter, subjectType: value === 'all' ? undefined : value })
          }
        />
        <div style={{ flex: 1 }} />
        <ImportExportActions target={{ belong: 'library', id: lib.id }} />
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setEditor({ open: true, subject: undefined })}
        >
          {t('paper.add')}
        </Button>
      </Flex>
      <Flex gap={8} wrap align="center" role="toolbar" aria-label={t('lib.selectionActions')}>
        <Typography.Text>{t('lib.selected', { count: selection.length })}</Typography.Text>
        <Button
          size="small"
          disabled={subjects.length === 0}
          onClick={() => setSelected(selection.length === subjects.length ? [] : subjects.map((s) => s.id))}
        >
          {selection.length === subjects.length && subjects.length > 0
            ? t('lib.selectNone')
            : t('import.selectAll')}
        </Button>
        <Button
          size="small"
          icon={<SwapOutlined aria-hidden />}
          disabled={selection.length === 0}
          onClick={() => setTransfer('move')}
        >
          {t('lib.moveToLib')}
        </Button>
        <Button
          size="small"
          icon={<CopyOutlined aria-hidden />}
          disabled={selection.length === 0}
          onClick={() => setTransfer('copy')}
        >
          {t('lib.copyToLib')}
        </Button>
        <Button
          size="small"
          icon={<ExportOutlined aria-hidden />}
          disabled={selection.length === 0}
          onClick={() => setCopyOpen(true)}
        >
          {t('lib.copyToExam')}
        </Button>
      </Flex>
      {filtered && subjects.length > 1 && (
        <Typography.Text type="secondary">{t('paper.reorderNeedsAll')}</Typography.Text>
      )}
      {subjects.length === 0 ? (
        <EmptyState description={filtered ? t('paper.noMatch') : t('lib.empty')} />
      ) : (
        <SubjectList
          subjects={subjects}
          disabled={sortSubjects.isPending}
          selectedIds={selection}
          onSelectionChange={setSelected}
          onEdit={(subject) => setEditor({ open: true, subject })}
          onDelete={confirmDelete}
          onMove={filtered ? undefined : move}
        />
      )}
      <SubjectEditorModal
        open={editor.open}
        subject={editing}
        onSave={saveSubject}
        onClose={() => setEditor({ open: false })}
        schema={subjectInputSchemaFor({ libType: lib.lib_type })}
      />
      <TransferSubjectsModal
        mode={transfer}
        lib={lib}
        subjectIds={selection}
        onClose={() => setTransfer(null)}
        onDone={afterTransfer}
      />
      <CopyToExamModal
        open={copyOpen}
        lib={lib}
        subjectIds={selection}
        onClose={() => setCopyOpen(false)}
        onDone={() => setSelected([])}
      />
    </Flex>
  );
}
