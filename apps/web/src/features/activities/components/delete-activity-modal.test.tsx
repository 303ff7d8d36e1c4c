import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentRequests } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { courseActivitiesQueryKey } from '../api/list-activities.ts';
import { makeActivity } from '../test/fixtures.ts';
import { DeleteActivityModal } from './delete-activity-modal.tsx';

const noDependents = {
  'GET /api/activities/have-dependents': () =>
    jsonResponse({ has_dependents: false, activity_ids: [], recycle_bin_retention_days: 30 }),
};

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
            activity={makeActivity({ id: 101, title: 'Reading list' })}
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
  await i18n.changeLanguage('en-US');
});

describe('DeleteActivityModal', () => {
  it('warns when learners already have records, waits for the acknowledgement, deletes, shows the server message and reloads the list', async () => {
    const fetchMock = mockApi({
      'GET /api/activities/have-dependents': () =>
        jsonResponse({ has_dependents: true, activity_ids: [101], recycle_bin_retention_days: 14 }),
      'DELETE /api/activities/101': () =>
        jsonResponse({ message: 'The activity is in the recycle bin; it can be restored for 14 days.' }),
    });
    const user = userEvent.setup({ delay: null });
    const { onClose, onDeleted, queryClient } = renderModal();
    queryClient.setQueryData(courseActivitiesQueryKey(5), [makeActivity()]);

    expect(screen.getByText('Delete "Reading list"?')).toBeTruthy();
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Students have already viewed or submitted work for this activity. Their submissions, scores and comments stay with it in the recycle bin and are deleted for good when it is purged.',
    );
    expect(
      screen.getByText(
        "It goes to the course's recycle bin, where an instructor can restore it for 14 days.",
      ),
    ).toBeTruthy();
    // Not without saying so first.
    expect(screen.getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(true);
    await user.click(
      screen.getByRole('checkbox', {
        name: "I understand that students' records are hidden with it until it is restored",
      }),
    );
    expect(sentRequests(fetchMock)[0]?.url).toBe(
      '/api/activities/have-dependents?activity_ids=101&activity_type=material',
    );

    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(
      await screen.findByText('The activity is in the recycle bin; it can be restored for 14 days.'),
    ).toBeTruthy();
    expect(sentRequests(fetchMock).some((call) => call.method === 'DELETE')).toBe(true);
    expect(onClose).toHaveBeenCalled();
    expect(onDeleted).toHaveBeenCalled();
    await waitFor(() =>
      expect(queryClient.getQueryState(courseActivitiesQueryKey(5))?.isInvalidated).toBe(true),
    );
  });

  it('gives no warning when nobody has records yet', async () => {
    mockApi(noDependents);
    renderModal();

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(false),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('shows the server message when the delete fails', async () => {
    mockApi({
      ...noDependents,
      'DELETE /api/activities/101': () =>
        errorResponse(
          403,
          'simulating_read_only',
          'This is not allowed while viewing the course as a student.',
        ),
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
