import type { KnowledgeTreeNode } from '@lectern/contracts/knowledge-graph/knowledge-node.schemas';
import { wouldCreateCycle } from '@lectern/contracts/knowledge-graph/knowledge-tree.rules';
import { App, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { useMoveKnowledgeNode } from '../api/move-knowledge-node.ts';

/** The top level, as a select value (the wire's null). */
const TOP_LEVEL = 0;

interface MoveFormValues {
  parent: number;
}

/** Moves a node (with everything under it) under another parent; its own subtree is not offered. */
export function MoveKnowledgeNodeModal({
  open,
  courseId,
  node,
  nodes,
  onClose,
}: {
  open: boolean;
  courseId: number;
  node: { id: number; parent_id: number | null };
  nodes: readonly KnowledgeTreeNode[];
  onClose: () => void;
}) {
  const { t } = useTranslation('knowledge-graph');
  const { message } = App.useApp();
  const move = useMoveKnowledgeNode(courseId);
  const options = [
    { value: TOP_LEVEL, label: t('node.topLevel') },
    ...nodes
      .filter((candidate) => !wouldCreateCycle(nodes, node.id, candidate.id))
      .map((candidate) => ({ value: candidate.id, label: candidate.name })),
  ];
  return (
    <FormModal<MoveFormValues>
      open={open}
      title={t('node.moveTitle')}
      initialValues={{ parent: node.parent_id ?? TOP_LEVEL }}
      onSubmit={async (values) => {
        await move.mutateAsync({
          knowledge_node_id: node.id,
          parent_id: values.parent === TOP_LEVEL ? null : values.parent,
        });
        void message.success(t('node.moved'));
      }}
      onClose={onClose}
    >
      <Form.Item name="parent" label={t('node.newParent')}>
        <Select showSearch={{ optionFilterProp: 'label' }} options={options} />
      </Form.Item>
    </FormModal>
  );
}
