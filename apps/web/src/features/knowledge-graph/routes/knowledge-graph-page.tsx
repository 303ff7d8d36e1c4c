import { CaretDownOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import type {
  KnowledgeNodesResponse,
  KnowledgeTreeNode,
} from '@lectern/contracts/knowledge-graph/knowledge-node.schemas';
import { wouldCreateCycle } from '@lectern/contracts/knowledge-graph/knowledge-tree.rules';
import {
  App,
  Button,
  Empty,
  Flex,
  Input,
  Space,
  Radio,
  Tag,
  Tree,
  Typography,
  theme,
  type TreeDataNode,
} from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/http-client.ts';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useCurrentCourse } from '../../courses/public/use-current-course.ts';
import { useCurrentUser } from '../../identity/public/get-current-user.ts';
import { useCreateKnowledgeNode } from '../api/create-knowledge-node.ts';
import { useKnowledgeNodes } from '../api/get-knowledge-nodes.ts';
import { useMoveKnowledgeNode } from '../api/move-knowledge-node.ts';
import { usePublishKnowledgeGraph } from '../api/publish-knowledge-graph.ts';
import { BloomDot, BloomLegend } from '../components/bloom-legend.tsx';
import {
  KnowledgeGraphCanvas,
  type CanvasNode,
  type CanvasRelation,
} from '../components/knowledge-graph-canvas.tsx';
import { KnowledgeCapturesTab } from '../components/knowledge-captures-tab.tsx';
import { KnowledgeImportDialog } from '../components/knowledge-import-dialog.tsx';
import { KnowledgeNodeDetail } from '../components/knowledge-node-detail.tsx';
import { KnowledgeNodeFormModal } from '../components/knowledge-node-form-modal.tsx';
import { KnowledgeStatisticsPanel } from '../components/knowledge-statistics-panel.tsx';
import { KnowledgeSyncEntry } from '../components/knowledge-sync-entry.tsx';
import { StudentMasteryView } from '../components/student-mastery-view.tsx';
import { SnapshotTimeline } from '../components/snapshot-timeline.tsx';
import { TeachingObjectivesPanel } from '../components/teaching-objectives-panel.tsx';
import { filterTree, flattenTree, nodeIdFromHash, parentIds } from '../components/knowledge-tree.ts';

function toTreeData(nodes: readonly KnowledgeTreeNode[]): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title: (
      <span>
        <BloomDot level={node.bloom_level} /> {node.name}
      </span>
    ),
    children: toTreeData(node.children),
  }));
}

/**
 * `/course/{courseId}/knowledge-graph#node_id=`: the course's knowledge graph. The teaching team builds it
 * (nodes, relations, objectives), publishes it and looks back at its snapshots; students see it once it is
 * published, read-only. The page opens at the node named in the hash (a knowledge tag's link).
 */
export function KnowledgeGraphPage() {
  const { t } = useTranslation('knowledge-graph');
  const course = useCurrentCourse();
  const graph = useKnowledgeNodes(course.id);

  let body;
  if (graph.isPending) body = <LoadingState />;
  else if (graph.isError) {
    // Students are refused a graph that is not published: that is not a failure to them.
    body =
      isApiError(graph.error) && (graph.error.status === 403 || graph.error.status === 404) ? (
        <Empty description={t('page.notPublished')} />
      ) : (
        <ErrorState error={graph.error} onRetry={() => void graph.refetch()} retrying={graph.isRefetching} />
      );
  } else body = <LoadedGraph courseId={course.id} data={graph.data} />;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
          {t('page.title')}
        </Typography.Title>
        {graph.isSuccess ? (
          <GraphActions courseId={course.id} published={graph.data.published} canEdit={graph.data.can_edit} />
        ) : null}
      </Flex>
      {body}
    </Flex>
  );
}

function GraphActions({
  courseId,
  published,
  canEdit,
}: {
  courseId: number;
  published: boolean;
  canEdit: boolean;
}) {
  const { t } = useTranslation('knowledge-graph');
  const { message } = App.useApp();
  const publish = usePublishKnowledgeGraph(courseId);
  const create = useCreateKnowledgeNode(courseId);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  return (
    <Space wrap>
      <Tag color={published ? 'green' : 'default'}>
        {published ? t('page.published') : t('page.unpublished')}
      </Tag>
      {canEdit ? (
        <>
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
            {t('page.addRoot')}
          </Button>
          <Button icon={<ImportOutlined aria-hidden />} onClick={() => setImporting(true)}>
            {t('importer.open')}
          </Button>
          <KnowledgeImportDialog courseId={courseId} open={importing} onClose={() => setImporting(false)} />
          <KnowledgeSyncEntry courseId={courseId} />
          <Button
            // A new button when the state flips: antd's loading icon, fading out while the label changed,
            // could stay behind in the button's name ("loading 发 布") for screen readers.
            key={published ? 'unpublish' : 'publish'}
            type={published ? 'default' : 'primary'}
            loading={publish.isPending}
            onClick={() =>
              publish.mutate(published ? 'unpublish' : 'publish', {
                onSuccess: (status) =>
                  void message.success(
                    status.published ? t('page.publishedToast') : t('page.unpublishedToast'),
                  ),
                onError: (error) => void message.error(error.message),
              })
            }
          >
            {published ? t('page.unpublish') : t('page.publish')}
          </Button>
          <KnowledgeNodeFormModal
            open={adding}
            title={t('page.addRootTitle')}
            onSubmit={async (values) => {
              await create.mutateAsync({ ...values, parent_id: null });
              void message.success(t('node.created'));
            }}
            onClose={() => setAdding(false)}
          />
        </>
      ) : null}
    </Space>
  );
}

function LoadedGraph({ courseId, data }: { courseId: number; data: KnowledgeNodesResponse }) {
  const { t } = useTranslation('knowledge-graph');
  const course = useCurrentCourse();
  const { data: viewer } = useCurrentUser();
  const masteryOf =
    !data.can_edit && data.published && viewer && course.current_user_roles.includes('student')
      ? viewer.id
      : null;
  const location = useLocation();
  const navigate = useNavigate();
  const selectedId = nodeIdFromHash(location.hash);
  const select = (id: number | null) =>
    void navigate(
      { pathname: location.pathname, hash: id === null ? '' : `node_id=${id}` },
      { replace: true },
    );

  const flat = useMemo(() => flattenTree(data.items), [data.items]);
  const canvasNodes = useMemo<CanvasNode[]>(
    () =>
      flat.map((node) => ({
        id: node.id,
        name: node.name,
        parentId: node.parent_id,
        bloomLevel: node.bloom_level,
      })),
    [flat],
  );
  const canvasRelations = useMemo<CanvasRelation[]>(
    () =>
      data.relations.map((r) => ({
        id: r.id,
        source: r.source,
        target: r.target,
        directed: r.type === 'directed',
      })),
    [data.relations],
  );
  const selected = flat.find((node) => node.id === selectedId) ?? null;
  const [section, setSection] = useState('graph');

  const graphTab = (
    <Flex gap={16} wrap align="flex-start">
      <section
        aria-labelledby="knowledge-tree-heading"
        style={{ flex: '1 1 240px', minWidth: 0, maxWidth: '100%' }}
      >
        <Typography.Title level={3} id="knowledge-tree-heading" style={{ fontSize: 16 }}>
          {t('page.treeHeading')}
        </Typography.Title>
        {data.items.length === 0 ? (
          <Empty description={t('page.empty')} />
        ) : (
          <NodeTree
            courseId={courseId}
            items={data.items}
            canEdit={data.can_edit}
            selectedId={selectedId}
            onSelect={select}
          />
        )}
      </section>
      <section
        aria-labelledby="knowledge-canvas-heading"
        style={{ flex: '3 1 360px', minWidth: 0, maxWidth: '100%' }}
      >
        <Typography.Title level={3} id="knowledge-canvas-heading" style={{ fontSize: 16 }}>
          {t('page.graphHeading')}
        </Typography.Title>
        <BloomLegend />
        {data.items.length > 0 ? (
          <KnowledgeGraphCanvas
            nodes={canvasNodes}
            relations={canvasRelations}
            selectedId={selectedId}
            onSelect={select}
          />
        ) : null}
      </section>
      {selected ? (
        <div style={{ flex: '1 1 300px', minWidth: 0, maxWidth: '100%' }}>
          <KnowledgeNodeDetail
            key={selected.id}
            courseId={courseId}
            nodeId={selected.id}
            canEdit={data.can_edit}
            nodes={flat}
            onSelect={select}
            onDeleted={() => select(null)}
          />
        </div>
      ) : null}
    </Flex>
  );

  const sections: { key: string; label: string; children: ReactNode }[] = [
    { key: 'graph', label: t('page.tabs.graph'), children: graphTab },
    {
      key: 'objectives',
      label: t('page.tabs.objectives'),
      children: <TeachingObjectivesPanel courseId={courseId} canEdit={data.can_edit} />,
    },
    ...(data.can_edit
      ? [
          {
            key: 'snapshots',
            label: t('page.tabs.snapshots'),
            children: <SnapshotTimeline courseId={courseId} />,
          },
          {
            key: 'statistics',
            label: t('page.tabs.statistics'),
            children: <KnowledgeStatisticsPanel courseId={courseId} />,
          },
        ]
      : []),
    {
      key: 'captures',
      label: t('captures.tab'),
      children: <KnowledgeCapturesTab courseId={courseId} />,
    },
    // A student's own mastery, once the graph is published (the server refuses it before).
    ...(masteryOf !== null
      ? [
          {
            key: 'mastery',
            label: t('page.tabs.mastery'),
            children: <StudentMasteryView courseId={courseId} studentId={masteryOf} />,
          },
        ]
      : []),
  ];
  const current = sections.find((item) => item.key === section) ?? sections[0];

  // Buttons that wrap onto a second line on a phone, rather than antd's Tabs, which fold what does not fit
  // into a "more" menu inside the tab list (the course's own sections avoid it for the same reason).
  return (
    <Flex vertical gap={16}>
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        aria-label={t('page.sections')}
        value={current?.key}
        onChange={(event) => setSection(String(event.target.value))}
        options={sections.map((item) => ({ value: item.key, label: item.label }))}
        style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8 }}
      />
      {current?.children}
    </Flex>
  );
}

function NodeTree({
  courseId,
  items,
  canEdit,
  selectedId,
  onSelect,
}: {
  courseId: number;
  items: KnowledgeTreeNode[];
  canEdit: boolean;
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation('knowledge-graph');
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const move = useMoveKnowledgeNode(courseId);
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<number[]>(() => parentIds(items));
  const shown = useMemo(() => filterTree(items, keyword), [items, keyword]);
  const flat = useMemo(() => flattenTree(items), [items]);

  return (
    <Flex vertical gap={8}>
      <Input.Search
        allowClear
        aria-label={t('page.searchTree')}
        placeholder={t('page.searchTree')}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
      />
      <div
        style={{
          maxHeight: 520,
          overflow: 'auto',
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
        }}
      >
        <Tree<TreeDataNode>
          treeData={toTreeData(shown)}
          // antd's own icon is named ("caret-down"), which would prefix every parent's checkbox and row name.
          switcherIcon={<CaretDownOutlined aria-hidden />}
          expandedKeys={keyword.trim() ? parentIds(shown) : expanded}
          onExpand={(keys) => {
            if (!keyword.trim()) setExpanded(keys.map(Number));
          }}
          selectedKeys={selectedId === null ? [] : [selectedId]}
          onSelect={(keys) => {
            const [key] = keys;
            if (key !== undefined) onSelect(Number(key));
          }}
          // Dragging moves a node; the node detail's move dialog does the same by keyboard.
          draggable={canEdit && !keyword.trim() ? { icon: false } : false}
          onDrop={(info) => {
            const dragged = Number(info.dragNode.key);
            const target = flat.find((node) => node.id === Number(info.node.key));
            if (!target) return;
            let parentId: number | null;
            let index: number | undefined;
            if (!info.dropToGap) {
              parentId = target.id;
              index = 0;
            } else {
              parentId = target.parent_id;
              const siblings = flat.filter((node) => node.parent_id === parentId && node.id !== dragged);
              const position = info.dropPosition - Number(info.node.pos.split('-').pop());
              index = siblings.findIndex((node) => node.id === target.id) + (position < 0 ? 0 : 1);
            }
            if (wouldCreateCycle(flat, dragged, parentId)) return;
            move.mutate(
              { knowledge_node_id: dragged, parent_id: parentId, index },
              {
                onSuccess: () => void message.success(t('node.moved')),
                onError: (error) => void message.error(error.message),
              },
            );
          }}
        />
      </div>
    </Flex>
  );
}
