import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, type ApiRoutes } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makeActivity, makeCourseWithWeeks, materialCriteria } from '../test/fixtures.ts';
import { ActivityFormModal, type ActivityFormModalProps } from './activity-form-modal.tsx';

const routes: ApiRoutes = {
  'GET /api/completion-criteria': () => jsonResponse({ completion_criteria: materialCriteria }),
  'GET /api/courses/5/hosts': () => jsonResponse({ hosts: [] }),
};

function renderModal(props: Partial<ActivityFormModalProps> = {}) {
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <ActivityFormModal
            open
            course={makeCourseWithWeeks()}
            preset={{ moduleId: 12, syllabusId: null }}
            onClose={vi.fn()}
            {...props}
          />
        ),
      },
    ],
    '/course/5',
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('ActivityFormModal hands the meeting forms over to the meetings feature', () => {
  it('opens the 900-wide Dingtalk live form once that type is picked, keeping the title typed', async () => {
    mockApi(routes);
    const user = userEvent.setup({ delay: null });
    renderModal();
    await user.click(screen.getByLabelText('Title'));
    await user.paste('Algorithms live');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Activity type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'DingTalk Live' }));

    const dialog = await screen.findByRole('dialog', { name: 'New DingTalk live' });
    expect((dialog.closest('.ant-modal') as HTMLElement).style.width).toBe('900px');
    await waitFor(() =>
      expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Algorithms live'),
    );
    expect(screen.getByLabelText('Host')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Activity type' })).toBeNull();
  });

  it('edits a ClassIn in its own form', async () => {
    mockApi(routes);
    renderModal({
      activity: makeActivity({
        type: 'classin',
        title: 'ClassIn seminar',
        start_time: '2030-03-01T08:00:00.000Z',
        end_time: '2030-03-01T09:00:00.000Z',
        data: { instructor_id: 7, playback: 0 },
      }),
    });
    await screen.findByRole('dialog', { name: 'Edit ClassIn class' });
    expect((screen.getByLabelText('Start time') as HTMLInputElement).disabled).toBe(true);
  });
});
