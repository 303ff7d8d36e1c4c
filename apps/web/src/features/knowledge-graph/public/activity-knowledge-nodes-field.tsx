import { useQueryClient } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useActivityKnowledgeReferences } from '../api/get-activity-knowledge-references.ts';
import { activityKnowledgeReferencesKey, knowledgeGraphQueryKey } from '../api/knowledge-graph-keys.ts';
import { saveActivityKnowledgeNodes } from '../api/save-activity-knowledge-nodes.ts';
import { KnowledgeNodePicker } from '../components/knowledge-node-picker.tsx';

/** The activity form's value holding a new activity's picked node ids. */
const KNOWLEDGE_NODE_IDS_FIELD = 'knowledge_node_ids';

export interface ActivityKnowledgeNodesFieldProps {
  courseId: number;
  /** 0 for an activity being created: the picked ids are then the form's value until it is saved. */
  activityId: number;
  /** Form.Item's value and onChange: the ids picked for a new activity. */
  value?: number[] | undefined;
  onChange?: ((ids: number[]) => void) | undefined;
}

/**
 * The knowledge nodes an activity teaches, on the activity form (issue 17). A saved activity's links are
 * read and written through the references API at once; a new one's travel in the form and are saved with
 * `useLinkNewActivityToKnowledgeNodes` once the activity exists.
 */
export function ActivityKnowledgeNodesField({
  courseId,
  activityId,
  value,
  onChange,
}: ActivityKnowledgeNodesFieldProps) {
  const { t } = useTranslation('knowledge-graph');
  const client = useQueryClient();
  const references = useActivityKnowledgeReferences(activityId);
  const saved =
    activityId === 0 ? (value ?? []) : (references.data?.references.map((r) => r.knowledge_node_id) ?? []);

  const save = async (ids: number[]) => {
    if (activityId === 0) {
      onChange?.(ids);
      return;
    }
    const answer = await saveActivityKnowledgeNodes(activityId, ids);
    const key = activityKnowledgeReferencesKey(activityId);
    client.setQueryData(key, answer);
    // Node details list the activity among their references; this activity's own links are the answer itself.
    void client.invalidateQueries({
      queryKey: knowledgeGraphQueryKey,
      predicate: (query) => query.queryKey[1] !== key[1] || query.queryKey[2] !== activityId,
    });
  };

  return (
    <div role="group" aria-label={t('picker.fieldLabel')}>
      <KnowledgeNodePicker
        courseId={courseId}
        owner={{ type: 'activity', id: activityId }}
        selected={saved}
        save={save}
        disabled={activityId !== 0 && !references.isSuccess}
      />
    </div>
  );
}

/** The field as an item of the activity form, under the form value `knowledge_node_ids`. */
export function ActivityKnowledgeNodesFormItem({
  courseId,
  activityId,
}: {
  courseId: number;
  activityId: number;
}) {
  const { t } = useTranslation('knowledge-graph');
  return (
    <Form.Item name={KNOWLEDGE_NODE_IDS_FIELD} label={t('picker.fieldLabel')}>
      <ActivityKnowledgeNodesField courseId={courseId} activityId={activityId} />
    </Form.Item>
  );
}

/**
 * Links a just-created activity to the nodes picked while it was new (from the form's values as submitted).
 * The activity exists by then, so a failure is told, never thrown: saving the form again would create a second one.
 */
export function useLinkNewActivityToKnowledgeNodes(): (activityId: number, values: object) => Promise<void> {
  const { t } = useTranslation('knowledge-graph');
  const { message } = App.useApp();
  return async (activityId, values) => {
    const ids = (values as { [KNOWLEDGE_NODE_IDS_FIELD]?: unknown })[KNOWLEDGE_NODE_IDS_FIELD];
    if (!Array.isArray(ids) || ids.length === 0) return;
    try {
      await saveActivityKnowledgeNodes(
        activityId,
        ids.filter((id): id is number => typeof id === 'number'),
      );
    } catch {
      void message.warning(t('picker.linkAfterCreateFailed'));
    }
  };
}
