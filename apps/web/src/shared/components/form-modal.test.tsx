import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render-app.tsx';
import { ApiError } from '../api/http-client.ts';
import { i18n } from '../i18n/i18n.ts';
import { FormModal } from './form-modal.tsx';

interface Values {
  name: string;
  code?: string;
}

function renderModal(onSubmit: (values: Values) => Promise<unknown>) {
  const onClose = vi.fn();
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <FormModal<Values>
            open
            title="Rename course"
            initialValues={{ name: 'Algebra' }}
            onSubmit={onSubmit}
            onClose={onClose}
          >
            <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Enter a name.' }]}>
              <Input autoFocus />
            </Form.Item>
            <Form.Item name="code" label="Code">
              <Input />
            </Form.Item>
          </FormModal>
        ),
      },
    ],
    '/',
  );
  return { onClose };
}

function formItemOf(label: string): HTMLElement {
  return screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('FormModal', () => {
  it('labels its fields, submits the typed values with Enter and then closes', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const user = userEvent.setup({ delay: null });
    const { onClose } = renderModal(onSubmit);

    expect(await screen.findByRole('dialog', { name: 'Rename course' })).toBeTruthy();
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Algebra');
    await user.click(screen.getByLabelText('Code'));
    await user.paste('MA101');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Algebra', code: 'MA101' });
  });

  it('checks the rules before saving', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const user = userEvent.setup({ delay: null });
    renderModal(onSubmit);

    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await within(formItemOf('Name')).findByText('Enter a name.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows Save as working and the form disabled until the save settles', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = userEvent.setup({ delay: null });
    const { onClose } = renderModal(onSubmit);

    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);

    await waitFor(() => expect(save.className).toContain('ant-btn-loading'));
    expect(screen.getByLabelText('Name')).toHaveProperty('disabled', true);
    expect(onClose).not.toHaveBeenCalled();

    finish();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(save.className).not.toContain('ant-btn-loading'));
  });

  it('puts server messages under their fields, the summary in a toast, and stays open', async () => {
    const onSubmit = vi.fn(() =>
      Promise.reject(
        new ApiError({
          status: 400,
          code: 'validation_failed',
          message: 'Some fields are invalid. Please check and try again.',
          errors: { code: ['This course code is already in use.'] },
        }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    const { onClose } = renderModal(onSubmit);

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await within(formItemOf('Code')).findByText('This course code is already in use.')).toBeTruthy();
    expect(await screen.findByText('Some fields are invalid. Please check and try again.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toHaveProperty('disabled', false);
  });

  it('closes on Escape without saving', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const user = userEvent.setup({ delay: null });
    const { onClose } = renderModal(onSubmit);

    await user.click(screen.getByLabelText('Name'));
    await user.keyboard('{Escape}');

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
