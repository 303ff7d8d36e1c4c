import { PlusOutlined } from '@ant-design/icons';
import type { AskQuestion } from '@lectern/contracts/ask-questions/ask-questions.schemas';
import { App, Button, Card, Checkbox, Empty, Flex, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useEndAskQuestion } from '../api/end-ask-question.ts';
import { useCourseAskQuestions } from '../api/list-course-ask-questions.ts';
import { usePickAgain } from '../api/pick-again.ts';
import { AskQuestionModal } from './ask-question-modal.tsx';
import { PickedNames } from './picked-names.tsx';

/** One question: its draw, and pick again / projector / edit / end. */
function AskQuestionCard({
  courseId,
  askQuestion,
  onEdit,
}: {
  courseId: number;
  askQuestion: AskQuestion;
  onEdit: () => void;
}) {
  const { t } = useTranslation('ask-questions');
  const { message } = App.useApp();
  const pick = usePickAgain();
  const end = useEndAskQuestion();
  const [avoidRecent, setAvoidRecent] = useState(askQuestion.avoid_recent);
  const ended = askQuestion.end_time !== null;
  const fail = (error: Error) => void message.error(error.message);

  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <span>{askQuestion.title}</span>
          <Tag>{t(`type.${askQuestion.type}`)}</Tag>
          {ended ? (
            <Tag color="default">{t('list.ended')}</Tag>
          ) : (
            <Tag color="processing">{t('list.open')}</Tag>
          )}
        </Space>
      }
    >
      <Flex vertical gap={8}>
        {askQuestion.data.question ? (
          <Typography.Paragraph style={{ margin: 0, overflowWrap: 'anywhere' }}>
            {askQuestion.data.question}
          </Typography.Paragraph>
        ) : null}
        <div>
          <Typography.Text type="secondary">{t('list.picked')}</Typography.Text>
          <PickedNames pick={askQuestion.current_pick} />
        </div>
        <Flex wrap gap={8} align="center">
          <Link to={`/course/${courseId}/ask-questions/${askQuestion.id}/projector`}>
            {t('list.projector')}
          </Link>
          {!ended ? (
            <>
              <Checkbox checked={avoidRecent} onChange={(e) => setAvoidRecent(e.target.checked)}>
                {t('modal.avoidRecent')}
              </Checkbox>
              <Button
                type="primary"
                loading={pick.isPending}
                onClick={() => pick.mutate({ id: askQuestion.id, avoidRecent }, { onError: fail })}
              >
                {t('list.pickAgain')}
              </Button>
            </>
          ) : null}
          <Button onClick={onEdit}>{ended ? t('list.view') : t('list.edit')}</Button>
          {!ended ? (
            <Button
              danger
              loading={end.isPending}
              onClick={() => end.mutate(askQuestion.id, { onError: fail })}
            >
              {t('list.end')}
            </Button>
          ) : null}
        </Flex>
      </Flex>
    </Card>
  );
}

/** The teaching team's view: ask a question (the spec's modal), then each question with its draw. */
export function InstructorAskQuestions({ courseId }: { courseId: number }) {
  const { t } = useTranslation('ask-questions');
  const list = useCourseAskQuestions(courseId);
  const [modal, setModal] = useState<{ open: boolean; editing?: AskQuestion } | null>(null);

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          {t('page.title')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setModal({ open: true })}>
          {t('page.ask')}
        </Button>
      </Flex>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.ask_questions.length === 0 ? (
        <Empty description={t('page.empty')} />
      ) : (
        list.data.ask_questions.map((q) => (
          <AskQuestionCard
            key={q.id}
            courseId={courseId}
            askQuestion={q}
            onEdit={() => setModal({ open: true, editing: q })}
          />
        ))
      )}
      {modal ? (
        <AskQuestionModal
          courseId={courseId}
          askQuestion={modal.editing}
          open={modal.open}
          onClose={() => setModal({ ...modal, open: false })}
          afterClose={() => setModal(null)}
        />
      ) : null}
    </Flex>
  );
}
