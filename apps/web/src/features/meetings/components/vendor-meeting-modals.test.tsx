import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { makeCourse } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CalendarMeetingModal } from './calendar-meeting-modal.tsx';
import { TencentMeetingsModal } from './tencent-meetings-modal.tsx';

const course = makeCourse({
  id: 5,
  name: 'Algebra',
  can_manage: true,
  modules: [
    { id: 11, name: 'Week 1', sort: 1, syllabuses: [] },
    { id: 12, name: 'Week 2', sort: 2, syllabuses: [] },
  ],
});
const START = '2026-12-01T08:00:00.000Z';
const END = '2026-12-01T09:30:00.000Z';

function render(element: React.ReactElement) {
  return renderRoutes([{ path: '*', element }], '/course/5');
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('Tencent meeting for several courses', () => {
  it(
    'submits one recurring meeting for the chosen courses to the vendor path',
    { timeout: 60_000 },
    async () => {
      const onClose = vi.fn();
      const fetchMock = mockApi({
        'GET /api/tencent_meeting/check-user-auth': () =>
          jsonResponse({ configured: true, authorized: true, authorization_url: null, message: null }),
        'POST /api/my-courses': () =>
          jsonResponse({
            courses: [
              { id: 5, name: 'Algebra' },
              { id: 6, name: 'Geometry' },
            ],
            page: 1,
            page_size: 100,
            pages: 1,
            total: 2,
          }),
        'POST /api/courses/tencent-meeting/activities': () =>
          jsonResponse({
            meeting: {
              meeting_id: '1',
              meeting_code: '800000001',
              join_url: 'https://meeting.tencent.com/dm/1',
            },
            activities: [
              { id: 1, course_id: 5 },
              { id: 2, course_id: 6 },
            ],
          }),
      });
      const user = userEvent.setup({ delay: null });
      render(
        <TencentMeetingsModal
          open
          course={course}
          moduleId={12}
          onClose={onClose}
          initial={{
            start_time: START,
            end_time: END,
            tencent_meeting_type: 'recurring_meeting',
            courses: [5, 6],
          }}
        />,
      );
      await user.type(await screen.findByLabelText('Title', {}, { timeout: 15_000 }), 'Weekly Q&A');
      expect(await screen.findByText('Geometry')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: /Save/ }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(sentBodies(fetchMock, 'POST /api/courses/tencent-meeting/activities')).toEqual([
        {
          courses: [5, 6],
          modules: [{ course_id: 5, module_id: 12 }],
          title: 'Weekly Q&A',
          start_time: START,
          end_time: END,
          tencent_meeting_type: 'recurring_meeting',
          recurring_rule: { recurring_type: 2, until_count: 8 },
          playback: true,
          published: true,
        },
      ]);
      expect(await screen.findByText('The Tencent meeting was created in 2 course(s).')).toBeTruthy();
    },
  );

  it('asks for the binding first and offers no save while unbound', { timeout: 60_000 }, async () => {
    mockApi({
      'GET /api/tencent_meeting/check-user-auth': () =>
        jsonResponse({
          configured: true,
          authorized: false,
          authorization_url: null,
          message: 'Bind your Tencent Meeting account (userid) in your settings first.',
        }),
    });
    render(<TencentMeetingsModal open course={course} onClose={() => {}} />);
    expect(await screen.findByLabelText('Tencent Meeting userid', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText(/in your settings first/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
  });
});

describe('calendar meeting', () => {
  it(
    'creates the meeting and says where the invitation went; shows server field errors',
    { timeout: 60_000 },
    async () => {
      const onClose = vi.fn();
      let first = true;
      const fetchMock = mockApi({
        'POST /api/calendar-meeting': () => {
          if (first) {
            first = false;
            return errorResponse(400, 'validation_failed', 'Check the form.', {
              end_time: ['The end must be after the start.'],
            });
          }
          return jsonResponse({
            activity_id: 77,
            ics_url: '/api/activities/77/meeting/invite.ics',
            caldav: 'stored',
            attendee_count: 3,
          });
        },
      });
      const user = userEvent.setup({ delay: null });
      render(
        <CalendarMeetingModal
          open
          course={course}
          moduleId={11}
          onClose={onClose}
          initial={{ start_time: START, end_time: END }}
        />,
      );
      await user.type(await screen.findByLabelText('Title', {}, { timeout: 15_000 }), 'Thesis review');
      await user.type(screen.getByLabelText('Join link'), 'https://meet.example.edu/abc');
      await user.type(screen.getByLabelText('Location'), 'Room 101');
      await user.click(screen.getByRole('button', { name: /Save/ }));
      expect(await screen.findByText('The end must be after the start.')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: /Save/ }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(sentBodies(fetchMock, 'POST /api/calendar-meeting')[1]).toEqual({
        course_id: 5,
        module_id: 11,
        type: 'google_meeting',
        title: 'Thesis review',
        start_time: START,
        end_time: END,
        join_url: 'https://meet.example.edu/abc',
        location: 'Room 101',
        published: true,
      });
      expect(
        await screen.findByText('The meeting is in the calendar server, with 3 invited member(s).'),
      ).toBeTruthy();
    },
  );

  it('asks for a title and an end after the start before sending anything', { timeout: 60_000 }, async () => {
    const onClose = vi.fn();
    const fetchMock = mockApi({
      'POST /api/calendar-meeting': () =>
        jsonResponse({
          activity_id: 77,
          ics_url: '/api/activities/77/meeting/invite.ics',
          caldav: 'stored',
          attendee_count: 3,
        }),
    });
    const user = userEvent.setup({ delay: null });
    render(
      <CalendarMeetingModal
        open
        course={course}
        onClose={onClose}
        initial={{ title: '   ', start_time: END, end_time: START }}
      />,
    );
    await screen.findByLabelText('Title', {}, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Enter a title.')).toBeTruthy();
    expect(await screen.findByText('The end must be after the start.')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/calendar-meeting')).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });
});
