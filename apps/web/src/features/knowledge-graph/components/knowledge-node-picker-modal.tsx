import { CaretDownOutlined } from '@ant-design/icons';
import type { KnowledgeTreeNode } from '@lectern/contracts/knowledge-graph/knowledge-node.schemas';
import { Button, ConfigProvider, Empty, Flex, Input, Modal, Tree, Typography, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KnowledgeNodeTag } from '../public/knowledge-node-tag.tsx';
import { filterTree, flattenTree, parentIds } from './knowledge-tree.ts';

/** Spec 001 sections 2 and 9: the picker's width, its layer (above the activity dialog) and its tree's indent. */
export const PICKER_WIDTH = 1000;
export const PICKER_Z_INDEX = 1006;
export const PICKER_TREE_INDENT = 30;

export interface KnowledgeNodePickerModalProps {
  open: boolean;
  courseId: number;
  tree: readonly KnowledgeTreeNode[];
  /** The selection the dialog starts from each time it opens. */
  initial: readonly number[];
  saving: boolean;
  onCancel: () => void;
  onOk: (ids: number[]) => void;
}

function toTreeData(nodes: readonly KnowledgeTreeNode[]): TreeDataNode[] {
  return nodes.map((node) => ({ key: node.id, title: node.name, children: toTreeData(node.children) }));
}

/**
 * The knowledge-node picker (spec 001 section 2): a searchable checkbox tree on the left, the nodes picked
 * so far with their count on the right. Ticking a parent does not tick its children: a question may test
 * a chapter without testing each of its points.
 */
export function KnowledgeNodePickerModal({
  open,
  courseId,
  tree,
  initial,
  saving,
  onCancel,
  onOk,
}: KnowledgeNodePickerModalProps) {
  const { t } = useTranslation('knowledge-graph');
  return (
    <Modal
      open={open}
      width={PICKER_WIDTH}
      zIndex={PICKER_Z_INDEX}
      title={t('picker.title')}
      footer={null}
      onCancel={onCancel}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <PickerBody
        courseId={courseId}
        tree={tree}
        initial={initial}
        saving={saving}
        onCancel={onCancel}
        onOk={onOk}
      />
    </Modal>
  );
}

function PickerBody({
  courseId,
  tree,
  initial,
  saving,
  onCancel,
  onOk,
}: Omit<KnowledgeNodePickerModalProps, 'open'>) {
  const { t } = useTranslation('knowledge-graph');
  const { t: tShared } = useTranslation('shared');
  const [keyword, setKeyword] = useState('');
  const [checked, setChecked] = useState<number[]>(() => [...initial]);
  const byId = useMemo(() => new Map(flattenTree(tree).map((node) => [node.id, node])), [tree]);
  const shown = useMemo(() => filterTree(tree, keyword), [tree, keyword]);
  const [expanded, setExpanded] = useState<number[]>(() => parentIds(tree));
  // A search opens every branch that holds a match; clearing it goes back to what the user had open.
  const expandedKeys = keyword.trim() ? parentIds(shown) : expanded;
  const picked = checked.map((id) => byId.get(id)).filter((node) => node !== undefined);

  return (
    <>
      <Flex gap={16} wrap>
        <section
          aria-labelledby="knowledge-picker-tree"
          style={{ flex: '1 1 420px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 8 }}
        >
          <Typography.Title level={3} id="knowledge-picker-tree" style={{ fontSize: 16, margin: 0 }}>
            {t('picker.treeHeading')}
          </Typography.Title>
          <Input.Search
            allowClear
            aria-label={t('picker.search')}
            placeholder={t('picker.search')}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
          />
          <div style={{ maxHeight: 420, overflow: 'auto' }}>
            {shown.length === 0 ? (
              <Empty description={keyword.trim() ? t('picker.noMatch') : t('picker.noNodes')} />
            ) : (
              <ConfigProvider theme={{ components: { Tree: { indentSize: PICKER_TREE_INDENT } } }}>
                <Tree<TreeDataNode>
                  checkable
                  // antd's own icon is named ("caret-down"), which would prefix every parent's checkbox and row name.
                  switcherIcon={<CaretDownOutlined aria-hidden />}
                  checkStrictly
                  selectable={false}
                  treeData={toTreeData(shown)}
                  expandedKeys={expandedKeys}
                  onExpand={(keys) => {
                    if (!keyword.trim()) setExpanded(keys.map(Number));
                  }}
                  checkedKeys={{ checked, halfChecked: [] }}
                  onCheck={(_keys, info) => {
                    const id = Number(info.node.key);
                    setChecked((current) =>
                      info.checked
                        ? [...current.filter((c) => c !== id), id]
                        : current.filter((c) => c !== id),
                    );
                  }}
                />
              </ConfigProvider>
            )}
          </div>
        </section>
        <section
          aria-labelledby="knowledge-picker-selected"
          style={{ flex: '1 1 300px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 8 }}
        >
          <Typography.Title level={3} id="knowledge-picker-selected" style={{ fontSize: 16, margin: 0 }}>
            {t('picker.selected', { count: picked.length })}
          </Typography.Title>
          {picked.length === 0 ? (
            <Typography.Text type="secondary">{t('picker.noneSelected')}</Typography.Text>
          ) : (
            <Flex gap={8} wrap component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {picked.map((node) => (
                <li key={node.id}>
                  <KnowledgeNodeTag
                    nodeId={node.id}
                    name={node.name}
                    bloomLevel={node.bloom_level}
                    courseId={courseId}
                    onRemove={() => setChecked((current) => current.filter((c) => c !== node.id))}
                  />
                </li>
              ))}
            </Flex>
          )}
        </section>
      </Flex>
      <Flex justify="end" gap={8} style={{ marginTop: 16 }}>
        <Button onClick={onCancel} disabled={saving}>
          {tShared('actions.cancel')}
        </Button>
        <Button type="primary" loading={saving} onClick={() => onOk(checked)}>
          {t('picker.ok')}
        </Button>
      </Flex>
    </>
  );
}
