import type { Course } from '@lectern/contracts/courses/course.schemas';
import type { KnowledgeNodeDetail } from '@lectern/contracts/knowledge-graph/knowledge-node.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { makeCourse, makeViewer } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseContext } from '../../courses/public/course-context.ts';
import { COURSE_ID, makeGraph } from '../test/fixtures.ts';
import { KnowledgeGraphPage } from './knowledge-graph-page.tsx';

const GRAPH = `GET /api/course/${COURSE_ID}/knowledge-nodes`;
const NODE_2 = 'GET /api/knowledge-node/2';
const OBJECTIVES = `GET /api/course/${COURSE_ID}/teaching-objective`;

function makeDetail(overrides: Partial<KnowledgeNodeDetail> = {}): KnowledgeNodeDetail {
  return {
    id: 2,
    course_id: COURSE_ID,
    parent_id: 1,
    name: 'Derivatives',
    title: 'Derivatives',
    text: 'Derivatives',
    node_key: 'k2',
    sort: 0,
    bloom_level: 'apply',
    description: 'Rates of change.',
    created_at: '2026-03-01T00:00:00.000Z',
    updated_at: '2026-03-01T00:00:00.000Z',
    ancestors: [{ id: 1, name: 'Limits', nodeKey: 'k1', bloom_level: 'understand' }],
    children_count: 0,
    relations: [
      {
        id: 70,
        course_id: COURSE_ID,
        source: 2,
        target: 3,
        type: 'directed',
        created_at: '2026-03-01T00:00:00.000Z',
        updated_at: '2026-03-01T00:00:00.000Z',
      },
    ],
    references: [
      {
        id: 81,
        knowledge_node_id: 2,
        refer_type: 'activity',
        refer_id: 500,
        title: 'Week 3 homework',
        activity_type: 'homework',
        fragments: [],
      },
      {
        id: null,
        knowledge_node_id: 2,
        refer_type: 'subject',
        refer_id: 9001,
        title: 'Differentiate x squared',
        activity_type: null,
        fragments: [],
      },
    ],
    ...overrides,
  };
}

function renderPage(course: Course, path: string, handlers: Parameters<typeof mockApi>[0]) {
  // The signed-in user is always in the app's cache (RequireAuth); here it is asked for.
  const fetchMock = mockApi({ 'GET /api/user': () => jsonResponse(makeViewer()), ...handlers });
  const view = renderRoutes(
    [
      {
        path: '/course/:courseId/knowledge-graph',
        element: (
          <CourseContext value={course}>
            <KnowledgeGraphPage />
          </CourseContext>
        ),
      },
    ],
    path,
  );
  return { fetchMock, ...view };
}

const instructorCourse = () =>
  makeCourse({ id: COURSE_ID, can_manage: true, current_user_roles: ['instructor'] });
const studentCourse = () => makeCourse({ id: COURSE_ID, can_manage: false, current_user_roles: ['student'] });

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('KnowledgeGraphPage', () => {
  it('shows the tree and opens at the node named in the hash, with its references and relations', async () => {
    renderPage(instructorCourse(), `/course/${COURSE_ID}/knowledge-graph#node_id=2`, {
      [GRAPH]: () => jsonResponse(makeGraph()),
      [NODE_2]: () => jsonResponse(makeDetail()),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Knowledge graph' })).toBeTruthy();
    const tree = await screen.findByRole('tree');
    expect(within(tree).getByRole('treeitem', { name: 'Limits' })).toBeTruthy();
    expect(within(tree).getByRole('treeitem', { name: 'Integrals' })).toBeTruthy();
    expect(within(tree).getByRole('treeitem', { name: 'Derivatives' }).getAttribute('aria-selected')).toBe(
      'true',
    );

    expect(await screen.findByRole('heading', { level: 3, name: 'Derivatives' })).toBeTruthy();
    expect(screen.getByText('Bloom level: Apply')).toBeTruthy();
    expect(screen.getByText('In: Limits')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Week 3 homework' }).getAttribute('href')).toBe(
      `/course/${COURSE_ID}/activity/500`,
    );
    expect(screen.getByText('Differentiate x squared')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Leads to Integrals' })).toBeTruthy();
  });

  it('gives the teaching team editing, publishing and the snapshots', async () => {
    const user = userEvent.setup();
    let published = false;
    const { fetchMock } = renderPage(instructorCourse(), `/course/${COURSE_ID}/knowledge-graph#node_id=2`, {
      [GRAPH]: () => jsonResponse(makeGraph({ published })),
      [NODE_2]: () => jsonResponse(makeDetail()),
      [`POST /api/course/${COURSE_ID}/knowledge-graph-status`]: () => {
        published = true;
        return jsonResponse({ published: true, published_at: '2026-03-02T00:00:00.000Z', snapshot_id: 5 });
      },
      [`GET /api/course/${COURSE_ID}/knowledge-stats-timeline`]: () => jsonResponse({ items: [] }),
      'PUT /api/knowledge-node/2': (body) => jsonResponse({ ...makeDetail(), ...(body as object) }),
    });
    await screen.findByRole('heading', { level: 3, name: 'Derivatives' });
    for (const name of [
      'Edit',
      'Add child',
      'Move',
      'Delete',
      'Add relation',
      'Add node',
      'Unlink Week 3 homework',
    ]) {
      expect(screen.getByRole('button', { name }), name).toBeTruthy();
    }
    expect(screen.getByRole('radio', { name: 'Snapshots' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit node' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Derivative rules');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT /api/knowledge-node/2')).toEqual([
        { name: 'Derivative rules', bloom_level: 'apply', description: 'Rates of change.' },
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, `POST /api/course/${COURSE_ID}/knowledge-graph-status`)).toEqual([
        { publish_type: 'publish' },
      ]),
    );
    expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeTruthy();
  });

  it('shows a student the published graph read-only', async () => {
    const user = userEvent.setup();
    renderPage(studentCourse(), `/course/${COURSE_ID}/knowledge-graph`, {
      [GRAPH]: () => jsonResponse(makeGraph({ published: true, can_edit: false })),
      [NODE_2]: () => jsonResponse(makeDetail()),
      [OBJECTIVES]: () => jsonResponse({ teaching_objectives: [] }),
    });
    const tree = await screen.findByRole('tree');
    await user.click(within(tree).getByText('Derivatives'));
    expect(await screen.findByRole('heading', { level: 3, name: 'Derivatives' })).toBeTruthy();
    for (const name of ['Edit', 'Add child', 'Move', 'Delete', 'Add relation', 'Add node', 'Publish']) {
      expect(screen.queryByRole('button', { name }), name).toBeNull();
    }
    expect(screen.queryByRole('button', { name: /Unlink/ })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Snapshots' })).toBeNull();
    expect(screen.getByText('Published')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Teaching objectives' }));
    expect(await screen.findByText('No teaching objectives yet.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'New teaching objective' })).toBeNull();
  });

  it('tells a student when the graph is not published', async () => {
    renderPage(studentCourse(), `/course/${COURSE_ID}/knowledge-graph`, {
      [GRAPH]: () => errorResponse(403, 'forbidden', 'Not published'),
    });
    expect(await screen.findByText('The knowledge graph of this course is not published yet.')).toBeTruthy();
    expect(screen.queryByRole('tree')).toBeNull();
  });

  it("shows a student their own mastery beside the class's", async () => {
    const user = userEvent.setup();
    renderPage(studentCourse(), `/course/${COURSE_ID}/knowledge-graph`, {
      [GRAPH]: () => jsonResponse(makeGraph({ published: true, can_edit: false })),
      'GET /api/user': () => jsonResponse(makeViewer({ id: 31 })),
      [`GET /api/courses/${COURSE_ID}/students/31/knowledge-nodes/overall-stats`]: () =>
        jsonResponse({
          id: 31,
          name: 'Wang Fang',
          user_no: 's31',
          mastery_rate: 0.3,
          answered_node_count: 1,
          weak_node_count: 1,
          mastered_node_count: 0,
          completeness_rate: 0.5,
          last_answer_at: null,
          node_count: 3,
          activity_count: 2,
          completed_activity_count: 1,
          class_mastery_rate: 0.62,
          class_completeness_rate: 0.75,
        }),
      [`GET /api/course/${COURSE_ID}/knowledge-nodes/student/31/stats`]: () =>
        jsonResponse({
          student: { id: 31, name: 'Wang Fang', user_no: 's31' },
          items: [
            {
              id: 2,
              name: 'Derivatives',
              parent_id: 1,
              mastery_rate: 0.3,
              level: 'weak',
              completeness_rate: 0.5,
              completed_activity_count: 1,
              activity_count: 2,
              answered_count: 2,
              last_answer_at: null,
              class_mastery_rate: 0.45,
            },
          ],
        }),
    });
    await user.click(await screen.findByRole('radio', { name: 'My mastery' }));
    const table = await screen.findByRole('region', { name: 'Mastery by node' });
    expect(within(table).getByText('Derivatives')).toBeTruthy();
    expect(within(table).getByText('Weak')).toBeTruthy();
    expect(within(table).getByText('45%')).toBeTruthy();
    expect(screen.getByText('62%')).toBeTruthy();
    expect(screen.getByText('1 of 2')).toBeTruthy();
  });

  it('offers no mastery tab to the teaching team', async () => {
    renderPage(instructorCourse(), `/course/${COURSE_ID}/knowledge-graph`, {
      [GRAPH]: () => jsonResponse(makeGraph({ published: true })),
      'GET /api/user': () => jsonResponse(makeViewer()),
    });
    expect(await screen.findByRole('radio', { name: 'Statistics' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'My mastery' })).toBeNull();
  });
});
