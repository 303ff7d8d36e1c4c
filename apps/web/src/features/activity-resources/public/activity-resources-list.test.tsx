import type {
  ActivityResource,
  ActivityResourcesResponse,
} from '@lectern/contracts/activity-resources/activity-resources.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentRequests } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { ActivityResourcesList } from './activity-resources-list.tsx';

const ACTIVITY_ID = 400;
const LIST = `GET /api/activities/${ACTIVITY_ID}/resources`;

function makeResource(overrides: Partial<ActivityResource> = {}): ActivityResource {
  return {
    id: 31,
    reference_id: 501,
    ref_parent_id: ACTIVITY_ID,
    parent_type: 'activity_resource',
    name: 'slides.pdf',
    type: 'document',
    size: 2048,
    created_by: { name: 'Li Wei', user_no: 't7' },
    created_by_id: 7,
    uploaded_at: '2026-03-01T10:00:00.000Z',
    allow_download: false,
    can_download: false,
    can_delete: false,
    cloud_recording: false,
    delete_protected: false,
    ...overrides,
  };
}

function renderList(handlers: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi(handlers);
  renderRoutes([{ path: '/', element: <ActivityResourcesList activityId={ACTIVITY_ID} /> }], '/');
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('ActivityResourcesList', () => {
  it('offers a student only what the server allows: viewing, and download when allowed', async () => {
    const body: ActivityResourcesResponse = {
      can_upload: false,
      resources: [
        makeResource(),
        makeResource({
          id: 32,
          reference_id: 502,
          name: 'notes.txt',
          allow_download: true,
          can_download: true,
        }),
      ],
    };
    renderList({ [LIST]: () => jsonResponse(body) });
    const itemOf = async (name: string) =>
      (await screen.findByRole('link', { name })).closest('.ant-list-item') as HTMLElement;
    const slides = await itemOf('slides.pdf');
    const notes = await itemOf('notes.txt');
    expect(within(slides).getByRole('link', { name: 'slides.pdf' }).getAttribute('href')).toBe(
      `/api/activities/${ACTIVITY_ID}/resources/31/blob?inline=true`,
    );
    expect(within(slides).queryByRole('link', { name: 'Download slides.pdf' })).toBeNull();
    expect(within(notes).getByRole('link', { name: 'Download notes.txt' }).getAttribute('href')).toBe(
      `/api/activities/${ACTIVITY_ID}/resources/32/blob`,
    );
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Upload resource/ })).toBeNull();
    expect(screen.queryByText(/Viewed/)).toBeNull();
  });

  it('gives the uploader upload and delete, and instructors the statistics', async () => {
    const user = userEvent.setup();
    let resources = [
      makeResource({
        can_download: true,
        can_delete: true,
        statistics: { view_count: 5, viewer_count: 3, download_count: 2, downloader_count: 1 },
      }),
    ];
    const fetchMock = renderList({
      [LIST]: () => jsonResponse({ can_upload: true, resources }),
      [`DELETE /api/activities/${ACTIVITY_ID}/resources/31`]: () => {
        resources = [];
        return new Response(null, { status: 204 });
      },
    });
    expect((await screen.findAllByRole('button', { name: /Upload resource/ })).length).toBeGreaterThan(0);
    expect(screen.getByText('Viewed 5 times by 3 students · downloaded 2 times by 1 students')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete slides.pdf' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Resource deleted')).toBeTruthy();
    expect(await screen.findByText('No resources yet.')).toBeTruthy();
    expect(sentRequests(fetchMock).map((r) => `${r.method} ${r.url}`)).toContain(
      `DELETE /api/activities/${ACTIVITY_ID}/resources/31`,
    );
  });

  it('says so when a delete fails and keeps the resource', async () => {
    const user = userEvent.setup();
    renderList({
      [LIST]: () => jsonResponse({ can_upload: true, resources: [makeResource({ can_delete: true })] }),
      [`DELETE /api/activities/${ACTIVITY_ID}/resources/31`]: () =>
        errorResponse(403, 'forbidden', 'Only the uploader may change or delete this resource.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete slides.pdf' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The resource could not be deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'slides.pdf' })).toBeTruthy());
  });

  it('disables the uploader’s delete of a protected cloud recording and says why', async () => {
    const user = userEvent.setup();
    const fetchMock = renderList({
      [LIST]: () =>
        jsonResponse({
          can_upload: true,
          resources: [
            makeResource({
              name: 'Week 1.mp4',
              type: 'video',
              can_download: true,
              cloud_recording: true,
              delete_protected: true,
            }),
            makeResource({ id: 32, reference_id: 502, name: 'notes.txt', can_delete: true }),
          ],
        }),
    });
    const recording = (await screen.findByRole('link', { name: 'Week 1.mp4' })).closest(
      '.ant-list-item',
    ) as HTMLElement;
    expect(within(recording).getByText('Cloud recording')).toBeTruthy();
    const blocked = within(recording).getByRole('button', { name: 'Delete Week 1.mp4' });
    expect((blocked as HTMLButtonElement).disabled).toBe(true);
    await user.hover(blocked.parentElement!);
    expect(
      await screen.findByText('Your organisation does not allow cloud recordings to be deleted.'),
    ).toBeTruthy();
    // An ordinary file of the same uploader is deleted as ever.
    expect((screen.getByRole('button', { name: 'Delete notes.txt' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    await user.click(blocked);
    expect(sentRequests(fetchMock).some((r) => r.method === 'DELETE')).toBe(false);
  });
});
