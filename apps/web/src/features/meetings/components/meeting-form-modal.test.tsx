import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { Member } from '@lectern/contracts/courses/course.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { ApiError } from '../../../shared/api/http-client.ts';
import { jsonResponse, mockApi, sentRequests } from '../../../test/fetch-mock.ts';
import { makeActivity, makeCourse } from '../../../test/fixtures.ts';
import { TrialTeachingDataSchema } from '@lectern/contracts/meetings/meeting-data';
import { renderRoutes } from '../../../test/render-app.tsx';
import { MeetingFormModal, type MeetingFormModalProps } from './meeting-form-modal.tsx';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const HOUR = 3_600_000;
const iso = (offset: number) => new Date(NOW + offset).toISOString();

const course = makeCourse({
  id: 5,
  modules: [{ id: 11, name: 'Week 1', sort: 1, syllabuses: [] }],
});

function host(id: number, name: string): Member {
  return {
    id,
    name,
    user_no: `t${id}`,
    avatar_small_url: null,
    email: null,
    mobile_phone_bound: true,
    department: null,
    course_roles: ['instructor'],
    is_chief_instructor: id === 7,
    joined_at: '2026-01-01T00:00:00.000Z',
  };
}

/** A plain stand-in for the activities feature's completion input, which this form only places. */
function CompletionField(props: { id?: string; value?: { key: string } }) {
  return <input id={props.id} readOnly value={props.value?.key ?? ''} />;
}

function renderForm(props: Partial<MeetingFormModalProps> & Pick<MeetingFormModalProps, 'type'>) {
  const create = vi.fn(async () => makeActivity({ id: 900 }));
  const update = vi.fn(async () => makeActivity({ id: 900 }));
  const onClose = vi.fn();
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <MeetingFormModal
            open
            course={course}
            completionInput={<CompletionField />}
            create={create}
            update={update}
            onClose={onClose}
            now={NOW}
            {...props}
          />
        ),
      },
    ],
    '/course/5',
  );
  return { create, update, onClose };
}

function dingtalk(start: number, end: number, overrides: Partial<Activity> = {}): Activity {
  return makeActivity({
    id: 300,
    course_id: 5,
    module_id: 11,
    type: 'dingtalk_live',
    title: 'Algorithms live',
    start_time: iso(start),
    end_time: iso(end),
    data: { host: 'Li Wei', instructor_id: 7, join_url: 'https://live.example.edu/1' },
    ...overrides,
  });
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const formItem = (label: string) => field(label).closest('.ant-form-item') as HTMLElement;

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('the Dingtalk live form', () => {
  it('is 900 wide and locks start, end and host once the live has started, keeping them on save', async () => {
    mockApi({
      'GET /api/courses/5/hosts': () => jsonResponse({ hosts: [host(7, 'Li Wei'), host(8, 'Zhao Min')] }),
    });
    const user = userEvent.setup({ delay: null });
    const { update } = renderForm({ type: 'dingtalk_live', activity: dingtalk(-HOUR, HOUR) });

    const dialog = await screen.findByRole('dialog', { name: 'Edit DingTalk live' });
    expect((dialog.closest('.ant-modal') as HTMLElement).style.width).toBe('900px');
    expect(field('Start time').disabled).toBe(true);
    expect(field('End time').disabled).toBe(true);
    expect(field('Host').disabled).toBe(true);
    expect(within(formItem('Host')).getByText(/once the live has started or closed/)).toBeTruthy();
    expect(field('Title').disabled).toBe(false);

    await user.clear(field('Title'));
    await user.type(field('Title'), 'Algorithms live, part 2');
    await user.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    const [id, body] = update.mock.calls[0] as unknown as [number, Record<string, unknown>];
    expect(id).toBe(300);
    expect(body).toMatchObject({
      title: 'Algorithms live, part 2',
      start_time: iso(-HOUR),
      end_time: iso(HOUR),
      data: { host: 'Li Wei', instructor_id: 7, join_url: 'https://live.example.edu/1' },
    });
  });

  it('sends a locked host exactly as stored, even when the host list names them otherwise', async () => {
    mockApi({ 'GET /api/courses/5/hosts': () => jsonResponse({ hosts: [host(7, 'Li Wei')] }) });
    const user = userEvent.setup({ delay: null });
    const activity = dingtalk(-HOUR, HOUR, { data: { host: '王老师', host_user_id: 7 } });
    const { update } = renderForm({ type: 'dingtalk_live', activity });
    await screen.findByRole('dialog', { name: 'Edit DingTalk live' });
    await user.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    const [, body] = update.mock.calls[0] as unknown as [number, { data: Record<string, unknown> }];
    expect(body.data).toEqual({ host: '王老师', host_user_id: 7 });
  });

  it('leaves everything editable before the live starts', async () => {
    mockApi({ 'GET /api/courses/5/hosts': () => jsonResponse({ hosts: [host(7, 'Li Wei')] }) });
    renderForm({ type: 'dingtalk_live', activity: dingtalk(HOUR, 2 * HOUR) });
    await screen.findByRole('dialog', { name: 'Edit DingTalk live' });
    expect(field('Start time').disabled).toBe(false);
    expect(field('End time').disabled).toBe(false);
    expect(field('Host').disabled).toBe(false);
  });

  it('locks a closed live too', async () => {
    mockApi({ 'GET /api/courses/5/hosts': () => jsonResponse({ hosts: [host(7, 'Li Wei')] }) });
    renderForm({ type: 'dingtalk_live', activity: dingtalk(-2 * HOUR, -HOUR) });
    await screen.findByRole('dialog', { name: 'Edit DingTalk live' });
    expect(field('Start time').disabled).toBe(true);
    expect(field('End time').disabled).toBe(true);
    expect(field('Host').disabled).toBe(true);
  });

  it('asks for module, title, start, end and host when creating, and takes only jpg, jpeg, png or webp covers', async () => {
    mockApi({ 'GET /api/courses/5/hosts': () => jsonResponse({ hosts: [host(7, 'Li Wei')] }) });
    const user = userEvent.setup({ delay: null });
    const { create } = renderForm({ type: 'dingtalk_live', draft: { module_id: 11 } });
    await screen.findByRole('dialog', { name: 'New DingTalk live' });
    const cover = formItem('Cover image').querySelector('input[type="file"]') as HTMLInputElement;
    expect(cover.accept).toBe('.jpg,.jpeg,.png,.webp');
    await user.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Enter a title.')).toBeTruthy();
    expect(screen.getByText('Choose a start time.')).toBeTruthy();
    expect(screen.getByText('Choose an end time.')).toBeTruthy();
    expect(screen.getByText('Choose a host.')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });
});

describe('the ClassIn form', () => {
  it('offers only instructors with a bound phone, as the server lists them for ClassIn, and says why', async () => {
    const fetchMock = mockApi({
      'GET /api/courses/5/hosts': () => jsonResponse({ hosts: [host(7, 'Li Wei')] }),
    });
    renderForm({ type: 'classin', draft: { module_id: 11 } });
    await screen.findByRole('dialog', { name: 'New ClassIn class' });
    await waitFor(() =>
      expect(sentRequests(fetchMock).map((call) => call.url)).toContain('/api/courses/5/hosts?type=classin'),
    );
    expect(within(formItem('Instructor')).getByText(/must bind a mobile phone/)).toBeTruthy();
    await userEvent.setup({ delay: null }).click(field('Instructor'));
    expect(await screen.findByRole('option', { name: 'Li Wei (t7)' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Zhao Min/ })).toBeNull();
  });

  it('says so when no instructor has a phone', async () => {
    mockApi({ 'GET /api/courses/5/hosts': () => jsonResponse({ hosts: [] }) });
    renderForm({ type: 'classin', draft: { module_id: 11 } });
    await screen.findByRole('dialog', { name: 'New ClassIn class' });
    await userEvent.setup({ delay: null }).click(field('Instructor'));
    expect(await screen.findByText('No instructor of this course has bound a mobile phone')).toBeTruthy();
  });

  it('never edits start, end or playback after creation, and shows the server’s field errors', async () => {
    mockApi({ 'GET /api/courses/5/hosts': () => jsonResponse({ hosts: [host(7, 'Li Wei')] }) });
    const user = userEvent.setup({ delay: null });
    const activity = makeActivity({
      id: 301,
      course_id: 5,
      module_id: 11,
      type: 'classin',
      title: 'ClassIn seminar',
      start_time: iso(HOUR),
      end_time: iso(2 * HOUR),
      data: { instructor_id: 7, host: 'Li Wei', playback: 1 },
    });
    const { update } = renderForm({ type: 'classin', activity });
    await screen.findByRole('dialog', { name: 'Edit ClassIn class' });
    expect(field('Start time').disabled).toBe(true);
    expect(field('End time').disabled).toBe(true);
    const playback = within(formItem('Record a replay')).getAllByRole('radio') as HTMLInputElement[];
    expect(playback.every((radio) => radio.disabled)).toBe(true);
    expect(playback.find((radio) => radio.checked)?.value).toBe('1');
    expect(field('Instructor').disabled).toBe(false);

    const phoneMessage = 'The meeting host must have a bound mobile phone.';
    update.mockRejectedValueOnce(
      new ApiError({
        status: 400,
        code: 'validation_failed',
        message: phoneMessage,
        errors: { 'data.instructor_id': [phoneMessage] },
      }),
    );
    await user.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    const [, body] = update.mock.calls[0] as unknown as [number, Record<string, unknown>];
    expect(body).toMatchObject({ start_time: iso(HOUR), end_time: iso(2 * HOUR), data: { playback: 1 } });
    expect(await within(formItem('Instructor')).findByText(phoneMessage)).toBeTruthy();
  });
});

describe('the lesson replay form', () => {
  const lesson = (start: number) =>
    makeActivity({
      id: 302,
      course_id: 5,
      module_id: 11,
      type: 'lesson_replay',
      title: 'Week 6',
      start_time: iso(-HOUR),
      end_time: iso(30 * 24 * HOUR),
      data: { lesson_start_time: iso(start), lesson_end_time: iso(start + HOUR) },
    });

  it('edits the lesson times while the lesson is ahead, and fixes them once it has begun', async () => {
    mockApi();
    renderForm({ type: 'lesson_replay', activity: lesson(HOUR) });
    await screen.findByRole('dialog', { name: 'Edit lesson replay' });
    expect(field('Lesson starts').disabled).toBe(false);
    expect(field('Lesson ends').disabled).toBe(false);
  });

  it('disables them with the reason once the lesson has started', async () => {
    mockApi();
    renderForm({ type: 'lesson_replay', activity: lesson(-10 * 60_000) });
    await screen.findByRole('dialog', { name: 'Edit lesson replay' });
    expect(field('Lesson starts').disabled).toBe(true);
    expect(field('Lesson ends').disabled).toBe(true);
    expect(within(formItem('Lesson starts')).getByText(/lesson has started/)).toBeTruthy();
  });

  it('leaves them open when creating', async () => {
    mockApi();
    renderForm({ type: 'lesson_replay', draft: { module_id: 11 } });
    await screen.findByRole('dialog', { name: 'New lesson replay' });
    expect(field('Lesson starts').disabled).toBe(false);
  });
});

describe('the trial teaching form', () => {
  const hosts = () => jsonResponse({ hosts: [host(7, 'Li Wei')] });

  it('sends an online session’s data in the contract’s shape', async () => {
    mockApi({ 'GET /api/courses/5/hosts': hosts });
    const user = userEvent.setup({ delay: null });
    const { create } = renderForm({
      type: 'trial_teaching',
      draft: { module_id: 11, title: 'Trial: lists' },
    });
    await screen.findByRole('dialog', { name: 'New trial teaching' });
    await user.type(field('Members'), '12');
    await user.type(field('Meeting code'), '845 221 907');
    await user.type(field('Meeting link'), 'https://meeting.example.edu/j/845');
    await user.click(screen.getByRole('switch', { name: 'Record in the cloud' }));
    await user.click(screen.getByRole('switch', { name: 'Stream live' }));
    await user.type(await screen.findByLabelText('Live address'), 'https://live.example.edu/845');
    await user.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    const [body] = create.mock.calls[0] as unknown as [{ type: string; data: Record<string, unknown> }];
    expect(body.type).toBe('trial_teaching');
    expect(body.data).toEqual({
      teaching_model: 'online',
      member_count: 12,
      meeting_code: '845 221 907',
      join_url: 'https://meeting.example.edu/j/845',
      enable_live: true,
      live_config: { live_addr: 'https://live.example.edu/845' },
      record_type: 'cloud',
    });
    expect(TrialTeachingDataSchema.safeParse(body.data).success).toBe(true);
  });

  it('asks an offline session for its location instead of the meeting’s link', async () => {
    mockApi({ 'GET /api/courses/5/hosts': hosts });
    const user = userEvent.setup({ delay: null });
    const { create } = renderForm({
      type: 'trial_teaching',
      draft: { module_id: 11, title: 'Trial: lists' },
    });
    await screen.findByRole('dialog', { name: 'New trial teaching' });
    await user.click(screen.getByRole('radio', { name: 'Offline' }));
    expect(screen.queryByLabelText('Meeting code')).toBeNull();
    await user.type(await screen.findByLabelText('Location'), 'Building A, room 302');
    await user.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    const [body] = create.mock.calls[0] as unknown as [{ data: Record<string, unknown> }];
    expect(body.data).toEqual({ teaching_model: 'offline', location: 'Building A, room 302' });
  });

  it('is read-only once the session has started, with no save', async () => {
    mockApi({ 'GET /api/courses/5/hosts': hosts });
    const activity = makeActivity({
      id: 303,
      course_id: 5,
      module_id: 11,
      type: 'trial_teaching',
      title: 'Trial: lists',
      start_time: iso(-HOUR),
      end_time: iso(HOUR),
      data: { teaching_model: 'online', meeting_code: '845' },
    });
    renderForm({ type: 'trial_teaching', activity });
    await screen.findByRole('dialog', { name: 'Edit trial teaching' });
    expect(screen.getByText(/can be edited only before it starts/)).toBeTruthy();
    expect(field('Title').disabled).toBe(true);
    expect(field('Meeting code').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
  });
});
