import type { ExamSubmissionDetail, MarkedAttachment } from '@lectern/contracts/exams/exam-taking.schemas';
import type { Upload } from '@lectern/contracts/uploads/upload.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies, sentRequests } from '../../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../../test/render-app.tsx';
import { useMarkingSubmissions } from '../../api/list-marking-submissions.ts';
import { ExamResultPage } from '../../routes/exam-result-page.tsx';
import { makeExam, makeSubmissionDetail } from '../../test/taking-fixtures.ts';
import { MarkedAttachmentsPanel } from './marked-attachments-panel.tsx';

/**
 * Files go to the server through XMLHttpRequest (for its progress events), which jsdom would send to the
 * network: this stand-in answers every upload at once with the stored file.
 */
class InstantUploadXhr {
  static uploaded: Upload;
  status = 0;
  responseText = '';
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  open(): void {}
  setRequestHeader(): void {}
  addEventListener(type: string, listener: EventListener): void {
    this.events.addEventListener(type, listener);
  }
  abort(): void {
    this.events.dispatchEvent(new Event('abort'));
  }
  send(): void {
    setTimeout(() => {
      this.status = 201;
      this.responseText = JSON.stringify(InstantUploadXhr.uploaded);
      this.events.dispatchEvent(new Event('load'));
    }, 0);
  }
}

function attachment(overrides: Partial<MarkedAttachment> = {}): MarkedAttachment {
  return {
    id: 41,
    submission_id: 700,
    subject_id: null,
    upload_id: 55,
    name: 'feedback.pdf',
    size: 2048,
    type: 'document',
    created_by: { id: 7, name: 'Li Wei' },
    created_at: '2026-03-03T09:00:00.000Z',
    ...overrides,
  };
}

function Marker({ subjectId, readOnly }: { subjectId: number | null; readOnly: boolean }) {
  const query = useMarkingSubmissions(
    { examId: 300, subjectId: subjectId ?? 0, isMakeup: false },
    { kind: 'examinee', id: 20 },
  );
  const submission = query.data?.submissions[0];
  if (!submission) return null;
  return (
    <MarkedAttachmentsPanel examId={300} submission={submission} subjectId={subjectId} readOnly={readOnly} />
  );
}

function renderMarker({
  subjectId = null,
  readOnly = false,
}: {
  subjectId?: number | null;
  readOnly?: boolean;
}) {
  return renderRoutes([{ path: '*', element: <Marker subjectId={subjectId} readOnly={readOnly} /> }], '/');
}

/** A submission whose marked files the (fake) server keeps, as the marking list and the two writes see them. */
function markingServer(initial: MarkedAttachment[], subjectId = 0) {
  let files = initial;
  const paper = (): ExamSubmissionDetail => makeSubmissionDetail({ marked_attachments: files });
  return mockApi({
    [`GET /api/exams/300/subjects/${subjectId}/examinees/20/submissions`]: () =>
      jsonResponse({ submissions: [paper()] }),
    'POST /api/exams/300/submissions/700/marked-attachments': (body) => {
      const { upload_id, subject_id } = body as { upload_id: number; subject_id?: number };
      const created = attachment({
        id: 42,
        upload_id,
        subject_id: subject_id ?? null,
        name: 'rubric.docx',
        size: 1024,
      });
      files = [...files, created];
      return jsonResponse(created, 201);
    },
    'DELETE /api/uploads/marked_attachment/41': () => {
      files = files.filter((f) => f.id !== 41);
      return jsonResponse({ message: 'The attachment was deleted.' });
    },
  });
}

beforeEach(async () => {
  InstantUploadXhr.uploaded = {
    id: 56,
    name: 'rubric.docx',
    size: 1024,
    type: 'document',
    mime_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    status: 'ready',
    deleted: false,
    allow_download: true,
    created_at: '2026-03-03T10:00:00.000Z',
    created_by: { id: 7, name: 'Li Wei' },
  };
  vi.stubGlobal('XMLHttpRequest', InstantUploadXhr);
  await i18n.changeLanguage('en-US');
});

describe('MarkedAttachmentsPanel', () => {
  it('attaches an uploaded file to the submission and lists it with its download link', async () => {
    const fetchMock = markingServer([attachment()]);
    const user = userEvent.setup({ delay: null });
    renderMarker({});

    const list = await screen.findByRole('list', { name: 'Marked attachments' });
    const existing = within(list).getByRole('link', { name: 'feedback.pdf' });
    expect(existing.getAttribute('href')).toBe('/api/uploads/55/blob');

    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input, new File(['doc'], 'rubric.docx'));

    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/exams/300/submissions/700/marked-attachments')).toEqual([
        { upload_id: 56 },
      ]),
    );
    const added = await within(list).findByRole('link', { name: 'rubric.docx' });
    expect(added.getAttribute('href')).toBe('/api/uploads/56/blob');
    expect(await screen.findByText('Attached rubric.docx')).toBeTruthy();
  });

  it('attaches to the question being marked', async () => {
    const fetchMock = markingServer([], 7);
    const user = userEvent.setup({ delay: null });
    renderMarker({ subjectId: 7 });

    expect(await screen.findByText('No files attached yet.')).toBeTruthy();
    await user.upload(
      document.querySelector<HTMLInputElement>('input[type=file]')!,
      new File(['d'], 'r.docx'),
    );

    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/exams/300/submissions/700/marked-attachments')).toEqual([
        { upload_id: 56, subject_id: 7 },
      ]),
    );
    const list = await screen.findByRole('list', { name: 'Marked attachments' });
    expect(within(list).getByText('Question 2')).toBeTruthy();
  });

  it('deletes a file only after the marker confirms', async () => {
    const fetchMock = markingServer([attachment()]);
    const user = userEvent.setup({ delay: null });
    renderMarker({});

    await user.click(await screen.findByRole('button', { name: 'Delete feedback.pdf' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Delete “feedback.pdf”?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentRequests(fetchMock).filter((r) => r.method === 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete feedback.pdf' }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(
        sentRequests(fetchMock)
          .filter((r) => r.method === 'DELETE')
          .map((r) => r.url),
      ).toEqual(['/api/uploads/marked_attachment/41']),
    );
    expect(await screen.findByText('The attachment was deleted.')).toBeTruthy();
    expect(await screen.findByText('No files attached yet.')).toBeTruthy();
  });

  it('only offers downloads to someone who may not mark (viewing as a student)', async () => {
    markingServer([attachment()]);
    renderMarker({ readOnly: true });

    const list = await screen.findByRole('list', { name: 'Marked attachments' });
    expect(within(list).getByRole('link', { name: 'feedback.pdf' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete feedback.pdf' })).toBeNull();
    expect(document.querySelector('input[type=file]')).toBeNull();
  });
});

describe('the student’s result', () => {
  const submissionsList = (released: boolean) => ({
    submissions: [
      {
        id: 700,
        exam_id: 300,
        instance_id: 900,
        examinee: { id: 20, user_no: 's001', name: 'Wang Fang' },
        group_id: null,
        attempt: 1,
        is_makeup_exam: false,
        submitted_at: '2026-03-02T09:00:00.000Z',
        score: released ? 15 : null,
        mark_status: 'marked',
      },
    ],
    score: released ? 15 : null,
    score_released: released,
    answers_released: released,
  });

  function renderResult(detail: ExamSubmissionDetail, released: boolean) {
    mockApi({
      'GET /api/exams/300': () => jsonResponse(makeExam()),
      'GET /api/exams/300/submissions': () => jsonResponse(submissionsList(released)),
      'GET /api/exams/300/submissions/700': () => jsonResponse(detail),
    });
    return renderRoutes([{ path: '/exam/:id/result', element: <ExamResultPage /> }], '/exam/300/result');
  }

  it('lists the instructor’s files with download links once scores are released', async () => {
    renderResult(makeSubmissionDetail({ marked_attachments: [attachment({ subject_id: 7 })] }), true);

    const list = await screen.findByRole('list', { name: 'Files from your instructor' }, { timeout: 15_000 });
    expect(within(list).getByRole('link', { name: 'feedback.pdf' }).getAttribute('href')).toBe(
      '/api/uploads/55/blob',
    );
    expect(within(list).getByText('Question 2')).toBeTruthy();
    expect(within(list).queryByRole('button')).toBeNull();
  });

  it('shows no files before scores are released', async () => {
    renderResult(
      makeSubmissionDetail({
        score: null,
        score_data: null,
        comment_data: null,
        score_released: false,
        answers_released: false,
        correct_answers_data: null,
        // Even were the server to send some, nothing is offered until release.
        marked_attachments: [attachment()],
      }),
      false,
    );

    expect(await screen.findByText('Score of this attempt', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Files from your instructor' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'feedback.pdf' })).toBeNull();
  });
});
