import { subjectPoints } from '@lectern/contracts/exams/subject.schemas';
import { App, Button, Checkbox, Empty, Flex, Modal, Select, Spin, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaperRef } from '../../api/authoring-keys.ts';
import { useCopyLibSubjectsToExam } from '../../api/copy-lib-subjects-to-exam.ts';
import { useSubjectLib } from '../../api/get-subject-lib.ts';
import { useSubjectLibs } from '../../api/list-subject-libs.ts';
import { formatPoints } from '../subject-editor/subject-labels.ts';
import { PointsUsed } from '../subject-list/points-used.tsx';
import { SubjectList } from '../subject-list/subject-list.tsx';
import { ApiErrorAlert } from './api-error-alert.tsx';

export interface ImportFromLibModalProps {
  open: boolean;
  onClose: () => void;
  /** The paper receiving the copies. */
  target: PaperRef;
  /** Offers the course's libraries beside the viewer's own. */
  courseId: number;
  /** Points the paper already uses and may use in all (exams); copies must fit. */
  points?: { used: number; total: number } | undefined;
}

/**
 * Picks a library (the viewer's or the course's), selects some of its questions and copies them to the
 * end of the paper (`POST /api/subject-libs/{libId}/copy?examId=`). The library keeps its questions.
 */
export function ImportFromLibModal({ open, onClose, target, courseId, points }: ImportFromLibModalProps) {
  const { t } = useTranslation('exams');
  return (
    <Modal
      open={open}
      width={860}
      title={t('import.title')}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <ImportFromLibBody onClose={onClose} target={target} courseId={courseId} points={points} />
    </Modal>
  );
}

function ImportFromLibBody({ onClose, target, courseId, points }: Omit<ImportFromLibModalProps, 'open'>) {
  const { t } = useTranslation('exams');
  const { t: tShared } = useTranslation('shared');
  const { message } = App.useApp();
  const selectId = useId();
  const [libId, setLibId] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const mine = useSubjectLibs('mine', false);
  const course = useSubjectLibs({ courseId }, false);
  const lib = useSubjectLib(libId);
  const copy = useCopyLibSubjectsToExam();

  const subjects = lib.data && lib.data.id === libId ? lib.data.subjects : [];
  const chosen = subjects.filter((s) => selected.includes(s.id));
  const chosenPoints = chosen.reduce((sum, s) => sum + subjectPoints(s), 0);
  const libOptions = (libs: typeof mine.data) =>
    (libs ?? [])
      .filter((l) => l.lib_type === 'exam')
      .map((l) => ({
        value: l.id,
        label: `${l.title} (${t('libs.questionCount', { count: l.subjects_count })})`,
      }));

  const submit = async () => {
    if (libId === null || chosen.length === 0) return;
    try {
      const copied = await copy.mutateAsync({ libId, target, subjectIds: chosen.map((s) => s.id) });
      void message.success(t('import.copied', { count: copied.length }));
      onClose();
    } catch {
      // Shown in the dialog by ApiErrorAlert; the selection stays so it can be trimmed.
    }
  };

  return (
    <Flex vertical gap={16}>
      <div>
        <label htmlFor={selectId} style={{ display: 'block', marginBottom: 8, fontWeight: 500 }}>
          {t('import.library')}
        </label>
        <Select<number>
          id={selectId}
          style={{ width: '100%' }}
          placeholder={t('import.libraryPlaceholder')}
          loading={mine.isPending || course.isPending}
          value={libId ?? undefined}
          showSearch={{ optionFilterProp: 'label' }}
          notFoundContent={t('import.noLibraries')}
          options={[
            { label: t('libs.mine'), options: libOptions(mine.data) },
            { label: t('libs.course'), options: libOptions(course.data) },
          ].filter((group) => group.options.length > 0)}
          onChange={(value) => {
            setLibId(value);
            setSelected([]);
            copy.reset();
          }}
        />
      </div>
      {libId !== null &&
        (lib.isPending || (lib.isFetching && lib.data?.id !== libId) ? (
          <Spin />
        ) : subjects.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('import.libraryEmpty')} />
        ) : (
          <>
            <Checkbox
              checked={selected.length === subjects.length}
              indeterminate={selected.length > 0 && selected.length < subjects.length}
              onChange={(event) => setSelected(event.target.checked ? subjects.map((s) => s.id) : [])}
            >
              {t('import.selectAll')}
            </Checkbox>
            <div style={{ maxHeight: 420, overflow: 'auto' }}>
              <SubjectList subjects={subjects} selectedIds={selected} onSelectionChange={setSelected} />
            </div>
          </>
        ))}
      <ApiErrorAlert error={copy.error} />
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Flex vertical gap={4}>
          <Typography.Text>
            {t('import.selection', { count: chosen.length, points: formatPoints(chosenPoints) })}
          </Typography.Text>
          {points && <PointsUsed used={points.used} total={points.total} adding={chosenPoints} />}
        </Flex>
        <Flex gap={8}>
          <Button onClick={onClose}>{tShared('actions.cancel')}</Button>
          <Button
            type="primary"
            disabled={chosen.length === 0}
            loading={copy.isPending}
            onClick={() => void submit()}
          >
            {t('import.copy', { count: chosen.length })}
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}
