import type { RegistrationStateResponse } from '@lectern/contracts/course-services/course-registration.schemas';
import { App, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/http-client.ts';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { useCurrentUser } from '../../identity/public/get-current-user.ts';
import { useRegistrationState } from '../api/get-registration-state.ts';
import { useJoinCourse } from '../api/join-course.ts';

/** Why a course cannot be joined now, in words; null when it can (or the reader is in it). */
function useClosedReason(state: RegistrationStateResponse | undefined): string | null {
  const { t } = useTranslation('course-services');
  if (!state) return null;
  const { start_time: start, end_time: end } = state.settings;
  switch (state.registration_state) {
    case 'not_open':
      return t('join.notOpen');
    case 'not_started':
      return start ? t('join.notStarted', { time: formatDateTime(start, 'YYYY-MM-DD HH:mm') }) : null;
    case 'ended':
      return end ? t('join.ended', { time: formatDateTime(end, 'YYYY-MM-DD HH:mm') }) : t('join.endedNoTime');
    case 'full':
      return t('join.full');
    default:
      return null;
  }
}

/**
 * The call to action of a public course (spec 001, issue 18): a signed-in user joins it when its
 * registration rules allow, or enters it when already a member; a visitor signs in first and comes back
 * to this page, where the button is then a join button. A closed course says why.
 */
export function JoinCourseButton({ courseId }: { courseId: number }) {
  const { t } = useTranslation('course-services');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useCurrentUser();
  const anonymous = user.isError && isApiError(user.error) && user.error.status === 401;
  const as = user.data ? 'member' : anonymous ? 'visitor' : null;
  const state = useRegistrationState(courseId, as);
  const join = useJoinCourse(courseId);
  const reason = useClosedReason(state.data);

  if (as === null || state.isPending) {
    return (
      <Button type="primary" size="large" loading disabled>
        {t('join.join')}
      </Button>
    );
  }

  let action;
  if (as === 'visitor') {
    const next = `${location.pathname}${location.search}`;
    action = (
      <Button
        type="primary"
        size="large"
        onClick={() => void navigate(`/login?next=${encodeURIComponent(next)}`)}
      >
        {t('join.signInToJoin')}
      </Button>
    );
  } else if (state.data?.registration_state === 'member') {
    action = (
      <Button type="primary" size="large" onClick={() => void navigate(`/course/${courseId}`)}>
        {t('join.enter')}
      </Button>
    );
  } else {
    action = (
      <Button
        type="primary"
        size="large"
        disabled={!state.data?.can_join}
        loading={join.isPending}
        onClick={() =>
          join.mutate(undefined, {
            onSuccess: () => {
              void message.success(t('join.joined'));
              void navigate(`/course/${courseId}`);
            },
            onError: (error) => void message.error(error.message),
          })
        }
      >
        {t('join.join')}
      </Button>
    );
  }

  return (
    <Flex vertical gap={4} align="flex-start" style={{ margin: '16px 0' }}>
      {action}
      {state.isError ? (
        <Typography.Text type="secondary">{t('join.unavailable')}</Typography.Text>
      ) : reason ? (
        <Typography.Text type="secondary">{reason}</Typography.Text>
      ) : null}
    </Flex>
  );
}
