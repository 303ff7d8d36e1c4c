import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useKnowledgeNodeFacets } from '../api/get-knowledge-node-facets.ts';
import { NodeFragmentsList } from './node-fragments-list.tsx';

/** How much is linked to a node, by kind and by activity type, and the parts of activities that teach it. */
export function NodeFacetsPanel({
  courseId,
  nodeId,
  canEdit,
  onOpenActivity,
}: {
  courseId: number;
  nodeId: number;
  canEdit: boolean;
  onOpenActivity: (activityId: number) => void;
}) {
  const { t } = useTranslation('knowledge-graph');
  const facets = useKnowledgeNodeFacets(courseId, nodeId);
  let body;
  if (facets.isPending) body = <LoadingState />;
  else if (facets.isError) {
    body = (
      <ErrorState error={facets.error} onRetry={() => void facets.refetch()} retrying={facets.isRefetching} />
    );
  } else {
    const data = facets.data;
    body = (
      <>
        <Typography.Paragraph style={{ marginBottom: 4 }}>
          {t('facets.summary', {
            total: data.total,
            activity: data.facets.find((f) => f.refer_type === 'activity')?.count ?? 0,
            upload: data.facets.find((f) => f.refer_type === 'upload')?.count ?? 0,
            subject: data.facets.find((f) => f.refer_type === 'subject')?.count ?? 0,
          })}
        </Typography.Paragraph>
        {data.activity_types.length > 0 ? (
          <ul aria-label={t('facets.byActivityType')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {data.activity_types.map((type) => (
              <li key={type.activity_type} style={{ display: 'inline-block', marginBlockEnd: 4 }}>
                <Tag>
                  {t('facets.activityType', {
                    type: t(`facets.types.${type.activity_type}`, { defaultValue: type.activity_type }),
                    count: type.count,
                  })}
                </Tag>
              </li>
            ))}
          </ul>
        ) : null}
        {data.fragment_count > 0 ? (
          <NodeFragmentsList
            courseId={courseId}
            nodeId={nodeId}
            canEdit={canEdit}
            onOpenActivity={onOpenActivity}
          />
        ) : null}
      </>
    );
  }
  return (
    <section aria-labelledby={`knowledge-node-facets-${nodeId}`}>
      <Typography.Title level={4} id={`knowledge-node-facets-${nodeId}`} style={{ fontSize: 16 }}>
        {t('facets.title')}
      </Typography.Title>
      {body}
    </section>
  );
}
