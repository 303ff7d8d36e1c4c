import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { VoteResponse } from '@lectern/contracts/votes/votes.schemas';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageState } from '../../../shared/components/page-state.tsx';
import { useVote } from '../api/get-vote.ts';
import { VoteBallot } from '../components/vote-ballot.tsx';
import { VoteResults } from '../components/vote-results.tsx';
import { useVotePush } from '../components/use-vote-push.ts';

/** The teaching team follows the ballots as they arrive; students' pages only learn when it ends. */
function LiveVotePush({ vote, teaching }: { vote: VoteResponse; teaching: boolean }) {
  useVotePush(vote.course_id, vote.id, teaching);
  return null;
}

function VoteView({ vote, teaching }: { vote: VoteResponse; teaching: boolean }) {
  const { t } = useTranslation('votes');
  const { data } = vote.interaction;
  const statusText = {
    not_started: t('status.notStarted'),
    in_progress: t('status.inProgress'),
    ended: t('status.ended'),
  }[vote.status];
  return (
    <Flex vertical gap={16}>
      {teaching || vote.status !== 'ended' ? <LiveVotePush vote={vote} teaching={teaching} /> : null}
      <Flex gap={8} wrap>
        <Tag color={vote.status === 'in_progress' ? 'green' : undefined}>{statusText}</Tag>
        <Tag>{data.vote_type === 'single' ? t('kind.single') : t('kind.multiple')}</Tag>
        <Tag>{data.is_anonymous ? t('kind.anonymous') : t('kind.named')}</Tag>
      </Flex>
      {data.topic ? (
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {data.topic}
        </Typography.Title>
      ) : null}
      {!teaching ? (
        <Typography.Text type="secondary">
          {data.is_anonymous ? t('ballot.anonymousHint') : t('ballot.namedHint')}
        </Typography.Text>
      ) : null}
      {!teaching ? <VoteBallot vote={vote} /> : null}
      {vote.results ? (
        <section aria-label={t('results.title')}>
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            {t('results.title')}
          </Typography.Title>
          <VoteResults vote={vote} showVoters={teaching} />
        </section>
      ) : !teaching && vote.status !== 'ended' ? (
        <Typography.Text type="secondary">{t('results.afterEnd')}</Typography.Text>
      ) : null}
    </Flex>
  );
}

/** The detail page of a vote: a ballot for students, the live results for the teaching team. */
export function VoteActivityBody({ activity }: { activity: Activity }) {
  const query = useVote(activity.id);
  return (
    <PageState query={query}>{(vote) => <VoteView vote={vote} teaching={activity.can_edit} />}</PageState>
  );
}
