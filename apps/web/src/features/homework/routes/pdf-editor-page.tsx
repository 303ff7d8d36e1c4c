import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { uploadFile } from '../../uploads/public/upload-file.ts';
import { addCorrectUploads } from '../api/add-correct-uploads.ts';
import { useHomework } from '../api/get-homework.ts';
import { markedAttachmentsKey } from '../api/homework-keys.ts';
import { replaceReferenceUpload } from '../api/replace-reference-upload.ts';
import { markedCopySaver } from '../components/pdf-editor-save.ts';
import { PdfEditor } from '../components/pdf-editor.tsx';
import { parsePdfEditorQuery, type PdfEditorQuery } from '../components/pdf-editor.rules.ts';

type Target = { homeworkId: number; submissionId: number };

function useClose() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key !== 'default') {
      void navigate(-1);
      return;
    }
    // The marking dialog opens the editor in a tab of its own, which closing returns from; a tab
    // the browser will not let a script close goes to the start page instead.
    window.close();
    void navigate('/');
  };
}

/** A marker's editor: edit and save are offered once the homework says the caller may mark. */
function MarkingEditor({ query, target }: { query: PdfEditorQuery; target: Target }) {
  const homework = useHomework(target.homeworkId);
  const queryClient = useQueryClient();
  const onClose = useClose();
  const mayMark = homework.data?.permissions.allow_mark === true && !homework.data.is_simulating;
  const saveCopy = useMemo(() => {
    const save = markedCopySaver(
      { ...target, originUploadId: query.uploadId, referenceId: query.referenceId },
      { uploadFile, addCorrectUploads, replaceReferenceUpload },
    );
    return async (file: File) => {
      await save(file);
      await queryClient.invalidateQueries({
        queryKey: markedAttachmentsKey(target.homeworkId, target.submissionId),
      });
    };
  }, [query.uploadId, query.referenceId, target, queryClient]);
  return <PdfEditor query={query} saveCopy={mayMark ? saveCopy : null} onClose={onClose} />;
}

/**
 * `/pdf/editor` (spec 000 section 2): a PDF or picture opened in preview from the address's uploadId,
 * file, fileType, imgURL, attachmentUrl, rotatedAngle and fileName. With `activity_id` and
 * `submission_id` (a homework submission being marked) a marker may annotate it and save the result as
 * a marked attachment; `reference_id` names an earlier marked copy to save over (as a new upload).
 */
export function PdfEditorPage() {
  const [search] = useSearchParams();
  const onClose = useClose();
  const query = useMemo(() => parsePdfEditorQuery(search, window.location.origin), [search]);
  const target = useMemo(
    () =>
      query.activityId !== null && query.submissionId !== null
        ? { homeworkId: query.activityId, submissionId: query.submissionId }
        : null,
    [query.activityId, query.submissionId],
  );
  if (target) return <MarkingEditor query={query} target={target} />;
  return <PdfEditor query={query} saveCopy={null} onClose={onClose} />;
}
