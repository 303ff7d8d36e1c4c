import type { Todo } from '@lectern/contracts/todos/todos.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { TodoList, TODOS_SHOWN } from './todo-list.tsx';

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR + 30_000).toISOString();

function makeTodo(overrides: Partial<Todo> = {}): Todo {
  return {
    id: 10,
    title: 'Essay 1',
    course_id: 3,
    course_name: 'Physics',
    type: 'homework',
    end_time: inHours(50),
    ...overrides,
  };
}

function renderList(todos: Todo[] | 'error') {
  const fetchMock = mockApi({
    'GET /api/todos': () =>
      todos === 'error' ? errorResponse(500, 'internal', 'boom') : jsonResponse({ todo_list: todos }),
  });
  const view = renderRoutes(
    [
      {
        path: '/user/courses',
        element: (
          <>
            <h1>My courses</h1>
            <TodoList />
          </>
        ),
      },
    ],
    '/user/courses',
  );
  return { ...view, fetchMock };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('TodoList', () => {
  it('lists items soonest first with course, type, relative due time and a link to the activity', async () => {
    renderList([
      makeTodo({ id: 1, title: 'Later essay', end_time: inHours(50) }),
      makeTodo({ id: 2, title: 'Open-ended', end_time: null }),
      makeTodo({ id: 3, title: 'Quiz now', type: 'classroom_exam', course_id: 4, end_time: inHours(3) }),
    ]);
    const list = await screen.findByRole('list', { name: 'To do' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Quiz now',
      'Later essay',
      'Open-ended',
    ]);
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/course/4/activity/3');
    expect(within(items[0] as HTMLElement).getByText('Classroom quiz')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('Due in 3 hours')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Due in 2 days')).toBeTruthy();
    expect(within(items[2] as HTMLElement).getByText('No deadline')).toBeTruthy();
    expect(screen.getByText('3 items')).toBeTruthy();
  });

  it('speaks the UI language', async () => {
    await i18n.changeLanguage('zh-CN');
    renderList([makeTodo({ type: 'exam', end_time: inHours(3) })]);
    expect(await screen.findByText('待办')).toBeTruthy();
    expect(screen.getByText('考试')).toBeTruthy();
    expect(screen.getByText('3小时后截止')).toBeTruthy();
  });

  it('shows the first few and the rest on request', async () => {
    const user = userEvent.setup();
    renderList(
      Array.from({ length: TODOS_SHOWN + 2 }, (_, i) => makeTodo({ id: i + 1, title: `Task ${i + 1}` })),
    );
    const list = await screen.findByRole('list', { name: 'To do' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(TODOS_SHOWN);
    await user.click(screen.getByRole('button', { name: `Show all (${TODOS_SHOWN + 2})` }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(TODOS_SHOWN + 2);
    await user.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(TODOS_SHOWN);
  });

  it('takes no room when there is nothing to do or the list fails', async () => {
    const empty = renderList([]);
    await waitFor(() => expect(empty.fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('heading', { name: 'My courses' })).toBeTruthy();
    expect(screen.queryByText('To do')).toBeNull();
    empty.unmount();
    const failing = renderList('error');
    await waitFor(() => expect(failing.fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('To do')).toBeNull();
  });
});
