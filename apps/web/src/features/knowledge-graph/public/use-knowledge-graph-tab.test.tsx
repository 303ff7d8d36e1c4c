import type { Course } from '@lectern/contracts/courses/course.schemas';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi } from '../../../test/fetch-mock.ts';
import { makeCourse } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { COURSE_ID } from '../test/fixtures.ts';
import { useKnowledgeGraphTab } from './use-knowledge-graph-tab.ts';

const STATUS = `GET /api/course/${COURSE_ID}/knowledge-graph-status`;

function Probe({ course }: { course: Course }) {
  return <output aria-label="tab">{useKnowledgeGraphTab(course) ? 'shown' : 'hidden'}</output>;
}

function renderProbe(course: Course) {
  renderRoutes([{ path: '/', element: <Probe course={course} /> }], '/');
}

describe('useKnowledgeGraphTab', () => {
  it('lists the graph for the teaching team without asking the server', async () => {
    const fetchMock = mockApi({});
    renderProbe(
      makeCourse({ id: COURSE_ID, can_manage: false, current_user_roles: ['instructor_assistant'] }),
    );
    expect((await screen.findByRole('status', { name: 'tab' })).textContent).toBe('shown');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists it for a student once it is published', async () => {
    mockApi({
      [STATUS]: () =>
        jsonResponse({ published: true, published_at: '2026-11-01T00:00:00.000Z', snapshot_id: null }),
    });
    renderProbe(makeCourse({ id: COURSE_ID, can_manage: false, current_user_roles: ['student'] }));
    expect(await screen.findByText('shown')).toBeTruthy();
  });

  it('hides it from a student while it is not published', async () => {
    const fetchMock = mockApi({
      [STATUS]: () => jsonResponse({ published: false, published_at: null, snapshot_id: null }),
    });
    renderProbe(makeCourse({ id: COURSE_ID, can_manage: false, current_user_roles: ['student'] }));
    await expect.poll(() => fetchMock.mock.calls.length).toBe(1);
    expect(screen.getByRole('status', { name: 'tab' }).textContent).toBe('hidden');
  });
});
