import type { Course } from '@lectern/contracts/courses/course.schemas';
import type {
  CourseRollcallsResponse,
  StudentRollcallsResponse,
} from '@lectern/contracts/rollcalls/rollcalls.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { FakeEventSource, installFakeEventSource } from '../../../test/fake-event-source.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies, sentRequests } from '../../../test/fetch-mock.ts';
import { makeCourse } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseContext } from '../../courses/public/course-context.ts';
import { makeOpenRollcall, makeRollcall, makeStudentRollcall } from '../test/fixtures.ts';
import { CourseRollcallsPage } from './course-rollcalls-page.tsx';
import { RollcallProjectorPage } from './rollcall-projector-page.tsx';

const COURSE_ID = 42;
const LIST = `GET /api/courses/${COURSE_ID}/modules/rollcalls`;

const studentCourse = makeCourse({ id: COURSE_ID, can_manage: false, current_user_roles: ['student'] });
const teacherCourse = makeCourse({ id: COURSE_ID });

function renderPage(
  course: Course,
  handlers: Parameters<typeof mockApi>[0],
  path = `/course/${COURSE_ID}/rollcalls`,
) {
  const fetchMock = mockApi(handlers);
  const view = renderRoutes(
    [
      {
        path: '/course/:courseId/rollcalls',
        element: (
          <CourseContext value={course}>
            <CourseRollcallsPage />
          </CourseContext>
        ),
      },
      {
        path: '/course/:courseId/rollcalls/:rollcallId/projector',
        element: (
          <CourseContext value={course}>
            <RollcallProjectorPage />
          </CourseContext>
        ),
      },
    ],
    path,
  );
  return { fetchMock, router: view.router, user: userEvent.setup({ delay: null }) };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  window.localStorage.setItem('lectern.rollcall.device', 'device-under-test');
});
installFakeEventSource();

describe('CourseRollcallsPage for a student', { timeout: 120_000 }, () => {
  it('checks in to a number roll call with the code, from this device', async () => {
    let open = [makeOpenRollcall()];
    const { fetchMock, user } = renderPage(studentCourse, {
      'GET /api/radar/rollcalls': () => jsonResponse({ rollcalls: open }),
      [LIST]: () =>
        jsonResponse({
          rollcalls: [makeRollcall({ number_code: null, can_manage: false, my_status: 'absent' })],
        }),
      'PUT /api/rollcall/7/answer_number_rollcall': (body) => {
        if ((body as { numberCode: string }).numberCode !== '4821') {
          return errorResponse(400, 'validation_failed', 'Wrong code. 4 tries left.', {
            numberCode: ['Wrong code. 4 tries left.'],
          });
        }
        open = [makeOpenRollcall({ status: 'on_call_fine' })];
        return jsonResponse({ rollcall_id: 7, status: 'on_call_fine', distance: null });
      },
    });

    const code = await screen.findByLabelText('Code shown by your instructor');
    await user.type(code, '1111');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Wrong code. 4 tries left.')).toBeTruthy();

    await user.clear(code);
    await user.type(code, '4821');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('You are checked in.')).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT /api/rollcall/7/answer_number_rollcall')).toEqual([
      { deviceId: 'device-under-test', numberCode: '1111' },
      { deviceId: 'device-under-test', numberCode: '4821' },
    ]);
    expect(screen.getByText(/^Your status: Absent/)).toBeTruthy();
  });

  it('checks in with one tap, and shows a roll call started elsewhere as soon as it is pushed', async () => {
    let open: ReturnType<typeof makeOpenRollcall>[] = [];
    const { fetchMock, user } = renderPage(studentCourse, {
      'GET /api/radar/rollcalls': () => jsonResponse({ rollcalls: open }),
      [LIST]: () => jsonResponse({ rollcalls: [] }),
      'PUT /api/rollcall/9/answer_self_registration_rollcall': () =>
        jsonResponse({ rollcall_id: 9, status: 'on_call_fine', distance: null }),
    });
    expect(await screen.findByText('No roll call is open in this course right now.')).toBeTruthy();
    expect(FakeEventSource.last?.url).toBe('/api/push/stream');

    open = [
      makeOpenRollcall({ id: 9, type: 'self_registration', is_number: false, is_self_registration: true }),
    ];
    FakeEventSource.last?.emit({ course_id: COURSE_ID, type: 'rollcall.started', data: { rollcall_id: 9 } });
    await user.click(await screen.findByRole('button', { name: 'Check in' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT /api/rollcall/9/answer_self_registration_rollcall')).toEqual([
        { deviceId: 'device-under-test' },
      ]),
    );
  });

  it('sends the position for a radar roll call and says when it waits for review', async () => {
    vi.stubGlobal('navigator', {
      ...window.navigator,
      geolocation: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 31.23, longitude: 121.47, accuracy: 500 } } as GeolocationPosition),
      },
    });
    let open = [makeOpenRollcall({ id: 11, type: 'radar', is_number: false, is_radar: true })];
    const { fetchMock, user } = renderPage(studentCourse, {
      'GET /api/radar/rollcalls': () => jsonResponse({ rollcalls: open }),
      [LIST]: () => jsonResponse({ rollcalls: [] }),
      'PUT /api/rollcall/11/answer': () => {
        open = [
          makeOpenRollcall({ id: 11, type: 'radar', is_number: false, is_radar: true, pending_review: true }),
        ];
        return jsonResponse({ rollcall_id: 11, status: 'pending_review', distance: 3 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Check in with my location' }));
    expect(await screen.findByText(/will confirm your attendance/)).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT /api/rollcall/11/answer')).toEqual([
      { deviceId: 'device-under-test', latitude: 31.23, longitude: 121.47, accuracy: 500 },
    ]);
  });
});

describe('CourseRollcallsPage for the teaching team', { timeout: 120_000 }, () => {
  it('lists roll calls with counts, marks a student by hand and stops a roll call', async () => {
    let list: CourseRollcallsResponse = {
      rollcalls: [
        makeRollcall({ count: 1 }),
        makeRollcall({ id: 6, title: 'Week 2', status: 'finished', count: 2 }),
      ],
    };
    let roll: StudentRollcallsResponse = {
      rollcall_id: 7,
      status: 'in_progress',
      count: 1,
      student_rollcalls: [
        makeStudentRollcall({ rollcall_status: 'on_call_fine', source: 'number' }),
        makeStudentRollcall({
          student_id: 102,
          user_no: 's102',
          name: 'Wu Student',
          review: 'poor_accuracy',
          accuracy: 800,
        }),
      ],
    };
    const { fetchMock, user } = renderPage(teacherCourse, {
      [LIST]: () => jsonResponse(list),
      'GET /api/rollcall/7/student_rollcalls': () => jsonResponse(roll),
      'PUT /api/rollcall/7/student_rollcalls/102': () => {
        const marked = makeStudentRollcall({
          student_id: 102,
          user_no: 's102',
          name: 'Wu Student',
          rollcall_status: 'late',
          source: 'manual',
        });
        roll = { ...roll, count: 2, student_rollcalls: [roll.student_rollcalls[0] ?? marked, marked] };
        return jsonResponse(marked);
      },
      'PUT /api/rollcall/7/stop_qr_rollcall': () => {
        const stopped = makeRollcall({ status: 'finished', count: 2 });
        list = { rollcalls: [stopped, ...list.rollcalls.slice(1)] };
        return jsonResponse(stopped);
      },
    });

    expect(await screen.findByRole('heading', { level: 2, name: 'Roll call' })).toBeTruthy();
    expect(screen.getByText('1 / 2 checked in')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export attendance (CSV)' }).getAttribute('href')).toBe(
      `/api/courses/${COURSE_ID}/rollcalls/export`,
    );
    expect(await screen.findByText('Check: poor location accuracy (800 m)')).toBeTruthy();

    const select = screen.getByRole('combobox', { name: 'Status of Wu Student' });
    await user.click(select);
    const listbox = await screen.findByRole('listbox');
    await user.click(within(listbox.parentElement ?? listbox).getByText('Late'));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT /api/rollcall/7/student_rollcalls/102')).toEqual([
        { status: 'late' },
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull());
    expect(
      sentRequests(fetchMock).some((r) => r.method === 'PUT' && r.url.endsWith('/stop_qr_rollcall')),
    ).toBe(true);
  });

  it('starts a number roll call and shows its code on the projector, the count following pushes', async () => {
    let list: CourseRollcallsResponse = { rollcalls: [] };
    const started = makeRollcall({ id: 8, title: 'Number roll call', number_code: '3096' });
    const { fetchMock, router, user } = renderPage(teacherCourse, {
      [LIST]: () => jsonResponse(list),
      [`POST /api/course/${COURSE_ID}/rollcall`]: () => jsonResponse({ rollcall_id: 8 }),
      'POST /api/rollcall/8/start-rollcall': () => {
        list = { rollcalls: [started] };
        return jsonResponse(started);
      },
      'GET /api/rollcall/8/student_rollcalls': () =>
        jsonResponse({ rollcall_id: 8, status: 'in_progress', count: 0, student_rollcalls: [] }),
    });
    await user.click(await screen.findByRole('button', { name: 'New roll call' }));
    const dialog = await screen.findByRole('dialog');
    const minutes = within(dialog).getByLabelText('Duration (minutes)');
    await user.clear(minutes);
    await user.type(minutes, '3');
    await user.click(within(dialog).getByRole('button', { name: /save/i }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/course/${COURSE_ID}/rollcalls/8/projector`),
    );
    expect(await screen.findByText('3096')).toBeTruthy();
    expect(sentBodies(fetchMock, `POST /api/course/${COURSE_ID}/rollcall`)).toEqual([
      { type: 'number', duration: 180 },
    ]);
    expect(screen.getByRole('status').textContent).toBe('0 of 2 checked in');

    list = { rollcalls: [{ ...started, count: 1 }] };
    FakeEventSource.last?.emit({
      course_id: COURSE_ID,
      type: 'rollcall.checked_in',
      data: { rollcall_id: 8, count: 1 },
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 of 2 checked in'));
    // Another course's events change nothing.
    list = { rollcalls: [{ ...started, count: 5 }] };
    FakeEventSource.last?.emit({
      course_id: 99,
      type: 'rollcall.checked_in',
      data: { rollcall_id: 1, count: 5 },
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getByRole('status').textContent).toBe('1 of 2 checked in');
  });
});
