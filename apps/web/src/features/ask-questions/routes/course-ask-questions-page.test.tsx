import type { AskQuestion, MyPicksResponse } from '@lectern/contracts/ask-questions/ask-questions.schemas';
import type { Course, Member } from '@lectern/contracts/courses/course.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { FakeEventSource, installFakeEventSource } from '../../../test/fake-event-source.ts';
import { jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { makeCourse } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseContext } from '../../courses/public/course-context.ts';
import { CourseAskQuestionsPage } from './course-ask-questions-page.tsx';

const COURSE_ID = 42;
const teacherCourse = makeCourse({ id: COURSE_ID });
const studentCourse = makeCourse({ id: COURSE_ID, can_manage: false, current_user_roles: ['student'] });

function student(id: number): Member {
  return {
    id,
    name: `Student ${id}`,
    user_no: `s${id}`,
    avatar_small_url: null,
    email: null,
    mobile_phone_bound: false,
    department: null,
    course_roles: ['student'],
    is_chief_instructor: false,
    joined_at: '2026-09-01T00:00:00Z',
  };
}

function makeAskQuestion(overrides: Partial<AskQuestion> = {}): AskQuestion {
  return {
    id: 5,
    course_id: COURSE_ID,
    module_id: 1,
    syllabus_id: null,
    type: 'select_student',
    title: '2026.11.26 09:30',
    data: { question: 'Why is the sky blue?', select_num: 1, group_set_id: null },
    avoid_recent: true,
    end_time: null,
    created_at: '2026-11-26T09:30:00Z',
    current_pick: {
      id: 9,
      round: 1,
      picked_at: '2026-11-26T09:30:00Z',
      students: [{ id: 101, name: 'Student 101', user_no: 's101' }],
      groups: [],
    },
    ...overrides,
  };
}

const modules = {
  modules: [
    { id: 1, name: 'Week 1', sort: 1, syllabuses: [{ id: 11, summary: 'Light', module_id: 1, sort: 1 }] },
  ],
};
const groupSets = {
  group_sets: [
    {
      id: 3,
      name: 'Lab teams',
      groups: [{ id: 31, name: 'Team A', sort: 1, group_set_id: 3, members: [], leaders: [] }],
    },
    { id: 4, name: 'Empty set', groups: [] },
  ],
};

function renderPage(course: Course, handlers: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi(handlers);
  renderRoutes(
    [
      {
        path: '/course/:courseId/ask-questions',
        element: (
          <CourseContext value={course}>
            <CourseAskQuestionsPage />
          </CourseContext>
        ),
      },
    ],
    `/course/${COURSE_ID}/ask-questions`,
  );
  return { fetchMock, user: userEvent.setup({ delay: null }) };
}

/** The open option list of one select (earlier selects keep theirs in the page). */
async function openOptions(user: ReturnType<typeof userEvent.setup>, label: string): Promise<HTMLElement> {
  const box = screen.getByRole('combobox', { name: label });
  await user.click(box);
  const id = box.getAttribute('aria-controls') ?? '';
  await waitFor(() => expect(document.getElementById(id)).toBeTruthy());
  const listbox = document.getElementById(id) as HTMLElement;
  return listbox.parentElement ?? listbox;
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  const popup = await openOptions(user, label);
  await user.click(within(popup).getByTitle(option));
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});
installFakeEventSource();

describe('the ask-question modal', { timeout: 120_000 }, () => {
  it('asks for a number first, offers 1 to min(students, 10), then asks and shows the draw', async () => {
    let list: AskQuestion[] = [];
    const { fetchMock, user } = renderPage(teacherCourse, {
      [`GET /api/courses/${COURSE_ID}/ask-questions`]: () => jsonResponse({ ask_questions: list }),
      [`GET /api/courses/${COURSE_ID}/modules`]: () => jsonResponse(modules),
      [`GET /api/course/${COURSE_ID}/students`]: () =>
        jsonResponse({ students: Array.from({ length: 12 }, (_, i) => student(101 + i)) }),
      [`GET /api/courses/${COURSE_ID}/group-sets`]: () => jsonResponse(groupSets),
      [`POST /api/courses/${COURSE_ID}/ask-question`]: () => {
        list = [makeAskQuestion()];
        return jsonResponse(list[0]);
      },
    });
    expect(await screen.findByText('No questions asked yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Ask a question/ }));
    const dialog = await screen.findByRole('dialog');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose a module.')).toBeTruthy();
    expect(within(dialog).getByText('Choose how many students to pick.')).toBeTruthy();
    expect(sentBodies(fetchMock, `POST /api/courses/${COURSE_ID}/ask-question`)).toEqual([]);

    await choose(user, 'Module', 'Week 1');
    const numbers = await openOptions(user, 'Number of students');
    // Twelve students, but never more than ten in one draw.
    expect(within(numbers).queryByTitle('11')).toBeNull();
    await user.click(within(numbers).getByTitle('10'));
    await user.type(within(dialog).getByLabelText('Question (optional)'), 'Why is the sky blue?');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Question asked.')).toBeTruthy();
    const [body] = sentBodies(fetchMock, `POST /api/courses/${COURSE_ID}/ask-question`) as Record<
      string,
      unknown
    >[];
    expect(body).toMatchObject({
      module_id: 1,
      syllabus_id: null,
      type: 'select_student',
      question: 'Why is the sky blue?',
      select_num: 10,
      group_set_id: null,
      avoid_recent: true,
    });
    expect(String(body?.title)).toMatch(/^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}$/);
    // The list reloads with the draw.
    expect(await screen.findByText('Student 101')).toBeTruthy();
  });

  it('says there is no student data when the course has no students', async () => {
    const { user } = renderPage(teacherCourse, {
      [`GET /api/courses/${COURSE_ID}/ask-questions`]: () => jsonResponse({ ask_questions: [] }),
      [`GET /api/courses/${COURSE_ID}/modules`]: () => jsonResponse(modules),
      [`GET /api/course/${COURSE_ID}/students`]: () => jsonResponse({ students: [] }),
      [`GET /api/courses/${COURSE_ID}/group-sets`]: () => jsonResponse(groupSets),
    });
    await user.click(await screen.findByRole('button', { name: /Ask a question/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('There is no student data')).toBeTruthy();
  });

  it('a group draw needs a group set (tip 1) that has groups (tip 2)', async () => {
    const { fetchMock, user } = renderPage(teacherCourse, {
      [`GET /api/courses/${COURSE_ID}/ask-questions`]: () => jsonResponse({ ask_questions: [] }),
      [`GET /api/courses/${COURSE_ID}/modules`]: () => jsonResponse(modules),
      [`GET /api/course/${COURSE_ID}/students`]: () => jsonResponse({ students: [student(101)] }),
      [`GET /api/courses/${COURSE_ID}/group-sets`]: () => jsonResponse(groupSets),
      [`POST /api/courses/${COURSE_ID}/ask-question`]: () => jsonResponse(makeAskQuestion()),
    });
    await user.click(await screen.findByRole('button', { name: /Ask a question/ }));
    const dialog = await screen.findByRole('dialog');
    await choose(user, 'Module', 'Week 1');
    await user.click(within(dialog).getByRole('radio', { name: 'Random group' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose a group set.')).toBeTruthy();

    await choose(user, 'Group set', 'Empty set');
    expect(
      await within(dialog).findByText('This group set has no groups yet. Create groups first.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(sentBodies(fetchMock, `POST /api/courses/${COURSE_ID}/ask-question`)).toEqual([]);

    await choose(user, 'Group set', 'Lab teams');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, `POST /api/courses/${COURSE_ID}/ask-question`)).toMatchObject([
        { type: 'select_group', group_set_id: 3, select_num: null },
      ]),
    );
  });

  it('keeps the question to 200 characters', async () => {
    const { user } = renderPage(teacherCourse, {
      [`GET /api/courses/${COURSE_ID}/ask-questions`]: () => jsonResponse({ ask_questions: [] }),
      [`GET /api/courses/${COURSE_ID}/modules`]: () => jsonResponse(modules),
      [`GET /api/course/${COURSE_ID}/students`]: () => jsonResponse({ students: [student(101)] }),
      [`GET /api/courses/${COURSE_ID}/group-sets`]: () => jsonResponse(groupSets),
    });
    await user.click(await screen.findByRole('button', { name: /Ask a question/ }));
    const dialog = await screen.findByRole('dialog');
    const text = within(dialog).getByLabelText('Question (optional)');
    await user.click(text);
    await user.paste('x'.repeat(250));
    expect((text as HTMLTextAreaElement).value).toHaveLength(200);
  });

  it('edits an ended question only to look: fields locked, no Save', async () => {
    const ended = makeAskQuestion({ end_time: '2026-11-26T10:00:00Z' });
    const { user } = renderPage(teacherCourse, {
      [`GET /api/courses/${COURSE_ID}/ask-questions`]: () => jsonResponse({ ask_questions: [ended] }),
      [`GET /api/courses/${COURSE_ID}/modules`]: () => jsonResponse(modules),
      [`GET /api/course/${COURSE_ID}/students`]: () => jsonResponse({ students: [student(101)] }),
      [`GET /api/courses/${COURSE_ID}/group-sets`]: () => jsonResponse(groupSets),
    });
    expect(screen.queryByRole('button', { name: 'Pick again' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'View settings' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('This question has ended; its settings can no longer be changed.'),
    ).toBeTruthy();
    expect((within(dialog).getByLabelText('Question (optional)') as HTMLTextAreaElement).disabled).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('a student', { timeout: 120_000 }, () => {
  it('sees that they were picked as soon as the draw is pushed', async () => {
    let mine: MyPicksResponse = { picks: [] };
    renderPage(studentCourse, {
      [`GET /api/courses/${COURSE_ID}/ask-questions/my-picks`]: () => jsonResponse(mine),
    });
    expect(await screen.findByText(/You have not been picked/)).toBeTruthy();
    mine = {
      picks: [
        {
          ask_question_id: 5,
          pick_id: 9,
          title: '2026.11.26 09:30',
          question: 'Why is the sky blue?',
          picked_at: '2026-11-26T09:30:00Z',
          group_name: null,
        },
      ],
    };
    FakeEventSource.last?.emit({
      course_id: COURSE_ID,
      type: 'ask_question.picked',
      data: { ask_question_id: 5, pick_id: 9 },
    });
    expect(await screen.findByText('You have been picked!')).toBeTruthy();
    expect(screen.getByText('Question: Why is the sky blue?')).toBeTruthy();
  });
});
