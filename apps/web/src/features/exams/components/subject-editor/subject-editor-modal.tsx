import {
  SUBJECT_TYPES,
  SubjectInputSchema,
  type Subject,
  type SubjectInput,
  type SubjectType,
} from '@lectern/contracts/exams/subject.schemas';
import { Alert, App, Button, Flex, Form, Modal } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../shared/api/http-client.ts';
import {
  draftFromSubject,
  draftPoints,
  errorGroup,
  inputFromDraft,
  newDraft,
  subjectErrorsFromServer,
  validateDraft,
  type FieldErrorMap,
  type SubjectDraft,
} from './subject-draft.ts';
import { SubjectFields } from './subject-fields.tsx';
import { subjectIssueMessage } from './subject-messages.ts';
import { SubjectKnowledgeNodesField } from '../../../knowledge-graph/public/subject-knowledge-nodes-field.tsx';

export interface SubjectEditorModalProps {
  open: boolean;
  /** The question being edited; absent when adding one. */
  subject?: Subject | undefined;
  /** The type a new question starts as. */
  defaultType?: SubjectType;
  /**
   * Sends the question. Rejects with the server's error to keep the dialog open; its field messages
   * (`subjects.0.options`, or `options`) appear under the matching inputs.
   */
  onSave: (input: SubjectInput) => Promise<unknown>;
  onClose: () => void;
  /** Shown above the form with the points the question being typed counts for (e.g. the exam's points used). */
  header?: ((draftPoints: number) => ReactNode) | undefined;
  /** The owner's rules (`subjectInputSchemaFor`); an exam's, requiring a right answer, by default. */
  schema?: typeof SubjectInputSchema | undefined;
  /** The course whose knowledge graph the question's nodes are picked from; no picker without one (a library). */
  knowledgeCourseId?: number | undefined;
}

/** Adds or edits one question of any type, checked by the contract's own rules as the author types. */
export function SubjectEditorModal({
  open,
  subject,
  defaultType,
  onSave,
  onClose,
  header,
  schema,
  knowledgeCourseId,
}: SubjectEditorModalProps) {
  const { t } = useTranslation('exams');
  return (
    <Modal
      open={open}
      width={920}
      title={subject ? t('editor.editTitle') : t('editor.createTitle')}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <SubjectEditorBody
        subject={subject}
        defaultType={defaultType ?? 'single_selection'}
        onSave={onSave}
        onClose={onClose}
        header={header}
        schema={schema ?? SubjectInputSchema}
        knowledgeCourseId={knowledgeCourseId}
      />
    </Modal>
  );
}

interface SubjectEditorBodyProps {
  subject: Subject | undefined;
  defaultType: SubjectType;
  onSave: (input: SubjectInput) => Promise<unknown>;
  onClose: () => void;
  header: ((draftPoints: number) => ReactNode) | undefined;
  schema: typeof SubjectInputSchema;
  knowledgeCourseId: number | undefined;
}

function SubjectEditorBody({
  subject,
  defaultType,
  onSave,
  onClose,
  header,
  schema,
  knowledgeCourseId,
}: SubjectEditorBodyProps) {
  const { t } = useTranslation('exams');
  const { t: tShared } = useTranslation('shared');
  const { message } = App.useApp();
  const [draft, setDraft] = useState<SubjectDraft>(() =>
    subject
      ? draftFromSubject(subject)
      : newDraft(defaultType, { true: t('editor.trueLabel'), false: t('editor.falseLabel') }),
  );
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrorMap>({});
  const [saving, setSaving] = useState(false);

  const clientErrors = useMemo(() => validateDraft(draft, subjectIssueMessage, schema), [draft, schema]);
  const visibleErrors = useMemo(() => {
    const out: Record<string, string> = { ...serverErrors };
    for (const [path, text] of Object.entries(clientErrors)) {
      if (submitted || touched.has(errorGroup(path))) out[path] = text;
    }
    return out;
  }, [clientErrors, serverErrors, submitted, touched]);
  // Server messages about fields the form has no input for still need to be seen.
  const looseServerErrors = Object.entries(serverErrors).filter(([path]) => !isShownPath(path, draft));

  const onTouch = (group: string) => {
    setTouched((current) => (current.has(group) ? current : new Set(current).add(group)));
    // A server message is about the value it saw; once the author changes that input it no longer applies.
    setServerErrors((current) => {
      const kept = Object.entries(current).filter(([path]) => errorGroup(path) !== group && path !== group);
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  };

  const save = async () => {
    setSubmitted(true);
    if (Object.keys(clientErrors).length > 0) {
      void message.error(t('editor.fixErrors'));
      return;
    }
    setSaving(true);
    try {
      await onSave(inputFromDraft(draft));
      onClose();
    } catch (error) {
      if (isApiError(error)) {
        setServerErrors(subjectErrorsFromServer(error.errors));
        void message.error(error.message);
      } else {
        void message.error(tShared('errors.unexpected'));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form layout="vertical" component={false}>
      {header?.(draftPoints(draft))}
      <SubjectFields<SubjectDraft>
        draft={draft}
        onChange={setDraft}
        errors={visibleErrors}
        onTouch={onTouch}
        typeOptions={SUBJECT_TYPES}
        disabled={saving}
      />
      {knowledgeCourseId ? (
        <SubjectKnowledgeNodesField
          courseId={knowledgeCourseId}
          subjectId={subject?.id ?? 0}
          value={draft.knowledge_node_ids}
          onChange={(ids) => setDraft((current) => ({ ...current, knowledge_node_ids: ids }))}
        />
      ) : null}
      {looseServerErrors.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={looseServerErrors.map(([path, text]) => (
            <div key={path}>{text}</div>
          ))}
        />
      )}
      <Flex justify="end" gap={8}>
        <Button onClick={onClose} disabled={saving}>
          {tShared('actions.cancel')}
        </Button>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          {tShared('actions.save')}
        </Button>
      </Flex>
    </Form>
  );
}

/** Whether an error path has an input of its own in the editor for this draft. */
function isShownPath(path: string, draft: SubjectDraft): boolean {
  const parts = path.split('.');
  if (parts[0] === 'sub_subjects' && parts.length >= 3) {
    const sub = draft.sub_subjects[Number(parts[1])];
    return sub !== undefined && isShownField(parts.slice(2), sub.type);
  }
  return isShownField(parts, draft.type);
}

function isShownField(parts: string[], type: SubjectType): boolean {
  const [field] = parts;
  switch (field) {
    case 'type':
    case 'description':
    case 'point':
    case 'sub_subjects':
    case 'difficulty_level':
      return true;
    case 'answer_explanation':
      return type !== 'paragraph_desc';
    case 'answer':
      return type === 'short_answer';
    case 'options':
      return ['single_selection', 'multiple_selection', 'true_or_false', 'matching'].includes(type);
    case 'blanks':
      return type === 'fill_in_blank';
    case 'pairs':
      return type === 'matching';
    default:
      return false;
  }
}
