import { DeleteOutlined, EditOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import type {
  KnowledgeReference,
  KnowledgeRelation,
  KnowledgeTreeNode,
  ReferType,
  RelationType,
} from '@lectern/contracts/knowledge-graph/knowledge-node.schemas';
import { App, Button, Flex, Form, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { createKnowledgeNode } from '../api/create-knowledge-node.ts';
import { useCreateKnowledgeRelation } from '../api/create-knowledge-relation.ts';
import { useDeleteKnowledgeNode } from '../api/delete-knowledge-node.ts';
import { useDeleteKnowledgeReference } from '../api/delete-knowledge-references.ts';
import { useDeleteKnowledgeRelations } from '../api/delete-knowledge-relations.ts';
import { useKnowledgeNode } from '../api/get-knowledge-node.ts';
import { useUpdateKnowledgeNode } from '../api/update-knowledge-node.ts';
import { useUpdateKnowledgeRelation } from '../api/update-knowledge-relation.ts';
import { BloomDot } from './bloom-legend.tsx';
import { KnowledgeCapturesPanel } from './knowledge-captures-panel.tsx';
import { useKnowledgeVisits } from './knowledge-captures-visits.ts';
import { NodeFacetsPanel } from './node-facets-panel.tsx';
import { KnowledgeNodeFormModal } from './knowledge-node-form-modal.tsx';
import { MoveKnowledgeNodeModal } from './move-knowledge-node-modal.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { knowledgeNodesKey } from '../api/knowledge-graph-keys.ts';

export interface KnowledgeNodeDetailProps {
  courseId: number;
  nodeId: number;
  canEdit: boolean;
  /** Every node of the course, flat: names for relations and the targets a relation or a move may have. */
  nodes: readonly KnowledgeTreeNode[];
  onSelect: (id: number) => void;
  onDeleted: () => void;
}

const REFER_TYPES: readonly ReferType[] = ['activity', 'subject', 'upload'];

/** One node: its place, Bloom level, description, what it is linked to and its relations; the team edits them. */
export function KnowledgeNodeDetail({
  courseId,
  nodeId,
  canEdit,
  nodes,
  onSelect,
  onDeleted,
}: KnowledgeNodeDetailProps) {
  const { t } = useTranslation('knowledge-graph');
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const detail = useKnowledgeNode(nodeId);
  const update = useUpdateKnowledgeNode(courseId);
  const remove = useDeleteKnowledgeNode(courseId);
  const visits = useKnowledgeVisits();
  const [dialog, setDialog] = useState<'edit' | 'child' | 'move' | 'relation' | null>(null);

  if (detail.isPending) return <LoadingState />;
  if (detail.isError) {
    return (
      <ErrorState error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isRefetching} />
    );
  }
  const node = detail.data;
  const nameOf = (id: number) => nodes.find((n) => n.id === id)?.name ?? `#${id}`;

  const confirmDelete = () => {
    void modal.confirm({
      title: t('node.deleteConfirm', { name: node.name }),
      okText: t('node.delete'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await remove.mutateAsync(node.id);
        void message.success(t('node.deleted'));
        onDeleted();
      },
    });
  };

  return (
    <section aria-labelledby="knowledge-node-heading">
      <Flex vertical gap={12}>
        {node.ancestors.length > 0 ? (
          <Typography.Text type="secondary">
            {t('node.path', { path: node.ancestors.map((a) => a.name).join(' / ') })}
          </Typography.Text>
        ) : null}
        <Typography.Title level={3} id="knowledge-node-heading" style={{ fontSize: 18, margin: 0 }}>
          {node.name}
        </Typography.Title>
        <Typography.Text>
          <BloomDot level={node.bloom_level} />{' '}
          {t('node.bloomLabel', {
            level: node.bloom_level ? t(`bloom.${node.bloom_level}`) : t('bloom.none'),
          })}
        </Typography.Text>
        {node.description ? (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
            {node.description}
          </Typography.Paragraph>
        ) : null}
        {canEdit ? (
          <Space wrap>
            <Button icon={<EditOutlined aria-hidden />} onClick={() => setDialog('edit')}>
              {t('node.edit')}
            </Button>
            <Button icon={<PlusOutlined aria-hidden />} onClick={() => setDialog('child')}>
              {t('node.addChild')}
            </Button>
            <Button icon={<SwapOutlined aria-hidden />} onClick={() => setDialog('move')}>
              {t('node.move')}
            </Button>
            <Button danger icon={<DeleteOutlined aria-hidden />} onClick={confirmDelete}>
              {t('node.delete')}
            </Button>
          </Space>
        ) : null}
        <ReferenceList courseId={courseId} nodeId={node.id} references={node.references} canEdit={canEdit} />
        <NodeFacetsPanel
          courseId={courseId}
          nodeId={node.id}
          canEdit={canEdit}
          onOpenActivity={(activityId) => visits.resource(node.id, 'activity', activityId)}
        />
        <KnowledgeCapturesPanel courseId={courseId} nodeId={node.id} />
        <RelationList
          courseId={courseId}
          nodeId={node.id}
          relations={node.relations}
          canEdit={canEdit}
          nameOf={nameOf}
          onSelect={onSelect}
          onAdd={() => setDialog('relation')}
        />
      </Flex>
      <KnowledgeNodeFormModal
        open={dialog === 'edit'}
        title={t('node.editTitle')}
        initialValues={{ name: node.name, bloom_level: node.bloom_level, description: node.description }}
        onSubmit={async (values) => {
          await update.mutateAsync({ nodeId: node.id, body: values });
          void message.success(t('node.saved'));
        }}
        onClose={() => setDialog(null)}
      />
      <KnowledgeNodeFormModal
        open={dialog === 'child'}
        title={t('node.addChildTitle', { name: node.name })}
        onSubmit={async (values) => {
          const created = await createKnowledgeNode(courseId, { ...values, parent_id: node.id });
          await client.invalidateQueries({ queryKey: knowledgeNodesKey(courseId) });
          void message.success(t('node.created'));
          onSelect(created.id);
        }}
        onClose={() => setDialog(null)}
      />
      <MoveKnowledgeNodeModal
        open={dialog === 'move'}
        courseId={courseId}
        node={node}
        nodes={nodes}
        onClose={() => setDialog(null)}
      />
      <AddRelationModal
        open={dialog === 'relation'}
        courseId={courseId}
        nodeId={node.id}
        nodes={nodes}
        relations={node.relations}
        onClose={() => setDialog(null)}
      />
    </section>
  );
}

function ReferenceList({
  courseId,
  nodeId,
  references,
  canEdit,
}: {
  courseId: number;
  nodeId: number;
  references: readonly KnowledgeReference[];
  canEdit: boolean;
}) {
  const { t } = useTranslation('knowledge-graph');
  const { message } = App.useApp();
  const unlink = useDeleteKnowledgeReference();
  const visits = useKnowledgeVisits();
  return (
    <section aria-labelledby="knowledge-node-references">
      <Typography.Title level={4} id="knowledge-node-references" style={{ fontSize: 16 }}>
        {t('node.references')}
      </Typography.Title>
      {references.length === 0 ? (
        <Typography.Text type="secondary">{t('node.noReferences')}</Typography.Text>
      ) : (
        REFER_TYPES.map((type) => {
          const items = references.filter((reference) => reference.refer_type === type);
          if (items.length === 0) return null;
          return (
            <div key={type} style={{ marginBottom: 8 }}>
              <Typography.Text strong>{t(`node.refer.${type}`, { count: items.length })}</Typography.Text>
              <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
                {items.map((reference) => (
                  <li key={`${reference.refer_type}-${reference.refer_id}`}>
                    <Flex gap={8} align="center" wrap>
                      {reference.refer_type === 'activity' ? (
                        <Link
                          to={`/course/${courseId}/activity/${reference.refer_id}`}
                          onClick={() => visits.resource(nodeId, 'activity', reference.refer_id)}
                        >
                          {reference.title}
                        </Link>
                      ) : (
                        <span>{reference.title}</span>
                      )}
                      {canEdit ? (
                        <Button
                          size="small"
                          type="text"
                          danger
                          aria-label={t('node.unlinkNamed', { name: reference.title })}
                          icon={<DeleteOutlined aria-hidden />}
                          loading={
                            unlink.isPending &&
                            unlink.variables.body.references[0]?.refer_id === reference.refer_id
                          }
                          onClick={() =>
                            unlink.mutate(
                              {
                                nodeId,
                                body: {
                                  references: [
                                    { refer_type: reference.refer_type, refer_id: reference.refer_id },
                                  ],
                                },
                              },
                              { onError: (error) => void message.error(error.message) },
                            )
                          }
                        />
                      ) : null}
                    </Flex>
                  </li>
                ))}
              </ul>
            </div>
          );
        })
      )}
    </section>
  );
}

function relationLabel(
  relation: KnowledgeRelation,
  nodeId: number,
  nameOf: (id: number) => string,
  t: (key: string, options: Record<string, string>) => string,
) {
  const other = relation.source === nodeId ? relation.target : relation.source;
  const name = nameOf(other);
  if (relation.type === 'undirected') return { other, text: t('relation.with', { name }) };
  return relation.source === nodeId
    ? { other, text: t('relation.to', { name }) }
    : { other, text: t('relation.from', { name }) };
}

function RelationList({
  courseId,
  nodeId,
  relations,
  canEdit,
  nameOf,
  onSelect,
  onAdd,
}: {
  courseId: number;
  nodeId: number;
  relations: readonly KnowledgeRelation[];
  canEdit: boolean;
  nameOf: (id: number) => string;
  onSelect: (id: number) => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation('knowledge-graph');
  const { message } = App.useApp();
  const remove = useDeleteKnowledgeRelations(courseId);
  const update = useUpdateKnowledgeRelation(courseId);
  const onError = (error: Error) => void message.error(error.message);
  return (
    <section aria-labelledby="knowledge-node-relations">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} id="knowledge-node-relations" style={{ fontSize: 16, margin: 0 }}>
          {t('relation.title')}
        </Typography.Title>
        {canEdit ? (
          <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={onAdd}>
            {t('relation.add')}
          </Button>
        ) : null}
      </Flex>
      {relations.length === 0 ? (
        <Typography.Text type="secondary">{t('relation.empty')}</Typography.Text>
      ) : (
        <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
          {relations.map((relation) => {
            const { other, text } = relationLabel(relation, nodeId, nameOf, t);
            return (
              <li key={relation.id}>
                <Flex gap={8} align="center" wrap>
                  <Button type="link" style={{ padding: 0 }} onClick={() => onSelect(other)}>
                    {text}
                  </Button>
                  {canEdit ? (
                    <>
                      <Button
                        size="small"
                        onClick={() =>
                          update.mutate(
                            {
                              id: relation.id,
                              type: relation.type === 'directed' ? 'undirected' : 'directed',
                            },
                            { onError },
                          )
                        }
                      >
                        {relation.type === 'directed'
                          ? t('relation.makeUndirected')
                          : t('relation.makeDirected')}
                      </Button>
                      <Button
                        size="small"
                        type="text"
                        danger
                        aria-label={t('relation.remove', { name: nameOf(other) })}
                        icon={<DeleteOutlined aria-hidden />}
                        onClick={() => remove.mutate([relation.id], { onError })}
                      />
                    </>
                  ) : null}
                </Flex>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

interface RelationFormValues {
  target: number;
  type: RelationType;
  direction: 'outgoing' | 'incoming';
}

function AddRelationModal({
  open,
  courseId,
  nodeId,
  nodes,
  relations,
  onClose,
}: {
  open: boolean;
  courseId: number;
  nodeId: number;
  nodes: readonly KnowledgeTreeNode[];
  relations: readonly KnowledgeRelation[];
  onClose: () => void;
}) {
  const { t } = useTranslation('knowledge-graph');
  const { message } = App.useApp();
  const create = useCreateKnowledgeRelation(courseId);
  // One relation per pair, either way round (the server refuses a second one too).
  const linked = new Set(relations.flatMap((r) => [r.source, r.target]));
  const options = nodes
    .filter((n) => n.id !== nodeId && !linked.has(n.id))
    .map((n) => ({ value: n.id, label: n.name }));
  return (
    <FormModal<RelationFormValues>
      open={open}
      title={t('relation.addTitle')}
      initialValues={{ type: 'directed', direction: 'outgoing' }}
      onSubmit={async (values) => {
        const [source, target] =
          values.direction === 'outgoing' ? [nodeId, values.target] : [values.target, nodeId];
        await create.mutateAsync({ source, target, type: values.type });
        void message.success(t('relation.added'));
      }}
      onClose={onClose}
    >
      <Form.Item
        name="target"
        label={t('relation.target')}
        rules={[{ required: true, message: t('relation.targetRequired') }]}
      >
        <Select showSearch={{ optionFilterProp: 'label' }} options={options} />
      </Form.Item>
      <Form.Item name="type" label={t('relation.type')}>
        <Select
          options={[
            { value: 'directed', label: t('relation.directed') },
            { value: 'undirected', label: t('relation.undirected') },
          ]}
        />
      </Form.Item>
      <Form.Item name="direction" label={t('relation.direction')}>
        <Select
          options={[
            { value: 'outgoing', label: t('relation.outgoing') },
            { value: 'incoming', label: t('relation.incoming') },
          ]}
        />
      </Form.Item>
    </FormModal>
  );
}
