import { formatMediaTime } from '@lectern/contracts/discussions/question-time';
import { Modal } from 'antd';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useVideoQuizzes } from '../api/list-video-quizzes.ts';
import { QuizAnswerPanel } from '../components/quiz-answer-panel.tsx';
import { useVideoQuizGate } from './use-video-quiz-gate.ts';

/**
 * Mounted beside an online video's player: pauses it at each unanswered quiz and asks the quiz's questions
 * in a dialog, which closes only once they are answered (then the result shows and the video plays on).
 */
export function VideoQuizLayer({
  activityId,
  videoRef,
}: {
  activityId: number;
  videoRef: RefObject<HTMLVideoElement | null>;
}) {
  const { t } = useTranslation('courseware-quizzes');
  const list = useVideoQuizzes(activityId);
  const { openQuiz, resume } = useVideoQuizGate(
    videoRef,
    list.data?.quizzes ?? [],
    list.data?.can_submit ?? false,
  );
  if (!openQuiz) return null;
  return (
    <Modal
      open
      title={openQuiz.title || t('player.title', { time: formatMediaTime(openQuiz.position) })}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={null}
      width="min(560px, calc(100vw - 16px))"
      centered
    >
      <QuizAnswerPanel activityId={activityId} quizId={openQuiz.id} canSubmit onDone={resume} />
    </Modal>
  );
}
