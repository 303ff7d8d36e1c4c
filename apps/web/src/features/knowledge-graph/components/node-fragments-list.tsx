import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useDeleteActivityKnowledgeFragment } from '../api/delete-activity-knowledge-fragment.ts';
import { useKnowledgeNodeFragments } from '../api/get-knowledge-node-fragments.ts';
import { KnowledgeResourceLink } from './knowledge-resource-link.tsx';

/** "12:05" or "1:02:05" for a moment of a video. */
export function clockOf(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * The node's fragments (a video's chapters and the like) with the activity each is part of; the teaching team
 * may remove one from the activity's link.
 */
export function NodeFragmentsList({
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
  const { message } = App.useApp();
  const fragments = useKnowledgeNodeFragments(courseId, nodeId);
  const remove = useDeleteActivityKnowledgeFragment(nodeId);
  if (fragments.isPending) return <LoadingState />;
  if (fragments.isError) {
    return (
      <ErrorState
        error={fragments.error}
        onRetry={() => void fragments.refetch()}
        retrying={fragments.isRefetching}
      />
    );
  }
  if (fragments.data.items.length === 0) return null;
  return (
    <div>
      <Typography.Text strong>
        {t('facets.fragments', { count: fragments.data.items.length })}
      </Typography.Text>
      <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
        {fragments.data.items.map((fragment) => (
          <li key={fragment.id}>
            <KnowledgeResourceLink
              courseId={courseId}
              type="activity"
              id={fragment.activity_id}
              onOpen={() => onOpenActivity(fragment.activity_id)}
            >
              {fragment.activity_title}
            </KnowledgeResourceLink>
            {' · '}
            {fragment.title || fragment.chapter_id}
            {fragment.start_seconds !== null ? (
              <Typography.Text type="secondary">
                {' '}
                {fragment.end_seconds !== null
                  ? t('facets.range', {
                      start: clockOf(fragment.start_seconds),
                      end: clockOf(fragment.end_seconds),
                    })
                  : clockOf(fragment.start_seconds)}
              </Typography.Text>
            ) : null}
            {canEdit ? (
              <Button
                size="small"
                type="text"
                danger
                aria-label={t('facets.removeFragment', { name: fragment.title || fragment.chapter_id })}
                icon={<DeleteOutlined aria-hidden />}
                loading={remove.isPending && remove.variables.body.chapter_id === fragment.chapter_id}
                onClick={() =>
                  remove.mutate(
                    {
                      activityId: fragment.activity_id,
                      body: {
                        knowledge_reference_id: fragment.reference_id,
                        chapter_id: fragment.chapter_id,
                      },
                    },
                    { onError: (error) => void message.error(error.message) },
                  )
                }
              />
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
