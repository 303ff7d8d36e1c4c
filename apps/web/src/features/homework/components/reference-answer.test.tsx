import type { ReferenceAnswer } from '@lectern/contracts/homework/homework.schemas';
import type { UploadReference } from '@lectern/contracts/uploads/upload.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies, sentRequests } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { HOMEWORK_ID, makeHomeworkDetail } from '../test/student-fixtures.ts';
import {
  REFERENCE_ANSWER_MODAL_WIDTH,
  ReferenceAnswerButton,
  ReferenceAnswerSetting,
} from './reference-answer.tsx';

const URL_KEY = `/api/homeworks/${HOMEWORK_ID}/reference-answer`;
const teacher = makeHomeworkDetail({
  permissions: { allow_mark: true, allow_edit: true, allow_setting: true },
});

const file: UploadReference = {
  id: 71,
  reference_id: 71,
  upload_id: 55,
  name: 'answer-key.pdf',
  size: 2048,
  type: 'document',
  mime_type: 'application/pdf',
  parent_type: 'homework_reference_answer',
  parent_id: HOMEWORK_ID,
  allow_download: true,
  sort: 0,
  created_by_id: 7,
  created_at: '2026-03-03T09:00:00.000Z',
  can_download: true,
  can_preview: true,
  preview_url: '/api/uploads/55/preview',
  blob_url: '/api/uploads/reference/71/blob',
};
const answer: ReferenceAnswer = { reference_answer: '<p>Use three pointers</p>', uploads: [file] };

function render(element: React.ReactNode) {
  return renderRoutes([{ path: '*', element }], '/');
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('the reference answer in the marking dialog', () => {
  it('is asked for only when opened, and shows text and files in a 440-wide modal', async () => {
    const api = mockApi({ [`GET ${URL_KEY}`]: () => jsonResponse(answer) });
    const user = userEvent.setup({ delay: null });
    render(<ReferenceAnswerButton homework={teacher} />);
    expect(sentRequests(api)).toEqual([]);

    await user.click(screen.getByRole('button', { name: /Reference answer/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reference answer' });
    expect(await within(dialog).findByText('Use three pointers')).toBeTruthy();
    expect(within(dialog).getByText('answer-key.pdf')).toBeTruthy();
    expect(REFERENCE_ANSWER_MODAL_WIDTH).toBe(440);
    const modal = dialog.closest<HTMLElement>('.ant-modal') ?? dialog;
    expect(modal.style.width).toBe('440px');
  });

  it('says when there is none', async () => {
    mockApi({ [`GET ${URL_KEY}`]: () => jsonResponse({ reference_answer: '', uploads: [] }) });
    const user = userEvent.setup({ delay: null });
    render(<ReferenceAnswerButton homework={teacher} />);
    await user.click(screen.getByRole('button', { name: /Reference answer/ }));
    expect(await screen.findByText('No reference answer has been set.')).toBeTruthy();
  });
});

describe('the reference answer setting', () => {
  it('saves the text and the files it holds', { timeout: 60_000 }, async () => {
    const api = mockApi({
      [`GET ${URL_KEY}`]: () => jsonResponse(answer),
      [`PATCH ${URL_KEY}`]: () => jsonResponse(answer),
    });
    const user = userEvent.setup({ delay: null });
    render(<ReferenceAnswerSetting detail={teacher} />);
    expect(await screen.findByText('Use three pointers')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Edit reference answer/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('answer-key.pdf')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));

    await waitFor(() =>
      expect(sentBodies(api, `PATCH ${URL_KEY}`)).toEqual([
        { reference_answer: '<p>Use three pointers</p>', upload_ids: [55] },
      ]),
    );
    expect(await screen.findByText('The reference answer was saved.')).toBeTruthy();
  });

  it('offers no editing without the right to edit', async () => {
    mockApi({ [`GET ${URL_KEY}`]: () => jsonResponse(answer) });
    render(
      <ReferenceAnswerSetting
        detail={makeHomeworkDetail({
          permissions: { allow_mark: true, allow_edit: false, allow_setting: false },
        })}
      />,
    );
    expect(await screen.findByText('Use three pointers')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Edit reference answer/ })).toBeNull();
  });
});
