import type { PaperSubject } from '@lectern/contracts/exams/subject.schemas';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isSubjectAnswered, numberedSubjects, type AnswerMap } from './answer-model.ts';

export interface QuestionNavigatorProps {
  paper: readonly PaperSubject[];
  answers: AnswerMap;
  /** The question on screen (one-at-a-time mode), highlighted. */
  currentId?: number | null;
  onJump: (subjectId: number) => void;
}

/** A button per question, filled when answered; the counts say how many are left. */
export function QuestionNavigator({ paper, answers, currentId, onJump }: QuestionNavigatorProps) {
  const { t } = useTranslation('exams');
  const numbered = numberedSubjects(paper);
  const answered = numbered.filter((subject) => isSubjectAnswered(subject, answers)).length;

  return (
    <nav aria-label={t('taking.navigator')}>
      <Flex vertical gap={12}>
        <Typography.Text role="status">
          {t('taking.answeredCount', { answered, total: numbered.length })}
          {' · '}
          {t('taking.unansweredCount', { count: numbered.length - answered })}
        </Typography.Text>
        <Flex gap={8} wrap>
          {numbered.map((subject, index) => {
            const done = isSubjectAnswered(subject, answers);
            return (
              <Button
                key={subject.id}
                size="small"
                type={done ? 'primary' : 'default'}
                ghost={done && subject.id === currentId}
                aria-current={subject.id === currentId ? 'step' : undefined}
                aria-label={t(done ? 'taking.jumpAnswered' : 'taking.jumpUnanswered', { number: index + 1 })}
                style={{ minWidth: 36, outline: subject.id === currentId ? '2px solid #1677ff' : undefined }}
                onClick={() => onJump(subject.id)}
              >
                {index + 1}
              </Button>
            );
          })}
        </Flex>
      </Flex>
    </nav>
  );
}
