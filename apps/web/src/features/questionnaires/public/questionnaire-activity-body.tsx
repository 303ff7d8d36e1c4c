import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { QuestionnaireDistributeResponse } from '@lectern/contracts/questionnaires/questionnaires.schemas';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageState } from '../../../shared/components/page-state.tsx';
import { RenderedHtml } from '../../../shared/components/rendered-html.tsx';
import { useQuestionnaire } from '../api/distribute-questionnaire.ts';
import { useQuestionnaireResults } from '../api/get-questionnaire-results.ts';
import { QuestionnaireAnswerForm } from '../components/questionnaire-answer-form.tsx';
import { QuestionnaireLibraryCopy } from '../components/questionnaire-library-copy.tsx';
import { QuestionnaireQuestions } from '../components/questionnaire-questions.tsx';
import { QuestionnaireResults } from '../components/questionnaire-results.tsx';
import { useQuestionnairePush } from '../components/use-questionnaire-push.ts';

/** The teaching team's results move as answers arrive; students' pages need no one else's answers. */
function LiveQuestionnairePush({ paper }: { paper: QuestionnaireDistributeResponse }) {
  useQuestionnairePush(paper.course_id, paper.id);
  return null;
}

function ResultsSection({ id }: { id: number }) {
  const { t } = useTranslation('questionnaires');
  const query = useQuestionnaireResults(id);
  return (
    <section aria-label={t('results.title')}>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t('results.title')}
      </Typography.Title>
      <PageState query={query}>{(results) => <QuestionnaireResults results={results} />}</PageState>
    </section>
  );
}

function QuestionnaireView({ paper }: { paper: QuestionnaireDistributeResponse }) {
  const { t } = useTranslation('questionnaires');
  const statusText = {
    not_started: t('status.notStarted'),
    in_progress: t('status.inProgress'),
    ended: t('status.ended'),
  }[paper.status];
  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap>
        <Tag color={paper.status === 'in_progress' ? 'green' : undefined}>{statusText}</Tag>
        <Tag>{paper.is_anonymous ? t('kind.anonymous') : t('kind.named')}</Tag>
      </Flex>
      {paper.description ? <RenderedHtml html={paper.description} /> : null}
      {paper.can_see_results ? (
        <>
          <LiveQuestionnairePush paper={paper} />
          <QuestionnaireQuestions paper={paper} />
          {(paper.submission_count ?? 0) === 0 ? (
            <QuestionnaireLibraryCopy questionnaireId={paper.id} />
          ) : null}
          <ResultsSection id={paper.id} />
        </>
      ) : (
        <>
          <Typography.Text type="secondary">
            {paper.is_anonymous ? t('answer.anonymousHint') : t('answer.namedHint')}
          </Typography.Text>
          {paper.subjects.length === 0 ? (
            <Typography.Text>{t('answer.empty')}</Typography.Text>
          ) : (
            <QuestionnaireAnswerForm paper={paper} />
          )}
        </>
      )}
    </Flex>
  );
}

/** The detail page of a questionnaire: the answering form for students, the results for the teaching team. */
export function QuestionnaireActivityBody({ activity }: { activity: Activity }) {
  const query = useQuestionnaire(activity.id);
  return <PageState query={query}>{(paper) => <QuestionnaireView paper={paper} />}</PageState>;
}
