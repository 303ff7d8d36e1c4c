import type { CoursewareQuiz } from '@lectern/contracts/courseware-quizzes/courseware-quizzes.schemas';
import { formatMediaTime } from '@lectern/contracts/discussions/question-time';
import { App, Button, Card, Flex, Popconfirm, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/http-client.ts';
import { useCopyLibToVideoQuiz } from '../api/copy-lib-to-video-quiz.ts';
import { useDeleteVideoQuiz } from '../api/delete-video-quiz.ts';
import { useQuizLibs } from '../api/list-quiz-libs.ts';
import { usePublishVideoQuiz } from '../api/publish-video-quiz.ts';
import { useSaveVideoQuiz } from '../api/save-video-quiz.ts';
import { QuizStatistics } from './quiz-statistics.tsx';
import { QuizTimeForm } from './quiz-time-form.tsx';

function LibraryCopy({ quizId, courseId }: { quizId: number; courseId: number }) {
  const { t } = useTranslation('courseware-quizzes');
  const { message } = App.useApp();
  const libs = useQuizLibs(courseId, true);
  const copy = useCopyLibToVideoQuiz(quizId);
  const [libId, setLibId] = useState<number | undefined>(undefined);
  const options = (libs.data?.subject_libs ?? [])
    .filter((lib) => lib.lib_type === 'exam')
    .map((lib) => ({
      value: lib.id,
      label: t('manage.libOption', { title: lib.title, count: lib.subjects_count }),
    }));
  return (
    <Flex gap={8} wrap>
      <Select<number>
        aria-label={t('manage.lib')}
        placeholder={t('manage.lib')}
        loading={libs.isLoading}
        options={options}
        value={libId}
        onChange={setLibId}
        notFoundContent={t('manage.noLibs')}
        style={{ minWidth: 200, flex: 1 }}
      />
      <Button
        onClick={() =>
          libId !== undefined &&
          copy.mutate(libId, {
            onSuccess: (copied) => {
              setLibId(undefined);
              void message.success(t('manage.copied', { count: copied.length }));
            },
            onError: (error) => void message.error(error.message),
          })
        }
        loading={copy.isPending}
        disabled={libId === undefined}
      >
        {t('manage.copy')}
      </Button>
    </Flex>
  );
}

function QuizCard({
  quiz,
  courseId,
  readTime,
  statisticsOpen,
}: {
  quiz: CoursewareQuiz;
  courseId: number;
  readTime?: () => number | null;
  statisticsOpen: boolean;
}) {
  const { t } = useTranslation('courseware-quizzes');
  const { message } = App.useApp();
  const save = useSaveVideoQuiz(quiz.activity_id);
  const remove = useDeleteVideoQuiz(quiz.activity_id);
  const publish = usePublishVideoQuiz(quiz.activity_id);
  const setPublished = (published: boolean) =>
    publish.mutate({ quizId: quiz.id, published }, { onError: (error) => void message.error(error.message) });
  const [editing, setEditing] = useState(false);
  const [showStats, setShowStats] = useState(statisticsOpen);
  const heading = `${formatMediaTime(quiz.position)}${quiz.title ? ` · ${quiz.title}` : ''}`;
  return (
    <Card
      size="small"
      title={heading}
      extra={
        <Tag color={quiz.published ? 'success' : 'default'}>
          {quiz.published ? t('manage.published') : t('manage.unpublished')}
        </Tag>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          {t('manage.counts', { questions: quiz.subjects_count, answered: quiz.submission_count ?? 0 })}
        </Typography.Text>
        {editing ? (
          <QuizTimeForm
            initial={quiz}
            readTime={readTime}
            submitLabel={t('manage.save')}
            pending={save.isPending}
            serverErrors={isApiError(save.error) ? save.error.errors : undefined}
            onSubmit={(body) =>
              save.mutate({ quizId: quiz.id, body }, { onSuccess: () => setEditing(false) })
            }
            onCancel={() => setEditing(false)}
          />
        ) : null}
        <LibraryCopy quizId={quiz.id} courseId={courseId} />
        <Flex gap={8} wrap>
          <Button onClick={() => setEditing(true)} disabled={editing}>
            {t('manage.edit')}
          </Button>
          {quiz.published ? (
            <Popconfirm
              title={t('manage.unpublishConfirm')}
              okText={t('manage.unpublish')}
              cancelText={t('manage.cancel')}
              onConfirm={() => setPublished(false)}
            >
              <Button loading={publish.isPending}>{t('manage.unpublish')}</Button>
            </Popconfirm>
          ) : (
            <Button type="primary" loading={publish.isPending} onClick={() => setPublished(true)}>
              {t('manage.publish')}
            </Button>
          )}
          <Button onClick={() => setShowStats((v) => !v)} aria-expanded={showStats}>
            {t('manage.statistics')}
          </Button>
          <Popconfirm
            title={t('manage.deleteConfirm')}
            okText={t('manage.delete')}
            cancelText={t('manage.cancel')}
            onConfirm={() =>
              remove.mutate(quiz.id, { onError: (error) => void message.error(error.message) })
            }
          >
            <Button danger loading={remove.isPending}>
              {t('manage.delete')}
            </Button>
          </Popconfirm>
        </Flex>
        {showStats ? <QuizStatistics quizId={quiz.id} /> : null}
      </Flex>
    </Card>
  );
}

/**
 * The teaching team's quiz tab: quizzes at moments of the video, their questions and statistics (open from
 * the start with `statisticsOpen`, the blueprint course's statistics view).
 */
export function VideoQuizManager({
  activityId,
  courseId,
  quizzes,
  readTime,
  statisticsOpen = false,
}: {
  activityId: number;
  courseId: number;
  quizzes: readonly CoursewareQuiz[];
  readTime?: () => number | null;
  statisticsOpen?: boolean;
}) {
  const { t } = useTranslation('courseware-quizzes');
  const create = useSaveVideoQuiz(activityId);
  const [formKey, setFormKey] = useState(0);
  return (
    <Flex vertical gap={16}>
      <section aria-label={t('manage.add')}>
        <Typography.Title level={3} style={{ fontSize: 16 }}>
          {t('manage.add')}
        </Typography.Title>
        <QuizTimeForm
          key={formKey}
          readTime={readTime}
          submitLabel={t('manage.addSubmit')}
          pending={create.isPending}
          serverErrors={isApiError(create.error) ? create.error.errors : undefined}
          onSubmit={(body) =>
            create.mutate({ quizId: null, body }, { onSuccess: () => setFormKey((k) => k + 1) })
          }
        />
      </section>
      {quizzes.length === 0 ? <Typography.Text type="secondary">{t('empty')}</Typography.Text> : null}
      {quizzes.map((quiz) => (
        <QuizCard
          key={quiz.id}
          quiz={quiz}
          courseId={courseId}
          readTime={readTime}
          statisticsOpen={statisticsOpen}
        />
      ))}
    </Flex>
  );
}
