import type { KnowledgeCapture } from '@lectern/contracts/knowledge-graph/knowledge-capture.schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies, sentRequests } from '../../../test/fetch-mock.ts';
import { makeCourse, makeViewer } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseContext } from '../../courses/public/course-context.ts';
import { COURSE_ID } from '../test/fixtures.ts';
import { KnowledgeCapturesPanel } from './knowledge-captures-panel.tsx';
import { KnowledgeCapturesTab } from './knowledge-captures-tab.tsx';

function makeCapture(overrides: Partial<KnowledgeCapture> & { id: number }): KnowledgeCapture {
  return {
    course_id: COURSE_ID,
    knowledge_node_id: 2,
    knowledge_node_name: 'Derivatives',
    refer_type: 'activity',
    refer_id: 500,
    title: `Capture ${overrides.id}`,
    note: '',
    is_public: true,
    created_by: { id: 31, name: 'Wang Fang' },
    created_at: '2026-03-01T00:00:00.000Z',
    visit_count: 0,
    ...overrides,
  };
}

const course = makeCourse({ id: COURSE_ID, course_code: 'CS-101' });

function render(element: React.ReactNode, routes: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi({ 'GET /api/user': () => jsonResponse(makeViewer({ id: 31 })), ...routes });
  renderRoutes(
    [
      { path: '/', element: <CourseContext value={course}>{element}</CourseContext> },
      { path: '/course/:courseId/activity/:activityId', element: <p>Activity page</p> },
    ],
    '/',
  );
  return fetchMock;
}

const page = (page: number, total: number, pageSize: number) => ({
  page,
  page_size: pageSize,
  pages: Math.ceil(total / pageSize),
  total,
});

let beacon: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  beacon = vi.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'sendBeacon');
});

async function beaconBody(call: number) {
  const [, blob] = beacon.mock.calls[call] as [string, Blob];
  expect(blob.type).toBe('application/json');
  // jsdom's Blob has no text(): read it as the browser would hand it to the network.
  const text = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
  return JSON.parse(text) as unknown;
}

describe('KnowledgeCapturesPanel', { timeout: 30_000 }, () => {
  it('pages the node’s shared captures and reports a capture opened with the spec’s fields', async () => {
    const fetchMock = render(<KnowledgeCapturesPanel courseId={COURSE_ID} nodeId={2} />, {
      'GET /api/knowledge-node/2/recommended-resource-references': () =>
        jsonResponse({ ...page(1, 1, 5), items: [] }),
      'GET /api/knowledge-node/2/recommended-captures': (_body, url) => {
        const current = Number(url.searchParams.get('page'));
        const first = (current - 1) * 5 + 1;
        const count = current === 1 ? 5 : 2;
        return jsonResponse({
          ...page(current, 7, 5),
          items: Array.from({ length: count }, (_, i) =>
            makeCapture({ id: first + i, note: i === 0 ? `Note ${first}` : '', visit_count: i }),
          ),
        });
      },
    });
    const list = await screen.findByRole('list', { name: 'Shared captures' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(within(list).getByText('Note 1')).toBeTruthy();
    expect(within(list).getAllByText('By Wang Fang · 1 visit')).toHaveLength(1);
    expect(screen.getByText('No resources are linked to this node.')).toBeTruthy();

    const pager = screen.getByRole('list', { name: 'Pages of Shared captures' });
    fireEvent.click(within(pager).getByTitle('2'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Shared captures' })).getAllByRole('listitem'),
      ).toHaveLength(2),
    );
    expect(screen.getByRole('link', { name: 'Capture 6' })).toBeTruthy();
    const asked = sentRequests(fetchMock)
      .map((r) => r.url)
      .filter((url) => url.includes('recommended-captures'));
    expect(asked).toEqual([
      '/api/knowledge-node/2/recommended-captures?page=1&page_size=5',
      '/api/knowledge-node/2/recommended-captures?page=2&page_size=5',
    ]);

    fireEvent.click(screen.getByRole('link', { name: 'Capture 6' }));
    expect(await screen.findByText('Activity page')).toBeTruthy();
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(beacon.mock.calls[0]?.[0]).toBe('/api/knowledge-capture-visit');
    expect(await beaconBody(0)).toEqual({
      user_id: 31,
      org_id: 1,
      course_code: 'CS-101',
      org_code: 'demo',
      course_id: COURSE_ID,
      knowledge_node_id: 2,
      capture_id: 6,
      capture_code: '6',
    });
  });

  it('lists the node’s recommended resources and reports the one opened, by fetch keepalive without a beacon', async () => {
    Reflect.deleteProperty(navigator, 'sendBeacon');
    const fetchMock = render(<KnowledgeCapturesPanel courseId={COURSE_ID} nodeId={2} />, {
      'GET /api/knowledge-node/2/recommended-resource-references': () =>
        jsonResponse({
          ...page(1, 2, 5),
          items: [
            {
              refer_type: 'activity',
              refer_id: 500,
              title: 'Week 3 homework',
              activity_type: 'homework',
              visit_count: 12,
            },
            { refer_type: 'upload', refer_id: 8, title: 'notes.pdf', activity_type: null, visit_count: 1 },
          ],
        }),
      'GET /api/knowledge-node/2/recommended-captures': () => jsonResponse({ ...page(1, 0, 5), items: [] }),
      'POST /api/knowledge-resource-visit': () => new Response(null, { status: 204 }),
    });
    const list = await screen.findByRole('list', { name: 'Recommended resources' });
    expect(within(list).getByText('12 visits')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'notes.pdf' }).getAttribute('href')).toBe(
      '/api/uploads/8/blob?preview=1',
    );
    expect(screen.getByText('No captures yet.')).toBeTruthy();

    fireEvent.click(within(list).getByRole('link', { name: 'Week 3 homework' }));
    expect(await screen.findByText('Activity page')).toBeTruthy();
    await waitFor(() => expect(sentBodies(fetchMock, 'POST /api/knowledge-resource-visit')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'POST /api/knowledge-resource-visit')[0]).toEqual({
      user_id: 31,
      org_id: 1,
      course_code: 'CS-101',
      org_code: 'demo',
      course_id: COURSE_ID,
      knowledge_node_id: 2,
      resource_id: 500,
      resource_type: 'activity',
    });
    const [call] = fetchMock.mock.calls.filter(([url]) => url === '/api/knowledge-resource-visit');
    expect(call?.[1]?.keepalive).toBe(true);
  });
});

describe('KnowledgeCapturesTab', { timeout: 30_000 }, () => {
  it('shows my captures, then the course’s public ones, each from page 1', async () => {
    const fetchMock = render(<KnowledgeCapturesTab courseId={COURSE_ID} />, {
      'GET /api/my-captures': (_body, url) =>
        jsonResponse({
          ...page(Number(url.searchParams.get('page')), 12, 10),
          items: [makeCapture({ id: 1, title: 'My bookmark', is_public: false, note: 'Read twice' })],
        }),
      'GET /api/public-captures': () =>
        jsonResponse({
          ...page(1, 1, 10),
          items: [makeCapture({ id: 2, title: 'Shared bookmark', visit_count: 3 })],
        }),
    });
    const mine = await screen.findByRole('list', { name: 'My captures' });
    expect(within(mine).getByRole('link', { name: 'My bookmark' })).toBeTruthy();
    expect(within(mine).getByText('Read twice')).toBeTruthy();
    expect(within(mine).getByText('Derivatives · by Wang Fang · 0 visits')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('list', { name: 'Pages of My captures' })).getByTitle('2'));
    await waitFor(() =>
      expect(sentRequests(fetchMock).map((r) => r.url)).toContain(
        `/api/my-captures?course_id=${COURSE_ID}&page=2&page_size=10`,
      ),
    );

    fireEvent.click(screen.getByRole('radio', { name: 'Public captures' }));
    const shared = await screen.findByRole('list', { name: 'Public captures' });
    expect(within(shared).getByRole('link', { name: 'Shared bookmark' })).toBeTruthy();
    expect(within(shared).getByText('Public')).toBeTruthy();
    expect(sentRequests(fetchMock).map((r) => r.url)).toContain(
      `/api/public-captures?course_id=${COURSE_ID}&page=1&page_size=10`,
    );
    expect(sentRequests(fetchMock).filter((r) => r.url.startsWith('/api/public-captures'))).toHaveLength(1);
  });
});
