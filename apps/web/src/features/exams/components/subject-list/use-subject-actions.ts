import type { SortSubjectsRequest } from '@lectern/contracts/exams/exam.schemas';
import type { SaveSubjectsRequest, Subject, SubjectInput } from '@lectern/contracts/exams/subject.schemas';
import type { UseMutationResult } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../shared/api/http-client.ts';
import { useDeleteSubject } from '../../api/delete-subject.ts';
import { useUpdateSubject } from '../../api/update-subject.ts';
import { moveItem } from '../subject-editor/row-buttons.tsx';
import { plainText } from '../subject-editor/subject-labels.ts';

export interface SubjectActionsOptions {
  /** The cache entries that show the questions (the paper or the library), refreshed after an edit or delete. */
  invalidate: readonly unknown[];
  /** The questions on screen, in their order. */
  subjects: Subject[];
  /** The question open in the editor; undefined while a new one is being written. */
  editing: Subject | undefined;
  /** Appends questions to this paper or library. */
  create: UseMutationResult<Subject[], Error, SaveSubjectsRequest>;
  /** Saves this paper's or library's order. */
  sort: UseMutationResult<Subject[], Error, SortSubjectsRequest>;
  /** Puts the new order in the cache the list is drawn from, before the server answers. */
  showOrder: (next: Subject[]) => void;
}

/**
 * Save, delete (after a confirmation) and reorder for an editable question list: an exam's paper and a
 * question library behave the same, only where the questions live differs.
 */
export function useSubjectActions({
  invalidate,
  subjects,
  editing,
  create,
  sort,
  showOrder,
}: SubjectActionsOptions) {
  const { t } = useTranslation('exams');
  const { message, modal } = App.useApp();
  const updateSubject = useUpdateSubject(invalidate);
  const deleteSubject = useDeleteSubject(invalidate);

  const saveSubject = async (input: SubjectInput) => {
    if (editing) {
      await updateSubject.mutateAsync({ id: editing.id, body: input });
      void message.success(t('paper.updated'));
    } else {
      await create.mutateAsync({ subjects: [input] });
      void message.success(t('paper.created'));
    }
  };

  const confirmDelete = (subject: Subject) => {
    void modal.confirm({
      title: t('paper.deleteTitle'),
      content: plainText(subject.description).slice(0, 120) || t('list.noText'),
      okText: t('list.delete'),
      okButtonProps: { danger: true },
      cancelText: t('paper.cancel'),
      onOk: async () => {
        try {
          const result = await deleteSubject.mutateAsync(subject.id);
          void message.success(result.message);
        } catch (error) {
          void message.error(isApiError(error) ? error.message : t('paper.failed'));
        }
      },
    });
  };

  const move = (from: number, to: number) => {
    const next = moveItem(subjects, from, to);
    // The list moves at once; if the server refuses, the refetch after the call puts it back.
    showOrder(next);
    sort.mutate(
      { subject_ids: next.map((s) => s.id) },
      { onError: (error) => void message.error(isApiError(error) ? error.message : t('paper.failed')) },
    );
  };

  return { saveSubject, confirmDelete, move };
}
