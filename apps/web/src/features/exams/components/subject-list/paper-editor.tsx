import { BookOutlined, EyeOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import type { Exam } from '@lectern/contracts/exams/exam.schemas';
import {
  SUBJECT_TYPES,
  subjectPoints,
  type Subject,
  type SubjectType,
} from '@lectern/contracts/exams/subject.schemas';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Breadcrumb,
  Button,
  Card,
  Flex,
  Input,
  Segmented,
  Select,
  Space,
  Tabs,
  Typography,
  type TabsProps,
} from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../../shared/components/date-time.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../../shared/components/page-state.tsx';
import { paperBaseKey, type PaperRef } from '../../api/authoring-keys.ts';
import { useCreatePaperSubjects } from '../../api/create-paper-subjects.ts';
import { useExam } from '../../api/get-exam.ts';
import { usePaperPoints } from '../../api/get-paper-points.ts';
import {
  paperSubjectsQueryKey,
  usePaperSubjects,
  type SubjectFilter,
} from '../../api/list-paper-subjects.ts';
import { useSortPaperSubjects } from '../../api/sort-paper-subjects.ts';
import { subjectStatisticsSource } from '../../api/get-subject-statistics.ts';
import { SubjectEditorModal } from '../subject-editor/subject-editor-modal.tsx';
import { SubjectStatisticsModal } from '../statistics/subject-statistics-modal.tsx';
import { ImportFromLibModal } from '../subject-libs/import-from-lib-modal.tsx';
import { PointsUsed } from './points-used.tsx';
import { SubjectList } from './subject-list.tsx';
import { SubjectPaperPreview } from './subject-paper-preview.tsx';
import { useSubjectActions } from './use-subject-actions.ts';

export interface PaperEditorProps {
  kind: PaperRef['kind'];
  examId: number;
  /** More tabs beside the questions and the preview (an exam's retake records). */
  extraTabs?: ((exam: Exam) => NonNullable<TabsProps['items']>) | undefined;
  /**
   * More links in the header (an exam's marking page), told which paper (regular or make-up) is shown and
   * whether its questions may be changed (the exam is editable and that paper is not locked).
   */
  links?: ((exam: Exam, paper: PaperRef, canEdit: boolean) => ReactNode) | undefined;
}

type EditorState = { open: false } | { open: true; subject: Subject | undefined };

/**
 * The question editor of an exam or a classroom exam: the paper's questions with their points against the
 * exam's total, filters, add / edit / delete / reorder, copies from a library and a student's-eye preview.
 */
export function PaperEditor({ kind, examId, extraTabs, links }: PaperEditorProps) {
  const exam = useExam({ kind, id: examId });
  if (exam.isPending) return <LoadingState />;
  if (exam.isError) {
    return <ErrorState error={exam.error} onRetry={() => void exam.refetch()} retrying={exam.isRefetching} />;
  }
  return <PaperEditorView exam={exam.data} kind={kind} extraTabs={extraTabs} links={links} />;
}

function PaperEditorView({
  exam,
  kind,
  extraTabs,
  links,
}: {
  exam: Exam;
  kind: PaperRef['kind'];
  extraTabs: PaperEditorProps['extraTabs'];
  links: PaperEditorProps['links'];
}) {
  const { t } = useTranslation('exams');
  const queryClient = useQueryClient();
  const [isMakeup, setIsMakeup] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [subjectType, setSubjectType] = useState<SubjectType | undefined>(undefined);
  const [editor, setEditor] = useState<EditorState>({ open: false });
  const [importOpen, setImportOpen] = useState(false);
  const [statisticsOf, setStatisticsOf] = useState<Subject | null>(null);

  const makeupAvailable = kind === 'exam' && exam.has_make_up_user;
  const paper: PaperRef = { kind, id: exam.id, isMakeup: makeupAvailable && isMakeup };
  const filter: SubjectFilter = { keyword: keyword.trim() || undefined, subjectType };
  const filtered = filter.keyword !== undefined || subjectType !== undefined;
  const subjects = usePaperSubjects(paper, filter);
  const points = usePaperPoints(paper);
  const createSubjects = useCreatePaperSubjects(paper);
  const sortSubjects = useSortPaperSubjects(paper);

  const locked = kind === 'exam' && (paper.isMakeup ? exam.makeup_subjects_locked : exam.subjects_locked);
  const canEdit = exam.can_edit && !locked;
  const used = points.data ?? (paper.isMakeup ? exam.makeup_used_points : exam.used_points);
  const list = subjects.data ?? [];

  const editing = editor.open ? editor.subject : undefined;
  // Editing replaces the question's points, so they are not counted twice while the author types.
  const usedWithoutEditing = used - (editing ? subjectPoints(editing) : 0);
  const { saveSubject, confirmDelete, move } = useSubjectActions({
    invalidate: paperBaseKey(paper),
    subjects: list,
    editing,
    create: createSubjects,
    sort: sortSubjects,
    showOrder: (next) => queryClient.setQueryData<Subject[]>(paperSubjectsQueryKey(paper, filter), next),
  });

  const questionsTab = (
    <Flex vertical gap={16}>
      {locked && <Alert type="info" showIcon title={t('paper.locked')} />}
      {!exam.can_edit && <Alert type="info" showIcon title={t('paper.readOnly')} />}
      <Flex gap={8} wrap align="center">
        <Input.Search
          aria-label={t('paper.search')}
          allowClear
          placeholder={t('paper.searchPlaceholder')}
          style={{ width: 260 }}
          onSearch={(value) => setKeyword(value)}
        />
        <Select<SubjectType | 'all'>
          aria-label={t('paper.typeFilter')}
          style={{ width: 200 }}
          value={subjectType ?? 'all'}
          options={[
            { value: 'all', label: t('paper.allTypes') },
            ...SUBJECT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) })),
          ]}
          onChange={(value) => setSubjectType(value === 'all' ? undefined : value)}
        />
        <div style={{ flex: 1 }} />
        <Button icon={<ImportOutlined aria-hidden />} disabled={!canEdit} onClick={() => setImportOpen(true)}>
          {t('paper.importFromLib')}
        </Button>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          disabled={!canEdit}
          onClick={() => setEditor({ open: true, subject: undefined })}
        >
          {t('paper.add')}
        </Button>
      </Flex>
      {filtered && list.length > 1 && canEdit && (
        <Typography.Text type="secondary">{t('paper.reorderNeedsAll')}</Typography.Text>
      )}
      {subjects.isPending ? (
        <LoadingState />
      ) : subjects.isError && !subjects.data ? (
        <ErrorState
          error={subjects.error}
          onRetry={() => void subjects.refetch()}
          retrying={subjects.isRefetching}
        />
      ) : list.length === 0 ? (
        <EmptyState description={filtered ? t('paper.noMatch') : t('paper.empty')} />
      ) : (
        <SubjectList
          subjects={list}
          disabled={!canEdit || sortSubjects.isPending}
          onEdit={canEdit ? (subject) => setEditor({ open: true, subject }) : undefined}
          onDelete={canEdit ? confirmDelete : undefined}
          onMove={canEdit && !filtered ? move : undefined}
          onStatistics={setStatisticsOf}
        />
      )}
    </Flex>
  );

  const tabs: NonNullable<TabsProps['items']> = [
    { key: 'questions', label: t('paper.questionsTab'), children: questionsTab },
    {
      key: 'preview',
      label: (
        <span>
          <EyeOutlined aria-hidden /> {t('paper.previewTab')}
        </span>
      ),
      // Always the whole paper, whatever the list is filtered by.
      children: <PaperPreviewTab paper={paper} />,
    },
    ...(extraTabs?.(exam) ?? []),
  ];

  return (
    <Flex vertical gap={16}>
      <Breadcrumb
        items={[
          { title: <Link to={`/course/${exam.course_id}`}>{t('paper.course')}</Link> },
          { title: <Link to={`/course/${exam.course_id}/activity/${exam.id}`}>{exam.title}</Link> },
          { title: t('paper.questionsTab') },
        ]}
      />
      <Card>
        <Flex justify="space-between" align="start" gap={16} wrap>
          <Flex vertical gap={4}>
            <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
              {exam.title}
            </Typography.Title>
            <Typography.Text type="secondary">
              {t('paper.times', {
                start: exam.start_time ? formatDateTime(exam.start_time) : t('paper.noStart'),
                end: exam.end_time ? formatDateTime(exam.end_time) : t('paper.noEnd'),
              })}
            </Typography.Text>
            <PointsUsed used={used} total={exam.total_points} />
          </Flex>
          <Space wrap>
            {links?.(exam, paper, canEdit)}
            <Link to={`/subject-libs?course_id=${exam.course_id}`}>
              <BookOutlined aria-hidden /> {t('paper.libraries')}
            </Link>
          </Space>
        </Flex>
        {makeupAvailable && (
          <Segmented<'main' | 'makeup'>
            style={{ marginTop: 16 }}
            aria-label={t('paper.paperChoice')}
            value={isMakeup ? 'makeup' : 'main'}
            options={[
              { value: 'main', label: t('paper.mainPaper') },
              { value: 'makeup', label: t('paper.makeupPaper') },
            ]}
            onChange={(value) => setIsMakeup(value === 'makeup')}
          />
        )}
      </Card>
      <Tabs items={tabs} />
      <SubjectEditorModal
        open={editor.open}
        subject={editing}
        onSave={saveSubject}
        onClose={() => setEditor({ open: false })}
        knowledgeCourseId={exam.course_id}
        header={(draftPoints) => (
          <div style={{ marginBottom: 16 }}>
            <PointsUsed used={usedWithoutEditing} total={exam.total_points} adding={draftPoints} />
          </div>
        )}
      />
      {statisticsOf && (
        <SubjectStatisticsModal
          open
          onClose={() => setStatisticsOf(null)}
          // Classroom questions are answered in class: the modal follows the answers as they arrive.
          source={subjectStatisticsSource(
            exam.id,
            statisticsOf.id,
            kind === 'classroom' ? { courseId: exam.course_id } : undefined,
          )}
        />
      )}
      <ImportFromLibModal
        open={importOpen}
        onClose={() => setImportOpen(false)}
        target={paper}
        courseId={exam.course_id}
        points={{ used, total: exam.total_points }}
      />
    </Flex>
  );
}

function PaperPreviewTab({ paper }: { paper: PaperRef }) {
  const { t } = useTranslation('exams');
  const subjects = usePaperSubjects(paper, {});
  if (subjects.isPending) return <LoadingState />;
  if (subjects.isError) return <ErrorState error={subjects.error} onRetry={() => void subjects.refetch()} />;
  if (subjects.data.length === 0) return <EmptyState description={t('paper.empty')} />;
  return <SubjectPaperPreview subjects={subjects.data} />;
}
