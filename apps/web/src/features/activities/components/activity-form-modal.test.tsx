import { CREATABLE_ACTIVITY_TYPES } from '@lectern/contracts/activities/activity-types';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentRequests, type ApiRoutes } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { fillRichText, preloadRichTextEditor } from '../../../test/rich-text.ts';
import { makeActivity, makeCourseWithWeeks, materialCriteria } from '../test/fixtures.ts';
import { ActivityFormModal, type ActivityFormModalProps } from './activity-form-modal.tsx';

/** The completion input asks for the criteria of the chosen type. */
const criteriaRoute: ApiRoutes = {
  'GET /api/completion-criteria': () => jsonResponse({ completion_criteria: materialCriteria }),
};

function renderModal(props: Partial<ActivityFormModalProps> = {}) {
  const onClose = vi.fn();
  const view = renderRoutes(
    [
      {
        path: '*',
        element: (
          <ActivityFormModal
            open
            course={makeCourseWithWeeks()}
            preset={{ moduleId: 12, syllabusId: null }}
            onClose={onClose}
            {...props}
          />
        ),
      },
    ],
    '/course/5',
  );
  return { ...view, onClose };
}

/** Types a whole value into the picker (as pasting would) and confirms it, as a user picking in their own zone. */
async function pickDateTime(label: string, text: string) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  await waitFor(() => expect((input as HTMLInputElement).value).toBe(text));
  fireEvent.blur(input);
}

/** Opens the type select and picks a type by its name. */
async function chooseType(name: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Activity type' }));
  const option = await screen.findByRole('option', { name });
  fireEvent.click(option);
  await waitFor(() => expect(screen.getAllByTitle(name).length).toBeGreaterThan(0));
}

beforeAll(preloadRichTextEditor, 60_000);

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('ActivityFormModal', () => {
  it('creates an activity with a snake_case body and UTC ISO times', { timeout: 60_000 }, async () => {
    const fetchMock = mockApi({
      ...criteriaRoute,
      'POST /api/courses/5/activities': () => jsonResponse(makeActivity({ id: 300, module_id: 12 }), 201),
    });
    const user = userEvent.setup({ delay: null });
    const { onClose } = renderModal();
    // Called a syllabus here as on the course page, where syllabi are added and renamed.
    expect(screen.getByRole('combobox', { name: 'Syllabus' })).toBeTruthy();
    await chooseType('Course material');

    await user.click(screen.getByLabelText('Title'));
    await user.paste('Reading list');
    await pickDateTime('Start time', '2026-03-01 08:30');
    await pickDateTime('End time', '2026-03-08 18:00');
    await fillRichText('Description', 'Chapters 1 and 2');
    await user.click(screen.getByRole('button', { name: /Save/ }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const calls = sentRequests(fetchMock);
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      type: 'material',
      module_id: 12,
      syllabus_id: null,
      title: 'Reading list',
      start_time: '2026-03-01T08:30:00.000Z',
      end_time: '2026-03-08T18:00:00.000Z',
      published: false,
      data: { description: '<p>Chapters 1 and 2</p>' },
      uploads: [],
    });
    expect(calls.find((call) => call.url.startsWith('/api/completion-criteria'))?.url).toBe(
      '/api/completion-criteria?activity_type=material&course_id=5',
    );
    // Not published: the toast says it is a draft students do not see.
    expect(
      await screen.findByText('Activity created as an unpublished draft: students do not see it yet.'),
    ).toBeTruthy();
  });

  it(
    'preselects no type, names every type for screen readers, and says a draft is hidden',
    { timeout: 60_000 },
    async () => {
      const fetchMock = mockApi(criteriaRoute);
      const user = userEvent.setup({ delay: null });
      renderModal();

      const typeItem = screen.getByRole('combobox', { name: 'Activity type' }).closest('.ant-form-item')!;
      expect(within(typeItem as HTMLElement).getByText('Choose the kind of activity')).toBeTruthy();
      expect(screen.getByText(/Students do not see a draft\./)).toBeTruthy();
      await user.click(screen.getByLabelText('Title'));
      await user.paste('Reading list');
      await user.click(screen.getByRole('button', { name: /Save/ }));
      expect(await screen.findByText('Choose an activity type.')).toBeTruthy();
      expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);

      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Activity type' }));
      const options = await screen.findAllByRole('option');
      // Each option reads as its name, never as the stored value.
      const read = options.map((option) => option.getAttribute('aria-label') ?? option.textContent ?? '');
      expect(read).toContain('Online video');
      const raw = new Set<string>(CREATABLE_ACTIVITY_TYPES);
      expect(read.filter((text) => raw.has(text.trim()))).toEqual([]);
      expect(options.filter((option) => raw.has((option.textContent ?? '').trim()))).toEqual([]);
    },
  );

  it('asks for a title before calling the server', async () => {
    const fetchMock = mockApi(criteriaRoute);
    const user = userEvent.setup({ delay: null });
    renderModal();

    await user.click(screen.getByRole('button', { name: /Save/ }));

    expect(await screen.findByText('Enter a title.')).toBeTruthy();
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it(
    'puts server field errors under their fields and the summary in a toast',
    { timeout: 60_000 },
    async () => {
      mockApi({
        ...criteriaRoute,
        'PUT /api/activities/101': () =>
          jsonResponse(
            {
              code: 'validation_failed',
              message: 'Some fields are invalid. Please check and try again.',
              errors: {
                title: ['The title can have at most 255 characters.', 'second message is not shown'],
                completion_criterion_value: ['The completion value must be between 1 and 100.'],
              },
              request_id: 'r1',
            },
            400,
          ),
      });
      const user = userEvent.setup({ delay: null });
      const { onClose } = renderModal({ activity: makeActivity({ title: 'Slides' }), preset: undefined });

      await user.click(screen.getByLabelText('Title'));
      await user.paste(' v2');
      await user.click(screen.getByRole('button', { name: /Save/ }));

      const titleItem = screen.getByLabelText('Title').closest('.ant-form-item') as HTMLElement;
      expect(await within(titleItem).findByText('The title can have at most 255 characters.')).toBeTruthy();
      expect(screen.queryByText('second message is not shown')).toBeNull();
      expect(await screen.findByText('The completion value must be between 1 and 100.')).toBeTruthy();
      expect(await screen.findByText('Some fields are invalid. Please check and try again.')).toBeTruthy();
      expect(onClose).not.toHaveBeenCalled();
    },
  );
});

describe('ActivityFormModal for exams', () => {
  const examCriteria: ApiRoutes = {
    'GET /api/completion-criteria': () => jsonResponse({ completion_criteria: [] }),
    'GET /api/courses/5/group-sets': () => jsonResponse({ group_sets: [] }),
  };

  it('edits the exam settings and keeps them in data', { timeout: 60_000 }, async () => {
    const fetchMock = mockApi({
      ...examCriteria,
      'PUT /api/activities/101': () => jsonResponse(makeActivity({ type: 'exam' })),
    });
    const user = userEvent.setup({ delay: null });
    const { onClose } = renderModal({
      activity: makeActivity({ type: 'exam', data: { submit_times: 3, score_rule: 'last' } }),
      preset: undefined,
    });

    expect((screen.getByLabelText('Attempts allowed') as HTMLInputElement).value).toBe('3');
    expect(screen.getByRole('radio', { name: 'Last' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('switch', { name: 'Shuffle questions' }));
    // No limit unless one is entered: minutes per attempt.
    const limit = screen.getByLabelText('Time limit (minutes per attempt)') as HTMLInputElement;
    expect(limit.value).toBe('');
    fireEvent.change(limit, { target: { value: '45' } });
    await user.click(screen.getByRole('button', { name: /Save/ }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = sentRequests(fetchMock).find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({
      data: {
        total_points: 100,
        time_limit_minutes: 45,
        submit_times: 3,
        score_rule: 'last',
        announce_answer_type: 'after_submit',
        random_subject_order: true,
        random_option_order: false,
        display_mode: 'all',
        has_make_up_user: false,
      },
    });
  });

  it('asks for a release date when answers are released on a date', { timeout: 60_000 }, async () => {
    const fetchMock = mockApi(examCriteria);
    const user = userEvent.setup({ delay: null });
    renderModal({ activity: makeActivity({ type: 'exam', data: {} }), preset: undefined });

    await user.click(screen.getByRole('combobox', { name: 'Release answers' }));
    await user.click(await screen.findByTitle('On a date'));
    await user.click(screen.getByRole('button', { name: /Save/ }));

    expect(await screen.findByText('Choose when to release it.')).toBeTruthy();
    expect(sentRequests(fetchMock).some((call) => call.method === 'PUT')).toBe(false);
  });
});

describe('ActivityFormModal for homework', () => {
  const homeworkCriteria: ApiRoutes = {
    'GET /api/completion-criteria': () => jsonResponse({ completion_criteria: [] }),
    'GET /api/courses/5/group-sets': () =>
      jsonResponse({
        group_sets: [
          {
            id: 4,
            group_set_id: 4,
            name: 'Project teams',
            members: [],
            leaders: [],
            created_at: '2026-02-01T00:00:00.000Z',
            sort: 0,
            groups: [],
          },
        ],
      }),
  };

  it('keeps the homework settings in data and the ones it does not edit', { timeout: 60_000 }, async () => {
    const fetchMock = mockApi({
      ...homeworkCriteria,
      'PUT /api/activities/101': () => jsonResponse(makeActivity({ type: 'homework' })),
    });
    const user = userEvent.setup({ delay: null });
    const { onClose } = renderModal({
      activity: makeActivity({
        type: 'homework',
        data: { submit_times: 2, isAnnounceMark: 1, rubric_id: 12, description: 'Do it' },
      }),
      preset: undefined,
    });

    expect((screen.getByLabelText('Number of hand-ins') as HTMLInputElement).value).toBe('2');
    await user.click(screen.getByRole('switch', { name: 'Accept late hand-ins' }));
    await user.click(screen.getByRole('radio', { name: 'Not published' }));
    await user.click(screen.getByRole('button', { name: /Save/ }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = sentRequests(fetchMock).find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({
      data: {
        description: 'Do it',
        group_set_id: null,
        submit_times: 2,
        allow_late_submission: true,
        duplicate_check_threshold: 30,
        announceScoreType: 1,
        announceScoreTime: null,
        isAnnounceMark: 1,
        rubric_id: 12,
      },
    });
  });
});

describe('ActivityFormModal for votes', () => {
  it(
    'creates a vote with lettered options, its kind and anonymity in data',
    { timeout: 60_000 },
    async () => {
      const fetchMock = mockApi({
        ...criteriaRoute,
        'POST /api/courses/5/activities': () => jsonResponse(makeActivity({ id: 300, type: 'vote' }), 201),
      });
      const user = userEvent.setup({ delay: null });
      const { onClose } = renderModal();
      await chooseType('Vote');

      await user.click(screen.getByLabelText('Title'));
      await user.paste('Lunch');
      const optionA = await screen.findByRole('textbox', { name: 'Option A' }, { timeout: 15_000 });
      await user.click(screen.getByRole('button', { name: /Save/ }));
      // Both options are required before anything is sent.
      expect((await screen.findAllByText("Enter the option's text.")).length).toBe(2);
      await user.type(optionA, 'Rice');
      await user.type(screen.getByRole('textbox', { name: 'Option B' }), 'Noodles');
      await user.click(screen.getByRole('button', { name: 'Add option' }));
      await user.type(screen.getByRole('textbox', { name: 'Option C' }), 'Dumplings');
      await user.click(screen.getByRole('radio', { name: 'Multiple choice' }));
      await user.click(screen.getByRole('switch', { name: 'Anonymous' }));
      await user.click(screen.getByRole('button', { name: /Save/ }));

      await waitFor(() => expect(onClose).toHaveBeenCalled());
      const posts = sentRequests(fetchMock).filter((call) => call.method === 'POST');
      expect(posts).toHaveLength(1);
      expect(posts[0]?.body).toMatchObject({
        type: 'vote',
        title: 'Lunch',
        data: {
          vote_type: 'multiple',
          is_anonymous: true,
          vote_option_items: { A: 'Rice', B: 'Noodles', C: 'Dumplings' },
        },
      });
    },
  );
});
