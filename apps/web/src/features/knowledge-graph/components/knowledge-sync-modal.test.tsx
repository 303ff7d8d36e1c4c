import type {
  ApplyKnowledgeDiffRequest,
  ApplyKnowledgeDiffResponse,
  KnowledgeGraphDiff,
  KnowledgeSyncStatus,
} from '@lectern/contracts/knowledge-graph/knowledge-sync.schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { COURSE_ID } from '../test/fixtures.ts';
import { KnowledgeSyncEntry } from './knowledge-sync-entry.tsx';

const counts = {
  nodes_added: 3,
  nodes_changed: 0,
  nodes_removed: 0,
  relations_added: 1,
  relations_changed: 0,
  relations_removed: 0,
  objectives_added: 1,
};
const status: KnowledgeSyncStatus = {
  course_id: COURSE_ID,
  source: { type: 'course', course_id: 7, course_name: 'Algebra I' },
  status: 'succeeded',
  error: null,
  last_synced_at: '2026-03-02T08:30:00Z',
  counts,
  remote_configured: false,
  remote_name: null,
};
const fullDiff: KnowledgeGraphDiff = {
  nodes: [
    { key: 'k-fields', change: 'added', node_id: null, name: null, source_name: 'Fields', fields: [] },
    {
      key: 'k-groups',
      change: 'changed',
      node_id: 5,
      name: 'Groups',
      source_name: 'Group theory',
      fields: ['name'],
    },
  ],
  relations: [
    {
      key: 'k-fields|k-groups',
      change: 'added',
      relation_id: null,
      source_key: 'k-groups',
      target_key: 'k-fields',
      source_name: 'Group theory',
      target_name: 'Fields',
      type: 'directed',
    },
  ],
};
const applied = (nodes: number, relations: number): ApplyKnowledgeDiffResponse => ({
  counts: { ...counts, nodes_added: nodes, relations_added: relations, objectives_added: 0 },
  skipped: 0,
});

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

function renderEntry(path = '/') {
  return renderRoutes([{ path: '/', element: <KnowledgeSyncEntry courseId={COURSE_ID} /> }], path);
}

describe('KnowledgeSyncModal', () => {
  it('shows the source and its state, and applies the differences one by one, then all', async () => {
    const user = userEvent.setup();
    let diff = fullDiff;
    const fetchMock = mockApi({
      [`GET /api/course/${COURSE_ID}/knowledge-graph/sync-status`]: () => jsonResponse(status),
      'POST /api/my-courses': () =>
        jsonResponse({
          courses: [{ id: 7, name: 'Algebra I' }],
          total: 1,
          page: 1,
          page_size: 100,
          pages: 1,
        }),
      [`GET /api/course/${COURSE_ID}/knowledge-graphs/diff`]: () => jsonResponse(diff),
      [`POST /api/course/${COURSE_ID}/knowledge-graphs/diff/sync`]: (body) => {
        if ((body as { all?: boolean }).all) {
          diff = { nodes: [], relations: [] };
          return jsonResponse(applied(0, 1));
        }
        if ((body as ApplyKnowledgeDiffRequest).items?.[0]?.type === 'relation') {
          diff = { ...diff, relations: [] };
          return jsonResponse(applied(0, 1));
        }
        diff = { ...fullDiff, nodes: fullDiff.nodes.slice(1) };
        return jsonResponse(applied(1, 0));
      },
    });
    renderEntry();

    await user.click(screen.getByRole('button', { name: 'Source & sync' }));
    const dialog = await screen.findByRole('dialog', { name: 'Graph source and sync' });
    expect(await within(dialog).findByText('Course: Algebra I')).toBeTruthy();
    expect(within(dialog).getByText('Synced')).toBeTruthy();
    expect(within(dialog).getByText('2026-03-02 08:30', { exact: false })).toBeTruthy();
    expect(within(dialog).getByText(/Nodes \+3 \/ changed 0/)).toBeTruthy();
    // No remote source here: the choice is offered but disabled, and why is said.
    expect(within(dialog).getByRole('radio', { name: /External source/ })).toHaveProperty('disabled', true);
    expect(
      within(dialog).getByText('No external knowledge source is configured on this Lectern.'),
    ).toBeTruthy();

    await user.click(within(dialog).getByRole('tab', { name: 'Differences' }));
    const nodes = await within(dialog).findByRole('region', { name: 'Nodes' });
    expect(within(nodes).getByText('Groups → Group theory')).toBeTruthy();
    expect(within(nodes).getByText('name')).toBeTruthy();
    await user.click(within(nodes).getByRole('button', { name: 'Apply: Fields' }));

    expect(await within(dialog).findByText('Applied 1 changes.')).toBeTruthy();
    await waitFor(() => expect(within(nodes).queryByRole('button', { name: 'Apply: Fields' })).toBeNull());
    expect(within(nodes).getByRole('button', { name: 'Apply: Group theory' })).toBeTruthy();
    expect(sentBodies(fetchMock, `POST /api/course/${COURSE_ID}/knowledge-graphs/diff/sync`)).toEqual([
      { items: [{ type: 'node', key: 'k-fields' }] },
    ]);

    const relations = within(dialog).getByRole('region', { name: 'Relations' });
    expect(within(relations).getByText('Group theory → Fields')).toBeTruthy();
    await user.click(within(relations).getByRole('button', { name: 'Apply: Group theory – Fields' }));
    await waitFor(() =>
      expect(within(relations).queryByRole('button', { name: 'Apply: Group theory – Fields' })).toBeNull(),
    );
    expect(sentBodies(fetchMock, `POST /api/course/${COURSE_ID}/knowledge-graphs/diff/sync`)[1]).toEqual({
      items: [{ type: 'relation', key: 'k-fields|k-groups' }],
    });

    await user.click(within(dialog).getByRole('button', { name: 'Apply all' }));
    expect(await within(dialog).findByText('The graph matches its source.')).toBeTruthy();
    expect(sentBodies(fetchMock, `POST /api/course/${COURSE_ID}/knowledge-graphs/diff/sync`)[2]).toEqual({
      all: true,
    });
  });

  it('lists similar pairs with their score and opens on the groups from the cluster address', async () => {
    const user = userEvent.setup();
    mockApi({
      [`GET /api/course/${COURSE_ID}/knowledge-graph/sync-status`]: () =>
        jsonResponse({ ...status, source: null, status: 'idle', counts: null, last_synced_at: null }),
      'POST /api/my-courses': () =>
        jsonResponse({ courses: [], total: 0, page: 1, page_size: 100, pages: 0 }),
      [`GET /api/course/${COURSE_ID}/knowledge-graph/cluster`]: () =>
        jsonResponse({
          clusters: [
            {
              id: 1,
              score: 0.87,
              nodes: [
                { id: 3, name: '函数的极限' },
                { id: 4, name: '函数极限' },
              ],
            },
          ],
        }),
      [`POST /api/course/${COURSE_ID}/knowledge-graphs/similarity`]: () =>
        jsonResponse({
          truncated: false,
          similarities: [
            {
              source_node_id: 3,
              target_node_id: 4,
              source_name: '函数的极限',
              target_name: '函数极限',
              score: 0.866,
            },
          ],
        }),
    });
    renderEntry('/?knowledge_sync=clusters');

    const dialog = await screen.findByRole('dialog', { name: 'Graph source and sync' });
    expect(await within(dialog).findByText('Group 1 · best similarity 87%')).toBeTruthy();
    expect(within(dialog).getByText('函数极限')).toBeTruthy();

    await user.click(within(dialog).getByText('Pairs'));
    const table = await within(dialog).findByRole('table');
    expect(within(table).getByText('函数的极限')).toBeTruthy();
    expect(within(table).getByText('87%')).toBeTruthy();

    await user.click(within(dialog).getByRole('tab', { name: 'Differences' }));
    expect(
      await within(dialog).findByText('Set a source on the Source tab to see the differences.'),
    ).toBeTruthy();
  });

  it('sets another course as the source and queues a sync, showing it running', async () => {
    const user = userEvent.setup();
    let current: KnowledgeSyncStatus = {
      ...status,
      source: null,
      status: 'idle',
      counts: null,
      last_synced_at: null,
    };
    const fetchMock = mockApi({
      [`GET /api/course/${COURSE_ID}/knowledge-graph/sync-status`]: () => jsonResponse(current),
      'POST /api/my-courses': () =>
        jsonResponse({
          courses: [
            { id: COURSE_ID, name: 'This course' },
            { id: 7, name: 'Algebra I' },
          ],
          total: 2,
          page: 1,
          page_size: 100,
          pages: 1,
        }),
      [`PUT /api/course/${COURSE_ID}/knowledge-graph/source`]: () => {
        current = { ...current, source: { type: 'course', course_id: 7, course_name: 'Algebra I' } };
        return jsonResponse(current);
      },
      [`POST /api/course/${COURSE_ID}/knowledge-graph/sync`]: () => {
        current = { ...current, status: 'running' };
        return jsonResponse(current);
      },
    });
    renderEntry();
    await user.click(screen.getByRole('button', { name: 'Source & sync' }));
    const dialog = await screen.findByRole('dialog', { name: 'Graph source and sync' });
    expect(await within(dialog).findByText('No source set')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Sync now' }).hasAttribute('disabled')).toBe(true);

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Course' }));
    expect(await screen.findByRole('option', { name: 'Algebra I' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'This course' })).toBeNull();
    fireEvent.click(await screen.findByTitle('Algebra I'));
    await user.click(within(dialog).getByRole('button', { name: 'Save source' }));
    expect(await within(dialog).findByText('Course: Algebra I')).toBeTruthy();
    expect(sentBodies(fetchMock, `PUT /api/course/${COURSE_ID}/knowledge-graph/source`)).toEqual([
      { source: { type: 'course', course_id: 7 } },
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Sync now' }));
    expect(await within(dialog).findAllByText('Syncing…')).not.toHaveLength(0);
    expect(sentBodies(fetchMock, `POST /api/course/${COURSE_ID}/knowledge-graph/sync`)).toHaveLength(1);
  });
});
