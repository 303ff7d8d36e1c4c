import { screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { UserFormModal } from './user-form-modal.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('UserFormModal', () => {
  // Under StrictMode, as in development, where effects run twice.
  it('starts a new user as a member, with labelled fields', async () => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <StrictMode>
              <UserFormModal
                open
                departments={[{ id: 1, name: '计算机学院', code: 'cs', parent_id: null, sort: 1 }]}
                departmentsLoading={false}
                onClose={() => undefined}
                afterClose={() => undefined}
              />
            </StrictMode>
          ),
        },
      ],
      '/',
    );

    expect(await screen.findByRole('dialog', { name: '新建用户' })).toBeTruthy();
    expect(screen.getByLabelText('学号/工号')).toBeInstanceOf(HTMLInputElement);
    expect(screen.getByLabelText('姓名')).toBeInstanceOf(HTMLInputElement);
    expect(screen.getByLabelText('密码')).toBeInstanceOf(HTMLInputElement);
    expect(screen.getByRole('radio', { name: '普通成员' })).toHaveProperty('checked', true);
  });
});
