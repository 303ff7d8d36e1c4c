import { useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { knowledgeGraphQueryKey } from '../api/knowledge-graph-keys.ts';
import { linkSubjectKnowledgeNodes } from '../api/link-subject-knowledge-nodes.ts';
import { KnowledgeNodePicker } from '../components/knowledge-node-picker.tsx';

export interface SubjectKnowledgeNodesFieldProps {
  /** The course whose graph the nodes come from (an exam's course). */
  courseId: number;
  /** 0 for a question not saved yet. */
  subjectId: number;
  /** The question draft's `knowledge_node_ids`. */
  value: readonly number[];
  onChange: (ids: number[]) => void;
}

/**
 * The knowledge nodes a question tests, in the question editor (issue 17). The draft always follows the
 * picker, so saving the question keeps the links; a saved question's links are also written at once,
 * through the references API, as the spec's picker does.
 */
export function SubjectKnowledgeNodesField({
  courseId,
  subjectId,
  value,
  onChange,
}: SubjectKnowledgeNodesFieldProps) {
  const { t } = useTranslation('knowledge-graph');
  const client = useQueryClient();

  const save = async (ids: number[]) => {
    if (subjectId !== 0) {
      const ok = await linkSubjectKnowledgeNodes(subjectId, value, ids);
      void client.invalidateQueries({ queryKey: knowledgeGraphQueryKey });
      if (!ok) throw new Error(t('picker.saveFailed'));
    }
    onChange(ids);
  };

  return (
    <Form.Item label={t('picker.fieldLabel')}>
      <div role="group" aria-label={t('picker.fieldLabel')}>
        <KnowledgeNodePicker
          courseId={courseId}
          owner={{ type: 'subject', id: subjectId }}
          selected={value}
          save={save}
        />
      </div>
    </Form.Item>
  );
}
