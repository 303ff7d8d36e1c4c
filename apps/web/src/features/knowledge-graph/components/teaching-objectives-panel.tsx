import { DeleteOutlined } from '@ant-design/icons';
import { KNOWLEDGE_GRAPH_LIMITS } from '@lectern/contracts/knowledge-graph/knowledge-graph.limits';
import { App, Button, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useCreateTeachingObjective } from '../api/create-teaching-objective.ts';
import { useDeleteTeachingObjectives } from '../api/delete-teaching-objectives.ts';
import { useTeachingObjectives } from '../api/list-teaching-objectives.ts';

/** The course's teaching objectives, in order; the teaching team adds and removes them. */
export function TeachingObjectivesPanel({ courseId, canEdit }: { courseId: number; canEdit: boolean }) {
  const { t } = useTranslation('knowledge-graph');
  const { message } = App.useApp();
  const objectives = useTeachingObjectives(courseId);
  const create = useCreateTeachingObjective(courseId);
  const remove = useDeleteTeachingObjectives(courseId);
  const [draft, setDraft] = useState('');

  if (objectives.isPending) return <LoadingState />;
  if (objectives.isError) {
    return (
      <ErrorState
        error={objectives.error}
        onRetry={() => void objectives.refetch()}
        retrying={objectives.isRefetching}
      />
    );
  }
  const items = objectives.data.teaching_objectives;
  const add = () => {
    const content = draft.trim();
    if (!content) return;
    create.mutate(
      { content },
      {
        onSuccess: () => setDraft(''),
        onError: (error) => void message.error(error.message),
      },
    );
  };

  return (
    <Flex vertical gap={8}>
      {items.length === 0 ? (
        <Typography.Text type="secondary">{t('objectives.empty')}</Typography.Text>
      ) : (
        <ol style={{ margin: 0, paddingInlineStart: 20 }}>
          {items.map((objective) => (
            <li key={objective.id}>
              <Flex gap={8} align="center" wrap>
                <span style={{ overflowWrap: 'anywhere' }}>{objective.content}</span>
                {canEdit ? (
                  <Button
                    size="small"
                    type="text"
                    danger
                    aria-label={t('objectives.deleteNamed', { content: objective.content })}
                    icon={<DeleteOutlined aria-hidden />}
                    onClick={() =>
                      remove.mutate([objective.id], { onError: (error) => void message.error(error.message) })
                    }
                  />
                ) : null}
              </Flex>
            </li>
          ))}
        </ol>
      )}
      {canEdit ? (
        <Flex gap={8}>
          <Input
            aria-label={t('objectives.new')}
            placeholder={t('objectives.new')}
            value={draft}
            maxLength={KNOWLEDGE_GRAPH_LIMITS.objectiveMax}
            onChange={(event) => setDraft(event.target.value)}
            onPressEnter={add}
          />
          <Button onClick={add} loading={create.isPending} disabled={!draft.trim()}>
            {t('objectives.add')}
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
