import type {
  CourseSharedFile,
  CourseSharedFilesResponse,
} from '@lectern/contracts/course-services/shared-files.schemas';
import type { Course } from '@lectern/contracts/courses/course.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies, sentRequests } from '../../../test/fetch-mock.ts';
import { makeCourse } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseContext } from '../../courses/public/course-context.ts';
import { CourseSharedFilesPage } from './course-shared-files-page.tsx';
import { uploadXhrStandIn } from '../../../test/upload-xhr.ts';

const COURSE_ID = 42;
const LIST = `GET /api/courses/${COURSE_ID}/shared-files`;

function makeFile(overrides: Partial<CourseSharedFile> = {}): CourseSharedFile {
  return {
    upload_id: 7,
    name: 'week-1-handout.pdf',
    size: 2048,
    type: 'document',
    mime_type: 'application/pdf',
    shared_by: { id: 3, name: 'Li Wei' },
    shared_at: '2027-03-01T08:30:00.000Z',
    can_download: true,
    preview_url: '/api/uploads/7/preview',
    blob_url: '/api/uploads/7/blob',
    can_unshare: false,
    ...overrides,
  };
}

function makePage(overrides: Partial<CourseSharedFilesResponse> = {}): CourseSharedFilesResponse {
  return {
    page: 1,
    page_size: 10,
    pages: 1,
    total: 1,
    shared_files: [makeFile()],
    can_share: false,
    ...overrides,
  };
}

const STUDENT_COURSE: Partial<Course> = { can_manage: false, current_user_roles: ['student'] };
const INSTRUCTOR_COURSE: Partial<Course> = { name: 'Optics', display_name: 'Optics' };

function renderPage(handlers: Parameters<typeof mockApi>[0], course: Partial<Course> = STUDENT_COURSE) {
  const fetchMock = mockApi(handlers);
  renderRoutes(
    [
      {
        path: '/course/:courseId/shared-files',
        element: (
          <CourseContext value={makeCourse({ id: COURSE_ID, ...course })}>
            <CourseSharedFilesPage />
          </CourseContext>
        ),
      },
    ],
    `/course/${COURSE_ID}/shared-files`,
  );
  return { fetchMock, user: userEvent.setup({ delay: null }) };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('CourseSharedFilesPage', { timeout: 120_000 }, () => {
  it('lists the shared files with their size, kind, who shared them and when, and links to them', async () => {
    renderPage({ [LIST]: () => jsonResponse(makePage()) });
    const list = await screen.findByRole('list', { name: 'Shared files' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByText('week-1-handout.pdf')).toBeTruthy();
    expect(within(item).getByText('2.0 KB · Document')).toBeTruthy();
    expect(within(item).getByText('Shared by Li Wei on 2027-03-01 08:30')).toBeTruthy();
    const preview = within(item).getByRole('link', { name: 'Preview week-1-handout.pdf' });
    expect(preview.getAttribute('href')).toBe('/api/uploads/7/preview');
    expect(preview.getAttribute('target')).toBe('_blank');
    const download = within(item).getByRole('link', { name: 'Download week-1-handout.pdf' });
    expect(download.getAttribute('href')).toBe('/api/uploads/7/blob');
    expect(download.getAttribute('download')).toBe('week-1-handout.pdf');
    // A student neither shares nor removes.
    expect(screen.queryByRole('button', { name: 'Upload and share' })).toBeNull();
    expect(within(item).queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('offers no download, and no inline view, where the course does not allow students to download', async () => {
    renderPage({
      [LIST]: () =>
        jsonResponse(
          makePage({
            total: 2,
            shared_files: [
              makeFile({ can_download: false }),
              makeFile({
                upload_id: 8,
                name: 'photo.png',
                type: 'image',
                mime_type: 'image/png',
                shared_by: null,
                can_download: false,
                preview_url: null,
                blob_url: '/api/uploads/8/blob',
              }),
            ],
          }),
        ),
    });
    const list = await screen.findByRole('list', { name: 'Shared files' });
    const [pdf, photo] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    // Viewing a PDF in the page is reading it; only taking a copy away is refused.
    expect(within(pdf).getByRole('link', { name: 'Preview week-1-handout.pdf' })).toBeTruthy();
    expect(within(pdf).queryByRole('link', { name: /Download/ })).toBeNull();
    expect(within(pdf).getByText('Download not allowed')).toBeTruthy();
    expect(within(photo).queryByRole('link')).toBeNull();
    expect(within(photo).getByText('Download not allowed')).toBeTruthy();
    expect(within(photo).getByText(/^Shared by a former member on /)).toBeTruthy();
  });

  it('says so when nothing has been shared', async () => {
    renderPage({ [LIST]: () => jsonResponse(makePage({ total: 0, shared_files: [] })) });
    expect(await screen.findByText('No files have been shared to this course yet')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Shared files' })).toBeNull();
  });

  it('pages through many files', async () => {
    const { fetchMock, user } = renderPage({
      [LIST]: (_body, url) => {
        const page = Number(url.searchParams.get('page'));
        return jsonResponse(
          makePage({
            page,
            total: 11,
            pages: 2,
            shared_files: [makeFile({ upload_id: page, name: `file-${page}.pdf` })],
          }),
        );
      },
    });
    expect(await screen.findByText('file-1.pdf')).toBeTruthy();
    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText('file-2.pdf')).toBeTruthy();
    await waitFor(() =>
      expect(sentRequests(fetchMock).map((r) => r.url)).toEqual([
        `/api/courses/${COURSE_ID}/shared-files?page=1&page_size=10`,
        `/api/courses/${COURSE_ID}/shared-files?page=2&page_size=10`,
      ]),
    );
  });

  describe("the teaching team's actions", () => {
    const SHARE = 'POST /api/uploads/share-to-courses';
    const TEACHING = 'POST /api/my-courses';
    const teachingCourses = () =>
      jsonResponse({
        page: 1,
        page_size: 100,
        total: 2,
        pages: 1,
        courses: [
          { id: COURSE_ID, name: 'Optics', display_name: 'Optics' },
          { id: 43, name: 'Optics Lab', display_name: 'Optics Lab' },
        ],
      });

    const UploadsXhr = uploadXhrStandIn({
      id: 77,
      name: 'lab-sheet.pdf',
      size: 8,
      type: 'document',
      mime_type: 'application/pdf',
    });

    it('uploads a file and shares it to this course and another the instructor teaches, then shows it', async () => {
      vi.stubGlobal('XMLHttpRequest', UploadsXhr);
      UploadsXhr.sent = [];
      let shared = false;
      const { fetchMock, user } = renderPage(
        {
          [LIST]: () =>
            jsonResponse(
              makePage({
                can_share: true,
                total: shared ? 2 : 1,
                shared_files: [
                  ...(shared ? [makeFile({ upload_id: 77, name: 'lab-sheet.pdf', can_unshare: true })] : []),
                  makeFile({ can_unshare: true }),
                ],
              }),
            ),
          [TEACHING]: teachingCourses,
          [SHARE]: () => {
            shared = true;
            return jsonResponse({ shared: 2 });
          },
        },
        INSTRUCTOR_COURSE,
      );

      await user.click(await screen.findByRole('button', { name: 'Upload and share' }));
      const dialog = await screen.findByRole('dialog', { name: 'Upload and share files' });
      // Nothing uploaded yet: nothing is sent.
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText('Upload at least one file.')).toBeTruthy();
      expect(sentBodies(fetchMock, SHARE)).toEqual([]);

      const input = dialog.querySelector<HTMLInputElement>('input[type=file]')!;
      await user.upload(input, new File(['%PDF-1.7'], 'lab-sheet.pdf', { type: 'application/pdf' }));
      expect(await within(dialog).findByText('lab-sheet.pdf')).toBeTruthy();
      expect(UploadsXhr.sent).toEqual([{ method: 'POST', url: '/api/uploads' }]);

      // This course is chosen from the start; the instructor adds another course they teach.
      const courses = within(dialog).getByRole('combobox', { name: 'Share to courses' });
      expect(within(dialog).getByTitle('Optics')).toBeTruthy();
      await user.click(courses);
      await user.click(await screen.findByTitle('Optics Lab'));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      await waitFor(() =>
        expect(sentBodies(fetchMock, SHARE)).toEqual([{ upload_ids: [77], course_ids: [COURSE_ID, 43] }]),
      );
      expect(await screen.findByText('Files shared to 2 courses')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      // The list is asked again and shows the new file.
      const list = screen.getByRole('list', { name: 'Shared files' });
      expect(await within(list).findByText('lab-sheet.pdf')).toBeTruthy();
      expect(
        sentRequests(fetchMock).filter((r) => r.url.startsWith(`/api/courses/${COURSE_ID}/shared-files`)),
      ).toHaveLength(2);
    });

    it('removes a file after confirmation, only where the server allows it, and refreshes the list', async () => {
      let removed = false;
      const DELETE = `DELETE /api/courses/${COURSE_ID}/shared-files/7`;
      const { fetchMock, user } = renderPage(
        {
          [LIST]: () =>
            jsonResponse(
              makePage({
                can_share: true,
                total: removed ? 1 : 2,
                shared_files: [
                  ...(removed ? [] : [makeFile({ can_unshare: true })]),
                  makeFile({ upload_id: 8, name: 'theirs.pdf', can_unshare: false }),
                ],
              }),
            ),
          [DELETE]: () => {
            removed = true;
            return jsonResponse({ ok: true });
          },
        },
        INSTRUCTOR_COURSE,
      );

      const list = await screen.findByRole('list', { name: 'Shared files' });
      const [mine, theirs] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
      expect(within(theirs).queryByRole('button', { name: /Remove/ })).toBeNull();
      const remove = within(mine).getByRole('button', { name: 'Remove week-1-handout.pdf from this course' });

      // From the keyboard: Enter opens the confirmation, Escape closes it and nothing is removed.
      remove.focus();
      await user.keyboard('{Enter}');
      const confirm = await screen.findByRole('dialog', {
        name: 'Remove week-1-handout.pdf from this course?',
      });
      expect(within(confirm).getByText(/Its members will no longer see it here/)).toBeTruthy();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(sentBodies(fetchMock, DELETE)).toEqual([]);

      await user.click(remove);
      const again = await screen.findByRole('dialog', {
        name: 'Remove week-1-handout.pdf from this course?',
      });
      await user.click(within(again).getByRole('button', { name: 'Remove' }));
      await waitFor(() => expect(sentBodies(fetchMock, DELETE)).toHaveLength(1));
      expect(await screen.findByText('week-1-handout.pdf removed from this course')).toBeTruthy();
      await waitFor(() => expect(within(list).queryByText('week-1-handout.pdf')).toBeNull());
      expect(within(list).getByText('theirs.pdf')).toBeTruthy();
    });

    it("shows the server's reason when a file cannot be removed", async () => {
      const DELETE = `DELETE /api/courses/${COURSE_ID}/shared-files/7`;
      const { user } = renderPage(
        {
          [LIST]: () =>
            jsonResponse(makePage({ can_share: true, shared_files: [makeFile({ can_unshare: true })] })),
          [DELETE]: () =>
            jsonResponse(
              { code: 'not_found', message: 'That file is not shared to this course.', errors: {} },
              404,
            ),
        },
        INSTRUCTOR_COURSE,
      );
      await user.click(
        await screen.findByRole('button', { name: 'Remove week-1-handout.pdf from this course' }),
      );
      const confirm = await screen.findByRole('dialog', {
        name: 'Remove week-1-handout.pdf from this course?',
      });
      await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
      expect(await screen.findByText('That file is not shared to this course.')).toBeTruthy();
    });
  });
});
