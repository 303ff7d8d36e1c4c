import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { courseActivitiesQueryKey } from '../api/list-activities.ts';
import { activityFixture, jsonResponse, mockApi } from '../test/fixtures.ts';
import { DeleteActivityModal } from './delete-activity-modal.tsx';

const fetchMock = vi.fn<typeof fetch>();

function renderModal() {
  const onClose = vi.fn();
  const onDeleted = vi.fn();
  const view = renderRoutes(
    [
      {
        path: '*',
        element: (
          <DeleteActivityModal
            open
            activity={activityFixture({ id: 101, title: 'Reading list' })}
            onClose={onClose}
            onDeleted={onDeleted}
          />
        ),
      },
    ],
    '/course/5',
  );
  return { ...view, onClose, onDeleted };
}

beforeEach(async () => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DeleteActivityModal', () => {
  it('warns when learners already have records, deletes, shows the server message and reloads the list', async () => {
    const calls = mockApi(fetchMock, ({ method, url }) => {
      if (url.startsWith('/api/activities/have-dependents')) {
        return jsonResponse({ has_dependents: true, activity_ids: [101] });
      }
      if (method === 'DELETE' && url === '/api/activities/101') {
        return jsonResponse({ message: 'The activity has been deleted.' });
      }
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    const { onClose, onDeleted, queryClient } = renderModal();
    queryClient.setQueryData(courseActivitiesQueryKey(5), [activityFixture()]);

    expect(screen.getByText('Delete "Reading list"? This cannot be undone.')).toBeTruthy();
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Students have already viewed or submitted work for this activity. Their records for it will be lost.',
    );
    expect(calls[0]?.url).toBe('/api/activities/have-dependents?activity_ids=101&activity_type=material');

    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('The activity has been deleted.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    expect(onClose).toHaveBeenCalled();
    expect(onDeleted).toHaveBeenCalled();
    await waitFor(() =>
      expect(queryClient.getQueryState(courseActivitiesQueryKey(5))?.isInvalidated).toBe(true),
    );
  });

  it('gives no warning when nobody has records yet', async () => {
    mockApi(fetchMock, ({ url }) =>
      url.startsWith('/api/activities/have-dependents')
        ? jsonResponse({ has_dependents: false, activity_ids: [] })
        : undefined,
    );
    renderModal();

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(false),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server message when the delete fails', async () => {
    mockApi(fetchMock, ({ method, url }) => {
      if (url.startsWith('/api/activities/have-dependents')) {
        return jsonResponse({ has_dependents: false, activity_ids: [] });
      }
      if (method === 'DELETE') {
        return jsonResponse(
          {
            code: 'simulating_read_only',
            message: 'This is not allowed while viewing the course as a student.',
            errors: {},
          },
          403,
        );
      }
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    const { onClose } = renderModal();

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(
      await screen.findByText('This is not allowed while viewing the course as a student.'),
    ).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
