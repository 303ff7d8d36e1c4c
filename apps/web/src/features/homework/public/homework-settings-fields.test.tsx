import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DateTimePicker } from '../../../shared/components/date-time-picker.tsx';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { HomeworkSettingsFields } from './homework-settings-fields.tsx';
import {
  homeworkDataFromForm,
  homeworkSettingsFormValues,
  type HomeworkSettingsFormValues,
} from './homework-settings-form.ts';

/** The activity dialog in miniature: its end time (the close time) and the homework settings. */
function renderFields(homework: Partial<HomeworkSettingsFormValues> = {}, endTime: string | null = null) {
  const onFinish = vi.fn();
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <Form
            layout="vertical"
            initialValues={{ end_time: endTime, homework: { ...homeworkSettingsFormValues(), ...homework } }}
            onFinish={onFinish}
          >
            <Form.Item name="end_time" label="End time">
              <DateTimePicker />
            </Form.Item>
            <HomeworkSettingsFields courseId={5} />
            <Button htmlType="submit">Save</Button>
          </Form>
        ),
      },
    ],
    '/course/5',
  );
  return { onFinish };
}

async function pickDateTime(label: string, text: string) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  await waitFor(() => expect((input as HTMLInputElement).value).toBe(text));
  fireEvent.blur(input);
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('homework settings form values', () => {
  it('defaults to individual work, unlimited hand-ins, threshold 30 and scores published at once', () => {
    const values = homeworkSettingsFormValues();
    expect(values).toMatchObject({
      is_group: false,
      limit_submissions: false,
      duplicate_check_threshold: 30,
      announceScoreType: 2,
    });
    expect(homeworkDataFromForm(values)).toMatchObject({
      group_set_id: null,
      submit_times: null,
      duplicate_check_threshold: 30,
      announceScoreType: 2,
      announceScoreTime: null,
    });
  });

  it('drops what only a switched-off choice needs', () => {
    expect(
      homeworkDataFromForm({
        is_group: false,
        group_set_id: 4,
        limit_submissions: false,
        submit_times: 3,
        allow_late_submission: false,
        late_submission_end_time: '2026-04-01T00:00:00.000Z',
        announceScoreType: 1,
        announceScoreTime: '2026-04-01T00:00:00.000Z',
      }),
    ).toMatchObject({
      group_set_id: null,
      submit_times: null,
      late_submission_end_time: null,
      announceScoreTime: null,
    });
    expect(
      homeworkDataFromForm({ is_group: true, group_set_id: 4, limit_submissions: true, submit_times: 3 }),
    ).toMatchObject({ group_set_id: 4, submit_times: 3 });
  });

  it('reads stored settings back', () => {
    expect(
      homeworkSettingsFormValues({
        group_set_id: 9,
        submit_times: 2,
        announceScoreType: 3,
        announceScoreTime: '2026-05-01T00:00:00.000Z',
      }),
    ).toMatchObject({
      is_group: true,
      group_set_id: 9,
      limit_submissions: true,
      submit_times: 2,
      announceScoreType: 3,
      announceScoreTime: '2026-05-01T00:00:00.000Z',
    });
  });
});

describe('HomeworkSettingsFields', () => {
  it('requires a publish time for "at a chosen time"', { timeout: 60_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    const { onFinish } = renderFields({}, '2026-03-08T18:00:00.000Z');

    await user.click(screen.getByRole('radio', { name: 'At a chosen time' }));
    // The time field comes with the next render (Form.useWatch); a Save before it validates without it, as
    // happened on a loaded CI machine.
    await screen.findByLabelText('Publish at');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose when the scores are published.')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('refuses a publish time before the close time, and accepts one after', { timeout: 60_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    const { onFinish } = renderFields({ announceScoreType: 3 }, '2026-03-08T18:00:00.000Z');

    await pickDateTime('Publish at', '2026-03-08 17:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Scores cannot be published before the homework closes.')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();

    await pickDateTime('Publish at', '2026-03-09 08:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    const values = onFinish.mock.calls[0]![0] as { homework: HomeworkSettingsFormValues };
    expect(homeworkDataFromForm(values.homework)).toMatchObject({
      announceScoreType: 3,
      announceScoreTime: '2026-03-09T08:00:00.000Z',
    });
  });

  it(
    'asks for a group set for group work and a count for limited hand-ins',
    { timeout: 60_000 },
    async () => {
      mockApi({
        'GET /api/courses/5/group-sets': () => jsonResponse({ group_sets: [] }),
      });
      const user = userEvent.setup({ delay: null });
      const { onFinish } = renderFields({ submit_times: null });

      await user.click(screen.getByRole('radio', { name: 'Group' }));
      await user.click(screen.getByRole('radio', { name: 'Limited' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Choose the group set whose groups hand in together.')).toBeTruthy();
      expect(
        await screen.findByText('The number of hand-ins must be a whole number from 1 to 99.'),
      ).toBeTruthy();
      expect(onFinish).not.toHaveBeenCalled();
    },
  );

  it(
    'offers the duplicate threshold, 30 by default, only with the check on',
    { timeout: 60_000 },
    async () => {
      const user = userEvent.setup({ delay: null });
      renderFields();

      expect(screen.queryByLabelText('Duplicate threshold')).toBeNull();
      await user.click(screen.getByRole('switch', { name: 'Duplicate check' }));
      expect(((await screen.findByLabelText('Duplicate threshold')) as HTMLInputElement).value).toBe('30');
    },
  );
});
