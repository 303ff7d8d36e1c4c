import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makeActivity } from '../test/fixtures.ts';
import { ActivityListItem, type ActivityListItemVariant } from './activity-list-item.tsx';

function renderItem(activity = makeActivity(), variant: ActivityListItemVariant = 'icons') {
  const onEdit = vi.fn();
  const onDelete = vi.fn();
  const view = renderRoutes(
    [
      {
        path: '*',
        element: (
          <ActivityListItem activity={activity} variant={variant} onEdit={onEdit} onDelete={onDelete} />
        ),
      },
    ],
    '/course/5',
  );
  return { ...view, onEdit, onDelete };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('ActivityListItem', () => {
  it('shows the title as a link, the status and the type as a hyphenated row key', () => {
    const { container } = renderItem(
      makeActivity({ type: 'online_video', title: 'Lecture 1', status: 'notStarted', published: false }),
    );

    expect(screen.getByRole('link', { name: 'Lecture 1' }).getAttribute('href')).toBe(
      '/course/5/activity/101',
    );
    expect(screen.getByText('Not started')).toBeTruthy();
    expect(screen.getByText('Unpublished')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Online video' })).toBeTruthy();
    const row = container.querySelector('[data-activity-type="online-video"]');
    expect(row?.classList.contains('online-video')).toBe(true);
  });

  it('shows its time as YYYY-MM-DD HH:mm:ss', () => {
    renderItem(
      makeActivity({ start_time: '2026-03-01T08:00:00.000Z', end_time: '2026-03-08T18:30:00.000Z' }),
    );

    // The web test project runs with TZ=UTC.
    expect(screen.getByText('2026-03-01 08:00:00 – 2026-03-08 18:30:00')).toBeTruthy();
  });

  it('shows a learner whether the completion criterion is met, naming it', () => {
    const { unmount } = renderItem(
      makeActivity({
        can_edit: false,
        completed: true,
        completion_criterion_key: 'score',
        completion_criterion_value: 60,
      }),
    );
    expect(screen.getByRole('img', { name: 'Completed: Score reached (at least 60)' })).toBeTruthy();
    unmount();

    renderItem(makeActivity({ can_edit: false, completed: false, completion_criterion_key: 'view' }));
    expect(screen.getByRole('img', { name: 'Not completed yet: Viewed' })).toBeTruthy();
  });

  it('shows no completion indicator when the server sends none (teaching team)', () => {
    renderItem(makeActivity({ completion_criterion_key: 'view' }));
    expect(screen.queryByRole('img', { name: /completed/i })).toBeNull();
  });

  it('offers no edit or delete when the viewer may not edit', () => {
    renderItem(makeActivity({ can_edit: false }), 'syllabus');

    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows edit and delete icons outside a syllabus', async () => {
    const user = userEvent.setup();
    const { onEdit, onDelete } = renderItem(makeActivity({ title: 'Slides' }), 'icons');

    // The controls are a module of their own, fetched for people who may edit.
    await user.click(await screen.findByRole('button', { name: 'Edit Slides' }));
    await user.click(screen.getByRole('button', { name: 'Delete Slides' }));

    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 101 }));
    expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 101 }));
    expect(screen.queryByRole('button', { name: 'More actions for Slides' })).toBeNull();
  });

  it('puts edit and delete in a "more" menu inside a syllabus', async () => {
    const user = userEvent.setup();
    const { onEdit, onDelete } = renderItem(makeActivity({ title: 'Slides' }), 'syllabus');

    const more = await screen.findByRole('button', { name: 'More actions for Slides' });
    expect(screen.queryByRole('button', { name: 'Edit Slides' })).toBeNull();
    await user.click(more);
    await user.click(await screen.findByRole('menuitem', { name: /Delete/ }));
    expect(onDelete).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'More actions for Slides' }));
    await user.click(await screen.findByRole('menuitem', { name: /Edit/ }));
    expect(onEdit).toHaveBeenCalledTimes(1);
  });

  it('lets the keyboard choose from the "more" menu without the key reaching the dialog it opens', async () => {
    const user = userEvent.setup();
    const { onEdit } = renderItem(makeActivity({ title: 'Slides' }), 'syllabus');

    await user.click(await screen.findByRole('button', { name: 'More actions for Slides' }));
    const edit = await screen.findByRole('menuitem', { name: 'Edit' });
    const notCancelled = fireEvent.keyDown(edit, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });

    expect(onEdit).toHaveBeenCalledTimes(1);
    // A cancelled keydown sends no keypress, which would otherwise submit the edit dialog just opened.
    expect(notCancelled).toBe(false);
  });
});
