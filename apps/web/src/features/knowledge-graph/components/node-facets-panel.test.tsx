import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies, sentRequests } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { COURSE_ID } from '../test/fixtures.ts';
import { NodeFacetsPanel } from './node-facets-panel.tsx';
import { clockOf } from './node-fragments-list.tsx';

const FACETS = `GET /api/course/${COURSE_ID}/knowledge-node/2/facets`;
const FRAGMENTS = `GET /api/course/${COURSE_ID}/knowledge-node/2/fragments`;

function render(routes: Parameters<typeof mockApi>[0], onOpenActivity = vi.fn(), canEdit = false) {
  const fetchMock = mockApi(routes);
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <NodeFacetsPanel
            courseId={COURSE_ID}
            nodeId={2}
            canEdit={canEdit}
            onOpenActivity={onOpenActivity}
          />
        ),
      },
      { path: '/course/:courseId/activity/:activityId', element: <p>Activity page</p> },
    ],
    '/',
  );
  return { fetchMock, onOpenActivity };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('NodeFacetsPanel', { timeout: 30_000 }, () => {
  it('counts what is linked by kind and activity type, and lists the video chapters that teach the node', async () => {
    const { onOpenActivity } = render({
      [FACETS]: () =>
        jsonResponse({
          knowledge_node_id: 2,
          total: 6,
          facets: [
            { refer_type: 'activity', count: 3 },
            { refer_type: 'upload', count: 1 },
            { refer_type: 'subject', count: 2 },
          ],
          activity_types: [
            { activity_type: 'online_video', count: 2 },
            { activity_type: 'homework', count: 1 },
          ],
          fragment_count: 2,
        }),
      [FRAGMENTS]: () =>
        jsonResponse({
          items: [
            {
              id: 1,
              reference_id: 81,
              chapter_id: 'ch-1',
              title: 'Limits of sequences',
              start_seconds: 65,
              end_seconds: 3725,
              activity_id: 500,
              activity_title: 'Lecture 3',
              activity_type: 'online_video',
            },
            {
              id: 2,
              reference_id: 81,
              chapter_id: 'ch-2',
              title: '',
              start_seconds: null,
              end_seconds: null,
              activity_id: 500,
              activity_title: 'Lecture 3',
              activity_type: 'online_video',
            },
          ],
        }),
    });
    expect(await screen.findByText('6 linked — activities: 3, files: 1, questions: 2.')).toBeTruthy();
    const types = screen.getByRole('list', { name: 'Activities by type' });
    expect(
      within(types)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Video: 2', 'Homework: 1']);
    expect(await screen.findByText('2 parts of activities')).toBeTruthy();
    expect(screen.getByText('1:05–1:02:05')).toBeTruthy();
    // Read-only for a learner; a fragment without a title shows its chapter id.
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.getByText(/ch-2/)).toBeTruthy();

    fireEvent.click(screen.getAllByRole('link', { name: 'Lecture 3' })[0]!);
    expect(await screen.findByText('Activity page')).toBeTruthy();
    expect(onOpenActivity).toHaveBeenCalledWith(500);
  });

  it('does not ask for fragments when the node has none', async () => {
    const { fetchMock } = render({
      [FACETS]: () =>
        jsonResponse({
          knowledge_node_id: 2,
          total: 0,
          facets: [
            { refer_type: 'activity', count: 0 },
            { refer_type: 'upload', count: 0 },
            { refer_type: 'subject', count: 0 },
          ],
          activity_types: [],
          fragment_count: 0,
        }),
    });
    expect(await screen.findByText('0 linked — activities: 0, files: 0, questions: 0.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Activities by type' })).toBeNull();
    expect(sentRequests(fetchMock).map((r) => r.url)).toEqual([
      `/api/course/${COURSE_ID}/knowledge-node/2/facets`,
    ]);
  });

  it('lets the teaching team remove a fragment from the activity’s link, and shows the rest', async () => {
    let removed = false;
    const fragment = (id: number, chapter: string, title: string) => ({
      id,
      reference_id: 81,
      chapter_id: chapter,
      title,
      start_seconds: null,
      end_seconds: null,
      activity_id: 500,
      activity_title: 'Lecture 3',
      activity_type: 'online_video',
    });
    const { fetchMock } = render(
      {
        [FACETS]: () =>
          jsonResponse({
            knowledge_node_id: 2,
            total: 1,
            facets: [{ refer_type: 'activity', count: 1 }],
            activity_types: [{ activity_type: 'online_video', count: 1 }],
            fragment_count: removed ? 1 : 2,
          }),
        [FRAGMENTS]: () =>
          jsonResponse({
            items: removed
              ? [fragment(2, 'ch-2', 'Squeeze')]
              : [fragment(1, 'ch-1', 'Sequences'), fragment(2, 'ch-2', 'Squeeze')],
          }),
        'PUT /api/activities/500/knowledge-references/fragments-delete': () => {
          removed = true;
          return jsonResponse({ activity_id: 500, references: [] });
        },
      },
      vi.fn(),
      true,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Sequences from this node' }));
    expect(await screen.findByText('1 part of an activity')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove Sequences from this node' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Squeeze from this node' })).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT /api/activities/500/knowledge-references/fragments-delete')).toEqual([
      { knowledge_reference_id: 81, chapter_id: 'ch-1' },
    ]);
  });

  it('writes video moments as clock times', () => {
    expect(clockOf(0)).toBe('0:00');
    expect(clockOf(65.9)).toBe('1:05');
    expect(clockOf(3725)).toBe('1:02:05');
  });
});
