import type { RubricInput } from '@lectern/contracts/rubrics/rubric.schemas';
import { App } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputFromDraft, validateDraft, type RubricDraft, type RubricErrors } from './rubric-draft.ts';
import type { RubricEditorMode } from './rubric-editor.tsx';
import { rubricErrorsFromServer, rubricIssueMessage, saveFailedText } from './rubric-messages.ts';

/**
 * The state behind a rubric editor dialog: the draft, its mode, which messages show (the contract's own
 * rules once the teacher has tried to save, the server's until the draft changes) and the save itself.
 */
export function useRubricForm(initial: () => RubricDraft) {
  const { t } = useTranslation('rubrics');
  const { message } = App.useApp();
  const [draft, setDraftState] = useState(initial);
  const [mode, setMode] = useState<RubricEditorMode>('edit');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<RubricErrors>({});
  const [saving, setSaving] = useState(false);

  const clientErrors = useMemo(() => validateDraft(draft, rubricIssueMessage), [draft]);
  const errors = useMemo(
    () => (submitted ? { ...serverErrors, ...clientErrors } : serverErrors),
    [clientErrors, serverErrors, submitted],
  );

  const setDraft = (next: RubricDraft) => {
    setDraftState(next);
    // A server message is about the draft it saw.
    setServerErrors({});
  };

  /** Checks, then saves; true once saved. A refusal shows under the inputs and as 'save failed: …'. */
  const submit = async (save: (input: RubricInput) => Promise<unknown>): Promise<boolean> => {
    setSubmitted(true);
    if (Object.keys(clientErrors).length > 0) {
      setMode('edit');
      void message.error(t('editor.fixErrors'));
      return false;
    }
    setSaving(true);
    try {
      await save(inputFromDraft(draft));
      return true;
    } catch (error) {
      setServerErrors(rubricErrorsFromServer(error));
      setMode('edit');
      void message.error(saveFailedText(error));
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { draft, setDraft, mode, setMode, errors, saving, submit };
}
