import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { UploadReference, UploadReferencesResponse } from '@lectern/contracts/uploads/upload.schemas';
import { referencePreviewPath, uploadPaths } from '@lectern/contracts/uploads/upload-paths';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseContext } from '../../courses/public/course-context.ts';
import { makeActivity, makeCourseWithWeeks } from '../test/fixtures.ts';
import { ActivityBody } from './activity-body.tsx';

// pdf.js cannot draw under jsdom: a stand-in opens documents by URL (the first file has 5 pages, others
// 2) and records what was opened.
const opened = vi.hoisted((): string[] => []);
vi.mock('../../uploads/components/pdf-engine.ts', () => ({
  loadPdfEngine: async () => ({
    open(url: string) {
      opened.push(url);
      const pages = url === '/api/uploads/301/preview' ? 5 : 2;
      const page = {
        getViewport: ({ scale }: { scale: number }) => ({ width: 800 * scale, height: 600 * scale }),
        render: () => ({ promise: Promise.resolve(), cancel: () => {} }),
      };
      return {
        promise: Promise.resolve({ numPages: pages, getPage: async () => page }),
        destroy: async () => {},
      };
    },
  }),
}));

// The discussion panels are the discussions feature's own (tested there); here they show what the body
// handed them, and read the location the way the real panels poll it.
vi.mock('../../discussions/public/question-panel.tsx', async () => {
  const { useState } = await import('react');
  return {
    QuestionPanel(props: {
      referenceId: number | null;
      readLocation: () => string | null;
      onClose?: () => void;
    }) {
      const [location, setLocation] = useState<string | null>(null);
      return (
        <section aria-label="Question panel">
          <p>{`Questions on reference ${props.referenceId}`}</p>
          <button type="button" onClick={() => setLocation(props.readLocation() ?? 'none')}>
            Read location
          </button>
          <p>{`Location: ${location ?? ''}`}</p>
          <button type="button" onClick={props.onClose}>
            Close questions
          </button>
        </section>
      );
    },
  };
});
vi.mock('../../discussions/public/discussion-panel.tsx', async () => {
  const { useState } = await import('react');
  return {
    DiscussionPanel(props: {
      readLocation?: () => string | null;
      referenceId?: number | null;
      mediaDuration?: number;
      courseType?: number | null;
    }) {
      const [location, setLocation] = useState<string | null>(null);
      return (
        <section aria-label="Discussion panel">
          <p>{`Video reference ${props.referenceId}, ${props.mediaDuration} s, course type ${props.courseType}`}</p>
          <button type="button" onClick={() => setLocation(props.readLocation?.() ?? 'none')}>
            Read location
          </button>
          <p>{`Location: ${location ?? ''}`}</p>
        </section>
      );
    },
  };
});
vi.mock('../../discussions/public/forum-board.tsx', () => ({
  ForumBoard: (props: { activity: Activity }) => <p>{`Forum board of activity ${props.activity.id}`}</p>,
}));

function reference(overrides: Partial<UploadReference> & { id: number; upload_id: number; name: string }) {
  const base = {
    reference_id: overrides.id,
    size: 2048,
    type: 'document' as const,
    mime_type: 'application/pdf',
    parent_type: 'learning_activity',
    parent_id: 101,
    allow_download: true,
    sort: 0,
    created_by_id: 7,
    created_at: '2026-03-01T00:00:00.000Z',
    can_download: true,
    can_preview: true,
    ...overrides,
  };
  return { ...base, preview_url: referencePreviewPath(base), blob_url: uploadPaths.referenceBlob(base.id) };
}

/** The attachments answer as the server sends it: each reference with its upload, and the flat list. */
function referencesResponse(references: UploadReference[]): UploadReferencesResponse {
  return {
    references: references.map((ref) => ({
      ...ref,
      upload: { id: ref.upload_id, name: ref.name, size: ref.size, mime_type: ref.mime_type },
    })),
    upload_references: references,
  };
}

const files: UploadReference[] = [
  reference({ id: 31, upload_id: 301, name: 'Chapter 2.pdf', sort: 0 }),
  reference({
    id: 32,
    upload_id: 302,
    name: 'Exercises.docx',
    mime_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    can_preview: false,
    sort: 1,
  }),
  reference({ id: 33, upload_id: 303, name: 'Diagram.png', type: 'image', mime_type: 'image/png', sort: 2 }),
  reference({
    id: 34,
    upload_id: 304,
    name: 'Code.zip',
    type: 'archive',
    mime_type: 'application/zip',
    can_preview: false,
    sort: 3,
  }),
];

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  opened.length = 0;
});

function renderBody(activity: Activity) {
  return renderRoutes(
    [
      {
        path: '*',
        element: (
          <CourseContext value={makeCourseWithWeeks({ current_user_roles: ['student'], can_manage: false })}>
            <ActivityBody activity={activity} />
          </CourseContext>
        ),
      },
    ],
    '/',
  );
}

const questions = () => within(screen.getByRole('region', { name: 'Question panel' }));

async function readQuestionLocation(): Promise<string> {
  await userEvent.click(questions().getByRole('button', { name: 'Read location' }));
  return (
    questions()
      .getByText(/^Location:/)
      .textContent?.replace('Location: ', '') ?? ''
  );
}

describe('ActivityBody', () => {
  it(
    'shows courseware one file at a time, with the question panel on the file and page being read',
    { timeout: 60_000 },
    async () => {
      mockApi({ 'GET /api/activities/101/upload_references': () => jsonResponse(referencesResponse(files)) });
      renderBody(makeActivity({ type: 'material', data: { description: '<p>Read before class</p>' } }));

      expect(screen.getByText('Read before class')).toBeTruthy();
      expect(await screen.findByText('File 1 of 4')).toBeTruthy();
      expect(await screen.findByRole('img', { name: 'Page 1 of 5 of the document' })).toBeTruthy();
      expect(opened).toEqual(['/api/uploads/301/preview']);
      expect(questions().getByText('Questions on reference 31')).toBeTruthy();
      await waitFor(async () => expect(await readQuestionLocation()).toBe('1'));

      await userEvent.click(screen.getByRole('button', { name: /Next page/ }));
      await userEvent.click(screen.getByRole('button', { name: /Next page/ }));
      expect(await readQuestionLocation()).toBe('3');

      // An Office file is read through the server's PDF rendering, from its first page.
      await userEvent.click(screen.getByRole('button', { name: 'Next file' }));
      expect(await screen.findByRole('img', { name: 'Page 1 of 2 of the document' })).toBeTruthy();
      expect(opened.at(-1)).toBe('/api/uploads/302/preview');
      expect(questions().getByText('Questions on reference 32')).toBeTruthy();
      await waitFor(async () => expect(await readQuestionLocation()).toBe('1'));
      expect(screen.getByRole('link', { name: /Download Exercises.docx/ }).getAttribute('href')).toBe(
        '/api/uploads/reference/32/blob',
      );

      // A picture is shown as it is; it has no pages.
      await userEvent.click(screen.getByRole('button', { name: 'Next file' }));
      expect(screen.getByRole('img', { name: 'Diagram.png' }).getAttribute('src')).toBe(
        '/api/uploads/reference/33/blob?preview=1',
      );
      expect(await readQuestionLocation()).toBe('none');

      // Anything else can only be downloaded.
      await userEvent.click(screen.getByRole('button', { name: 'Next file' }));
      expect(screen.getByText('This file cannot be shown in the page.')).toBeTruthy();
      expect(screen.getByRole('link', { name: /Download Code.zip/ }).getAttribute('href')).toBe(
        '/api/uploads/reference/34/blob',
      );
      expect(screen.getByRole('button', { name: 'Next file' }).hasAttribute('disabled')).toBe(true);

      // Closing the panel gives the document the width; it can be opened again.
      await userEvent.click(questions().getByRole('button', { name: 'Close questions' }));
      expect(screen.queryByRole('region', { name: 'Question panel' })).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: /Questions/ }));
      expect(questions().getByText('Questions on reference 34')).toBeTruthy();
    },
  );

  it('says so when a courseware activity has no files yet', async () => {
    mockApi({ 'GET /api/activities/101/upload_references': () => jsonResponse(referencesResponse([])) });
    renderBody(makeActivity({ type: 'material' }));
    expect(await screen.findByText('No files have been added yet.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Question panel' })).toBeNull();
  });

  it('plays an online video and gives the panel the time watched and the video’s length', async () => {
    const video = reference({
      id: 41,
      upload_id: 401,
      name: 'Lecture.mp4',
      type: 'video',
      mime_type: 'video/mp4',
    });
    renderBody(makeActivity({ type: 'online_video', data: { duration: 1260 }, uploads: [video] }));

    const player = screen.getByLabelText<HTMLVideoElement>('Lecture.mp4');
    expect(player.tagName).toBe('VIDEO');
    expect(player.getAttribute('src')).toBe('/api/uploads/reference/41/blob?preview=1');
    const panel = within(screen.getByRole('region', { name: 'Discussion panel' }));
    expect(panel.getByText('Video reference 41, 1260 s, course type 1')).toBeTruthy();

    player.currentTime = 3725.6;
    await userEvent.click(panel.getByRole('button', { name: 'Read location' }));
    expect(panel.getByText('Location: 01:02:05')).toBeTruthy();

    // Once the file says how long it really is, that is the limit for question times.
    Object.defineProperty(player, 'duration', { configurable: true, value: 1300.5 });
    fireEvent.loadedMetadata(player);
    expect(panel.getByText('Video reference 41, 1300.5 s, course type 1')).toBeTruthy();
  });

  it('shows the topics of a forum activity', () => {
    renderBody(makeActivity({ id: 202, type: 'forum', data: { description: '<p>Be kind</p>' } }));
    expect(screen.getByText('Forum board of activity 202')).toBeTruthy();
    expect(screen.getByText('Be kind')).toBeTruthy();
  });
});
