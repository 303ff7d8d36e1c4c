import { LinkOutlined } from '@ant-design/icons';
import type { KnowledgeTreeNode } from '@lectern/contracts/knowledge-graph/knowledge-node.schemas';
import { App, Button, Flex, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useKnowledgeNodes } from '../api/get-knowledge-nodes.ts';
import { KnowledgeNodeTag } from '../public/knowledge-node-tag.tsx';
import { knowledgeGraphUrl } from '../public/knowledge-node-tag.rules.ts';
import { KnowledgeNodePickerModal } from './knowledge-node-picker-modal.tsx';
import { flattenTree } from './knowledge-tree.ts';

/** What an activity or question is: the picker saves a saved one at once and only holds a new one's choice. */
export interface PickerOwner {
  type: 'activity' | 'subject';
  /** 0 while the activity or question is not saved yet. */
  id: number;
}

/** Fired on `window` after the picker saved a selection, for views that show the links elsewhere. */
export const KNOWLEDGE_NODES_CHANGED_EVENT = 'lectern:knowledge-nodes-changed';
export interface KnowledgeNodesChangedDetail {
  owner: PickerOwner;
  knowledgeNodeIds: number[];
}

export interface KnowledgeNodePickerProps {
  courseId: number;
  owner: PickerOwner;
  /** The saved selection (for a new owner: what the form holds). */
  selected: readonly number[];
  /** Stores a new selection: the references API for a saved owner, the form for a new one. */
  save: (ids: number[]) => Promise<void>;
  /** Gets the chosen nodes after each save. */
  onChange?: ((nodes: KnowledgeTreeNode[]) => void) | undefined;
  disabled?: boolean;
}

/**
 * The picked nodes as tags with a button opening the picker (spec 001 section 4): OK saves, tells the page
 * and emits the chosen nodes; cancel on a new owner (id 0) clears the selection, on a saved one keeps what
 * was saved; removing a tag saves at once.
 */
export function KnowledgeNodePicker({
  courseId,
  owner,
  selected,
  save,
  onChange,
  disabled,
}: KnowledgeNodePickerProps) {
  const { t } = useTranslation('knowledge-graph');
  const { message } = App.useApp();
  const graph = useKnowledgeNodes(courseId);
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const byId = useMemo(
    () => new Map(flattenTree(graph.data?.items ?? []).map((node) => [node.id, node])),
    [graph.data],
  );
  const nodes = selected.map((id) => byId.get(id)).filter((node) => node !== undefined);

  const store = async (ids: number[]): Promise<boolean> => {
    setSaving(true);
    try {
      await save(ids);
      window.dispatchEvent(
        new CustomEvent<KnowledgeNodesChangedDetail>(KNOWLEDGE_NODES_CHANGED_EVENT, {
          detail: { owner, knowledgeNodeIds: ids },
        }),
      );
      onChange?.(ids.map((id) => byId.get(id)).filter((node) => node !== undefined));
      return true;
    } catch (error) {
      void message.error(error instanceof Error && error.message ? error.message : t('picker.saveFailed'));
      return false;
    } finally {
      setSaving(false);
    }
  };

  const cancel = () => {
    setOpen(false);
    // A new activity has nothing saved to go back to: cancelling drops what was picked.
    if (owner.id === 0 && selected.length > 0) void store([]);
  };

  const noGraph = graph.isSuccess && graph.data.items.length === 0;
  return (
    <Flex vertical gap={8} align="flex-start">
      {nodes.length > 0 ? (
        <Flex gap={8} wrap component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {nodes.map((node) => (
            <li key={node.id}>
              <KnowledgeNodeTag
                nodeId={node.id}
                name={node.name}
                bloomLevel={node.bloom_level}
                courseId={courseId}
                goToGraph
                onRemove={
                  disabled || saving ? undefined : () => void store(selected.filter((id) => id !== node.id))
                }
              />
            </li>
          ))}
        </Flex>
      ) : null}
      {noGraph ? (
        <Typography.Text type="secondary">
          {t('picker.emptyGraph')} <Link to={knowledgeGraphUrl(courseId)}>{t('picker.openGraph')}</Link>
        </Typography.Text>
      ) : (
        <Button
          icon={<LinkOutlined aria-hidden />}
          onClick={() => setOpen(true)}
          disabled={disabled || !graph.isSuccess}
          loading={graph.isPending}
        >
          {t('picker.open')}
        </Button>
      )}
      {graph.isSuccess ? (
        <KnowledgeNodePickerModal
          open={open}
          courseId={courseId}
          tree={graph.data.items}
          initial={selected}
          saving={saving}
          onCancel={cancel}
          onOk={(ids) =>
            void store(ids).then((ok) => {
              if (ok) setOpen(false);
            })
          }
        />
      ) : null}
    </Flex>
  );
}
