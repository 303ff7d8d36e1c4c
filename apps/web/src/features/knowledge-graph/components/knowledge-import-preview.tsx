import {
  treeSize,
  type ImportedKnowledgeNode,
} from '@lectern/contracts/knowledge-graph/knowledge-import.contract';
import { Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';

function Branch({ nodes }: { nodes: readonly ImportedKnowledgeNode[] }) {
  return (
    <ul style={{ margin: 0, paddingInlineStart: 20 }}>
      {nodes.map((node, index) => (
        <li key={`${index}-${node.name}`}>
          {node.name}
          {node.children && node.children.length > 0 ? <Branch nodes={node.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** The tree an import will add, as nested lists (what a screen reader reads as levels), before it is saved. */
export function KnowledgeImportPreview({ tree }: { tree: readonly ImportedKnowledgeNode[] }) {
  const { t } = useTranslation('knowledge-graph');
  const { token } = theme.useToken();
  const { count, depth } = treeSize(tree);
  return (
    <section aria-labelledby="knowledge-import-preview">
      <Typography.Title level={3} id="knowledge-import-preview" style={{ fontSize: 15 }}>
        {t('importer.preview', { count, depth })}
      </Typography.Title>
      <div
        style={{
          maxHeight: 280,
          overflow: 'auto',
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
          padding: 8,
        }}
      >
        <Branch nodes={tree} />
      </div>
    </section>
  );
}
