import { act, render, screen } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/http-client.ts';
import { applyServerFormErrors } from './server-form-errors.ts';
import { WithoutAntdStyles } from '../../test/render-app.tsx';

function renderForm() {
  let form: FormInstance | undefined;
  function TestForm() {
    const [instance] = Form.useForm();
    form = instance;
    return (
      <Form form={instance}>
        <Form.Item name="email" label="email">
          <Input />
        </Form.Item>
        <Form.Item name={['rows', 3, 'name']} label="row name">
          <Input />
        </Form.Item>
      </Form>
    );
  }
  render(<TestForm />, { wrapper: WithoutAntdStyles });
  return form!;
}

describe('applyServerFormErrors', () => {
  it('puts the first message under each known field and toasts the summary', async () => {
    const form = renderForm();
    const message = { error: vi.fn() };
    const error = new ApiError({
      status: 400,
      code: 'validation_failed',
      message: '提交的内容有误',
      errors: {
        email: ['邮箱格式不正确', '第二条不显示'],
        'rows.3.name': ['请输入姓名'],
        department_id: ['院系不存在'],
      },
    });

    let unmatched: string[] = [];
    act(() => {
      unmatched = applyServerFormErrors(form, error, message);
    });

    expect(await screen.findByText('邮箱格式不正确')).toBeTruthy();
    expect(screen.queryByText('第二条不显示')).toBeNull();
    expect(await screen.findByText('请输入姓名')).toBeTruthy();
    expect(message.error).toHaveBeenCalledWith('提交的内容有误');
    expect(unmatched).toEqual(['department_id']);
  });

  it('puts the messages of aliased wire fields under the one form field that edits them', async () => {
    const form = renderForm();
    const message = { error: vi.fn() };
    const error = new ApiError({
      status: 400,
      code: 'validation_failed',
      message: '提交的内容有误',
      errors: { contact_kind: ['请选择联系方式'], contact_value: ['联系方式格式不正确'] },
    });

    let unmatched: string[] = [];
    act(() => {
      unmatched = applyServerFormErrors(form, error, message, {
        contact_kind: 'email',
        contact_value: 'email',
      });
    });

    expect(await screen.findByText('请选择联系方式')).toBeTruthy();
    expect(await screen.findByText('联系方式格式不正确')).toBeTruthy();
    expect(unmatched).toEqual([]);
  });

  it('falls back to a generic message for errors that are not from the API', () => {
    const form = renderForm();
    const message = { error: vi.fn() };

    applyServerFormErrors(form, new Error('boom'), message);

    expect(message.error).toHaveBeenCalledTimes(1);
    expect(message.error.mock.calls[0]?.[0]).not.toBe('boom');
  });
});
